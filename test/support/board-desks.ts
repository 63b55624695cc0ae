// Desks that write real journal records (through the station's Journal, on a clock the test
// moves) and ship them with the real outbox, for the board's tests and bench.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../electron/station/journal/journal.js';
import { JournalOutbox } from '../../electron/station/warehouse/journal-outbox.js';
import type { WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import type { ManualClock } from './postgres-warehouse.js';

export interface RecordingDesk {
  name: string;
  journal: Journal;
  outbox: JournalOutbox;
  /** A journaled pack of these shipments by this operator, settled 'ok' (or 'failed' with the done ones). */
  pack(operator: string, shipmentIds: string[], outcome?: { status: 'ok' } | { status: 'failed'; done?: string[] }): Promise<void>;
  /** A pack session opened on a shipment (the Pack screen), and closed later with close(). */
  open(operator: string, shipmentId: string): Promise<{ close(reason?: string): Promise<void> }>;
  ship(): Promise<void>;
  close(): Promise<void>;
}

let sessions = 0;

export async function recordingDesk(pool: WarehousePool, name: string, clock: ManualClock | { now(): Date }): Promise<RecordingDesk> {
  const journal = await Journal.open({ dir: mkdtempSync(join(tmpdir(), 'board-journal-')), clock });
  const outbox = new JournalOutbox(pool, { desk: name, journal });
  return {
    name,
    journal,
    outbox,
    async pack(operator, shipmentIds, outcome = { status: 'ok' }) {
      const intent = await journal.appendIntent({ op: 'pack', targets: { shipmentIds }, request: { shipmentIds }, operator, desk: name });
      await journal.appendOutcome({ intentId: intent.id, status: outcome.status, ...(outcome.status === 'failed' && outcome.done ? { result: { done: outcome.done } } : {}) });
    },
    async open(operator, shipmentId) {
      sessions += 1;
      const sessionId = `${name}-session-${sessions}`;
      await journal.appendSession({ sessionId, event: 'opened', shipmentId, operator, desk: name });
      return { close: async (reason = 'done') => void (await journal.appendSession({ sessionId, event: 'closed', reason })) };
    },
    async ship() {
      const status = await outbox.flush();
      if (status.lastError || status.waiting > 0) throw new Error(`outbox not caught up: ${JSON.stringify(status)}`);
    },
    async close() {
      await outbox.stop();
      await journal.close();
    },
  };
}
