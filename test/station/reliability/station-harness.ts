// Test helpers of the station reliability proofs: a Station (same composition as the CLI) wired
// to a test sandbox, and the sandbox's event log read through its control API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestSandbox } from '../../support/sandbox.js';
import { quickRetry } from '../../support/station-client.js';
import type { Connection } from '../../../electron/station/composition/connection.js';
import { openStation, openStores, type Station } from '../../../electron/station/station.js';

export function testConnection(sb: TestSandbox): Connection {
  return {
    kind: 'sandboxInfo',
    baseUrl: sb.baseUrl,
    identity: sb.baseUrl,
    caPem: sb.tls.caCert,
    mode: 'selfAccess',
    appId: sb.info.selfAccess.appId,
    credentials: async () => sb.info.selfAccess,
    locations: sb.info.locations,
    now: () => sb.world.now(),
    close: async () => undefined,
  };
}

export async function stationFor(sb: TestSandbox, dataDir = mkdtempSync(join(tmpdir(), 'station-'))): Promise<Station & { cleanup(): Promise<void> }> {
  const station = await openStation({ stores: openStores(dataDir), connection: testConnection(sb), retry: quickRetry });
  return {
    ...station,
    cleanup: async () => {
      await station.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SandboxEvent {
  seq: number;
  kind: string;
  shipmentId?: string;
}

/** Every event of the sandbox, paging GET /sandbox/events?since= to the end. */
export async function allEvents(call: (path: string) => Promise<{ json: any }>): Promise<SandboxEvent[]> {
  const events: SandboxEvent[] = [];
  let since = 0;
  for (;;) {
    const page = (await call(`/sandbox/events?since=${since}`)).json as { events: SandboxEvent[]; next: number };
    events.push(...page.events);
    if (page.events.length === 0 || page.next === since) return events;
    since = page.next;
  }
}

/** How many Packed events each of the ids has. */
export function packedCounts(events: SandboxEvent[], ids: readonly string[]): Map<string, number> {
  const counts = new Map(ids.map((id) => [id, 0]));
  for (const e of events) if (e.kind === 'Packed' && e.shipmentId && counts.has(e.shipmentId)) counts.set(e.shipmentId, counts.get(e.shipmentId)! + 1);
  return counts;
}
