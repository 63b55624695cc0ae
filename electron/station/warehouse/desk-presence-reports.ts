// What a desk in warehouse mode reports for the lead's board, wired with one call where the
// desk's warehouse pool is made:
//
//   const reports = startDeskReports({ pool, desk: config.desk, hub, read: () => deskState(context) });
//   ...on stop: reports.stop();
//
// - a heartbeat every 15 s, and at once when the shipment open on Pack or the printer problem
//   changes (read on the desk's 'desk.changed' events): the operator signed in, the shipment
//   open on Pack, a printer problem in words;
// - the backlog, from every queue view the desk shows (the 'queue.changed' event): approved
//   shipments with their dispatch-by time are added, shipments seen in any later state leave.
// Nothing here waits for the database or throws into the desk: a failure is kept as problem().
import type { EventMessage } from '../../../shared/contract/wire.js';
import type { PrintJob } from '../printing/print-job.js';
import { DeskPresence, reportBacklog, type DeskPresenceReport } from './desk-presence.js';
import type { WarehousePool } from './warehouse-pool.js';

/** The queue row fields the backlog needs (shared/contract/queue.ts QueueRow). */
interface QueueRowLike {
  shipmentId: string;
  status: string;
  dispatchByDate: string;
}

/** Order-item state of a shipment still to be packed (spec § order item states). */
const BACKLOG_STATE = 'APPROVED';

/** The first printer problem among the print jobs, in the print queue's own words. */
export function printerProblemOf(jobs: readonly Pick<PrintJob, 'state' | 'message' | 'waitReason'>[]): string | undefined {
  return jobs.find((j) => j.state === 'waiting' || j.state === 'failed')?.message;
}

function dateOf(text: string | undefined): Date | undefined {
  const at = text ? new Date(text) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

export interface DeskReportsOptions {
  pool: WarehousePool;
  desk: string;
  /** The desk's identity (desk-identity.ts). */
  deskId?: string;
  /** The station's event hub: queue views are read from it. */
  hub: { subscribe(listener: (message: EventMessage) => void): () => void };
  read: () => Omit<DeskPresenceReport, 'desk' | 'deskId'>;
  intervalMs?: number;
  now?: () => Date;
}

export interface DeskReports {
  /** Report the heartbeat now (after a shipment was opened or closed, a printer changed). */
  beat(): Promise<void>;
  /** Resolves when the backlog reports sent so far are written (tests, shutdown). */
  settled(): Promise<void>;
  problem(): string | undefined;
  stop(): void;
}

export function startDeskReports(options: DeskReportsOptions): DeskReports {
  const now = options.now ?? (() => new Date());
  const presence = new DeskPresence({ pool: options.pool, read: () => ({ desk: options.desk, ...(options.deskId ? { deskId: options.deskId } : {}), ...options.read() }), intervalMs: options.intervalMs, now });
  presence.start();
  let backlogProblem: string | undefined;
  let chain: Promise<void> = Promise.resolve();
  let shown = JSON.stringify(options.read());
  const unsubscribe = options.hub.subscribe((message) => {
    if (message.name === 'desk.changed') {
      const now = JSON.stringify(options.read());
      if (now !== shown) void presence.beat();
      shown = now;
      return;
    }
    if (message.name !== 'queue.changed') return;
    const rows = ((message.payload as { rows?: QueueRowLike[] }).rows ?? []).filter((r) => typeof r.shipmentId === 'string');
    const waiting = rows.filter((r) => r.status === BACKLOG_STATE).map((r) => ({ shipmentId: r.shipmentId, dispatchBy: dateOf(r.dispatchByDate) }));
    const gone = rows.filter((r) => r.status !== BACKLOG_STATE).map((r) => r.shipmentId);
    // One report after another, in the order the desk showed them.
    chain = chain.then(async () => {
      const result = await reportBacklog(options.pool, options.desk, waiting, now(), { replace: false, gone });
      backlogProblem = result.ok ? undefined : result.reason;
    });
  });
  return {
    beat: () => presence.beat(),
    settled: () => chain,
    problem: () => presence.problem() ?? backlogProblem,
    stop: () => {
      unsubscribe();
      presence.stop();
    },
  };
}
