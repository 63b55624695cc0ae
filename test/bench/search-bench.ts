// The whole queue at real latency: 5,000 and then 12,000 approved shipments found by the sliced
// search (packing/sliced-search.ts) with 50 ms of latency and 150 ms of server time per search
// page, checked complete against the ids the sandbox itself created (each once). Baseline in the
// same run: sequential paging through nextPageUrl, which reads 5,000 in 250+ round trips one
// after another and never gets past maxDataRetrievalAllowed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { STATES_BY_SEARCH_TYPE } from '../../shared/api/enums.js';
import { MAX_SEARCH_PAGE_SIZE, MAX_SEARCH_RETRIEVAL } from '../../shared/api/limits.js';
import type { SearchRequest, ShipmentWire } from '../../shared/api/shipments.js';
import { searchAllSellerPacked, searchSellerPackedSequential } from '../../electron/station/packing/seller-search.js';
import type { BenchRow } from './bench-table.js';
import { startSandboxProcess, stationOn } from './sandbox-process.js';

const LATENCY_MS = 50;
const PAGE_SERVER_MS = 150;
const SIZES = [5_000, 12_000] as const;
const TARGET_S: Record<(typeof SIZES)[number], number> = { 5_000: 3, 12_000: 6 };

/** The queue's own search: every pre-dispatch state, not on hold, one location (queue-handlers.ts). */
const queueSearch = (locationId: string): SearchRequest => ({
  filter: { type: 'preDispatch', states: [...STATES_BY_SEARCH_TYPE.preDispatch], hold: false, locationId },
  pagination: { pageSize: MAX_SEARCH_PAGE_SIZE },
  sort: { field: 'dispatchByDate', order: 'asc' },
});

function completeness(found: ShipmentWire[], created: ReadonlySet<string>): { missing: number; duplicates: number } {
  const ids = found.map((s) => s.shipmentId);
  const unique = new Set(ids);
  let missing = 0;
  for (const id of created) if (!unique.has(id)) missing++;
  return { missing, duplicates: ids.length - unique.size };
}

export async function runSearchBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  const sandbox = await startSandboxProcess(join(dir, 'sandbox'));
  // The last location: the seeded cases live on the first ones, so this one holds only ours.
  const locationId = sandbox.info.locations.at(-1)!;
  const rows: BenchRow[] = [];
  try {
    const station = await stationOn(sandbox.info, join(dir, 'station'));
    await station.client.tokens.getAccessToken();
    const created = new Set<string>();
    let sequential: { ms: number; found: number } | undefined;
    for (const size of SIZES) {
      await sandbox.call('/sandbox/faults', {});
      for (let left = size - created.size; left > 0; left -= 5_000) {
        const r = (await sandbox.call('/sandbox/shipments', { count: Math.min(left, 5_000), locationId, kind: 'plain', restock: true })) as { shipmentIds: string[] };
        for (const id of r.shipmentIds) created.add(id);
      }
      await sandbox.call('/sandbox/faults', { latencyMs: LATENCY_MS, searchPageMs: PAGE_SERVER_MS });
      if (!sequential) {
        const t = performance.now();
        let found = 0;
        for await (const page of searchSellerPackedSequential(station.client.orders, queueSearch(locationId))) found += page.length;
        sequential = { ms: performance.now() - t, found };
      }
      const requestsBefore = station.client.http.requests;
      const t0 = performance.now();
      const r = await searchAllSellerPacked(station.client.orders, queueSearch(locationId));
      const ms = performance.now() - t0;
      const requests = station.client.http.requests - requestsBefore;
      const check = completeness(r.shipments, created);
      const complete = check.missing === 0 && check.duplicates === 0 && !r.capped;
      const target = TARGET_S[size];
      rows.push({
        area: 'Station',
        name: `queue search of ${size.toLocaleString('en-US')} approved shipments, ${LATENCY_MS} ms latency + ${PAGE_SERVER_MS} ms server time per page, ${requests} requests (${complete ? 'complete: every one once' : `INCOMPLETE: ${check.missing} missing, ${check.duplicates} repeated${r.capped ? ', capped' : ''}`})`,
        value: ms / 1000,
        unit: 's',
        target: `≤ ${target} s, complete`,
        pass: complete && ms <= target * 1000,
        baseline: {
          name:
            size > MAX_SEARCH_RETRIEVAL
              ? `sequential nextPageUrl paging of the ${sequential.found.toLocaleString('en-US')} above (it cannot read past maxDataRetrievalAllowed, ${MAX_SEARCH_RETRIEVAL.toLocaleString('en-US')})`
              : `sequential nextPageUrl paging, ${sequential.found.toLocaleString('en-US')} found`,
          value: sequential.ms / 1000,
          unit: `s (${(sequential.ms / ms).toFixed(1)}x slower)`,
        },
      });
    }
    await station.close();
    return rows;
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
