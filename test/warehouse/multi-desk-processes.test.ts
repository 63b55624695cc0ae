// Desks as separate processes against one sandbox and one PostgreSQL: two desks claim a wave
// batch each and are killed with SIGKILL; single-shipment desks and wave desks race over the
// rest, then take the dead desks' shipments over once their leases run out. Outcome: each
// shipment packed exactly once (the sandbox's event log), invoice numbers unique and consecutive,
// every live desk's journal in the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { clientFor } from '../support/station-client.js';
import type { DeskProcessConfig } from './desk-process.js';

const SHIPMENTS = 40;
const LEASE_MS = 3_000;

interface Running {
  child: ChildProcess;
  lines: AsyncIterator<string>;
  stderr: string[];
}

function startDesk(config: DeskProcessConfig): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/warehouse/desk-process.ts', JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  return { child, lines: createInterface({ input: child.stdout! })[Symbol.asyncIterator](), stderr };
}

async function nextEvent(desk: Running): Promise<Record<string, any>> {
  const line = await desk.lines.next();
  if (line.done) throw new Error(`desk process ended without an answer: ${desk.stderr.join('')}`);
  return JSON.parse(line.value) as Record<string, any>;
}

describe.runIf(requirePostgres())('desk processes racing, two killed mid-wave', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  const running: Running[] = [];

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0 });
  });
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    await sb?.close();
  });

  it('packs every shipment exactly once after two desks die holding claims', { timeout: 120_000 }, async () => {
    const ids = (await sb.call('POST', '/sandbox/shipments', { token: null, body: { count: SHIPMENTS, locationId: sb.info.locations[0], kind: 'plain' } })).json.shipmentIds as string[];
    const dbUrl = await wh.freshUrl();
    const base = { baseUrl: sb.baseUrl, caPem: sb.tls.caCert, app: sb.info.selfAccess, dbUrl, ids, leaseMs: LEASE_MS };
    const eventsBefore = sb.world.events.length;

    const dying = ['Desk 7', 'Desk 8'].map((desk, i) => startDesk({ ...base, desk, mode: 'die', seed: i }));
    running.push(...dying);
    const orphaned: string[] = [];
    for (const d of dying) {
      const claimed = await nextEvent(d);
      expect(claimed).toMatchObject({ event: 'claimed' });
      expect(claimed.ids).toHaveLength(8);
      orphaned.push(...(claimed.ids as string[]));
      d.child.kill('SIGKILL');
    }
    expect(new Set(orphaned).size).toBe(16);

    const live = [
      startDesk({ ...base, desk: 'Desk 1', mode: 'single', seed: 11 }),
      startDesk({ ...base, desk: 'Desk 2', mode: 'single', seed: 12 }),
      startDesk({ ...base, desk: 'Desk 3', mode: 'wave', seed: 13 }),
      startDesk({ ...base, desk: 'Desk 4', mode: 'wave', seed: 14 }),
    ];
    running.push(...live);
    const done = await Promise.all(live.map((d) => nextEvent(d)));
    for (const [i, d] of done.entries()) expect(d, live[i].stderr.join('')).toMatchObject({ event: 'done', refused: [] });

    // The marketplace: every shipment packed, one Packed event each, by exactly one live desk.
    const packedBy = done.flatMap((d) => d.packed as string[]);
    expect([...packedBy].sort()).toEqual([...ids].sort());
    const client = clientFor(sb);
    try {
      const states = await client.orders.getShipments({ shipmentIds: ids });
      expect(states.filter((s) => s.orderItems.some((i) => i.status !== 'PACKED')).map((s) => s.shipmentId)).toEqual([]);
      const packedEvents = sb.world.events.slice(eventsBefore).filter((e) => e.kind === 'Packed');
      expect(packedEvents.map((e) => e.shipmentId).sort()).toEqual([...ids].sort());
      const numbers = (await client.orders.invoicesJson(ids)).map((inv) => Number(inv.invoiceNumber!.split('/')[2]));
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: SHIPMENTS }, (_, i) => i + 1));
    } finally {
      await client.close();
    }

    // The dead desks' shipments were taken over, and every live desk's journal is in the database.
    const db = wh.pool({ url: dbUrl });
    const takeovers = (await db.query("SELECT shipment_id FROM claim_events WHERE event = 'taken_over' AND previous_desk IN ('Desk 7', 'Desk 8')")).rows.map((r) => r.shipment_id);
    expect(takeovers.sort()).toEqual([...orphaned].sort());
    for (const [i, d] of done.entries()) {
      const stored = (await db.query('SELECT count(*)::int AS n FROM journal_records WHERE desk = $1', [`Desk ${i + 1}`])).rows[0].n;
      expect(stored).toBe(d.records);
    }
  });
});
