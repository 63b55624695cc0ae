// The journal outbox against a real PostgreSQL and a real journal on disk: every record reaches
// the database once, the desk's appends never wait for it, and an outage only delays it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Journal } from '../../electron/station/journal/journal.js';
import { JournalOutbox } from '../../electron/station/warehouse/journal-outbox.js';
import { requirePostgres } from '../support/postgres.js';
import { manualClock, useWarehouseDatabase } from '../support/postgres-warehouse.js';

async function openJournal(): Promise<Journal> {
  return Journal.open({ dir: mkdtempSync(join(tmpdir(), 'outbox-journal-')), clock: manualClock(new Date('2026-11-24T05:00:00Z')) });
}

async function scans(journal: Journal, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i += 1) await journal.appendScan({ sessionId: 'p1', raw: `SKU-${i}\r`, kind: 'sku', value: `SKU-${i}` });
}

describe.runIf(requirePostgres())('journal outbox', () => {
  const wh = useWarehouseDatabase();

  it('ships every record once by (desk, seq), in batches, and again from where it stopped after a restart', async () => {
    const pool = await wh.freshPool();
    const journal = await openJournal();
    try {
      await journal.appendIntent({ op: 'pack', targets: { shipmentIds: ['S1'] }, request: { shipmentIds: ['S1'], accessToken: 'abc-secret-token' }, operator: 'Asha', desk: 'Desk 1' });
      await scans(journal, 0, 24);
      const outbox = new JournalOutbox(pool, { desk: 'Desk 1', journal, batchSize: 10 });
      expect(await outbox.flush()).toMatchObject({ shippedThrough: 25, waiting: 0 });
      await scans(journal, 24, 5);
      // A new outbox (the desk restarted) starts from what the database has, and sending the same
      // records again (a retry) stores nothing twice.
      const restarted = new JournalOutbox(pool, { desk: 'Desk 1', journal });
      expect(await restarted.flush()).toMatchObject({ shippedThrough: 30, waiting: 0 });
      // A database restored from an older backup lost the tail: the next start ships it again.
      await pool.query("DELETE FROM journal_records WHERE desk = 'Desk 1' AND seq > 20");
      expect(await new JournalOutbox(pool, { desk: 'Desk 1', journal }).flush()).toMatchObject({ shippedThrough: 30, waiting: 0 });
      const rows = (await pool.query("SELECT seq::int, type, record FROM journal_records WHERE desk = 'Desk 1' ORDER BY seq")).rows;
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(rows[0]).toMatchObject({ type: 'intent', record: { op: 'pack', operator: 'Asha', request: { accessToken: '[redacted]' } } });
      expect(rows[29].record).toMatchObject({ type: 'scan', value: 'SKU-28' });
    } finally {
      await journal.close();
    }
  });

  it('stores each record once when several outboxes of one desk send the same records at once', async () => {
    const pool = await wh.freshPool();
    const journal = await openJournal();
    try {
      await scans(journal, 0, 40);
      const outboxes = Array.from({ length: 4 }, () => new JournalOutbox(pool, { desk: 'Desk 7', journal, batchSize: 7 }));
      await Promise.all(outboxes.map((o) => o.flush()));
      const rows = (await pool.query('SELECT count(*)::int AS n, count(DISTINCT seq)::int AS d FROM journal_records')).rows[0];
      expect(rows).toEqual({ n: 40, d: 40 });
    } finally {
      await journal.close();
    }
  });

  it('keeps two desks apart: the same seq at two desks is two records', async () => {
    const pool = await wh.freshPool();
    const [j1, j2] = [await openJournal(), await openJournal()];
    try {
      await scans(j1, 0, 3);
      await scans(j2, 0, 2);
      await Promise.all([new JournalOutbox(pool, { desk: 'Desk 1', journal: j1 }).flush(), new JournalOutbox(pool, { desk: 'Desk 2', journal: j2 }).flush()]);
      const rows = (await pool.query('SELECT desk, count(*)::int AS n FROM journal_records GROUP BY desk ORDER BY desk')).rows;
      expect(rows).toEqual([
        { desk: 'Desk 1', n: 3 },
        { desk: 'Desk 2', n: 2 },
      ]);
    } finally {
      await Promise.all([j1.close(), j2.close()]);
    }
  });

  it('lets the desk go on journaling while the database is away, says why, and catches up when it is back', async () => {
    const url = await wh.freshUrl();
    const pool = wh.pool({ url });
    const journal = await openJournal();
    const outbox = new JournalOutbox(pool, { desk: 'Desk 1', journal, intervalMs: 100 });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await scans(journal, 0, 3);
      outbox.start();
      await vi.waitFor(() => expect(outbox.status()).toMatchObject({ shippedThrough: 3 }), { timeout: 10_000 });
      wh.cluster.stop();
      try {
        await scans(journal, 3, 4);
        expect(journal.lastSequence).toBe(7);
        const status = await outbox.flush();
        expect(status).toMatchObject({ shippedThrough: 3, waiting: 4 });
        expect(status.lastError).toMatch(/^warehouse database unreachable: /);
      } finally {
        wh.cluster.start();
      }
      await vi.waitFor(() => expect(outbox.status()).toEqual(expect.objectContaining({ shippedThrough: 7, waiting: 0 })), { timeout: 15_000 });
      expect(outbox.status().lastError).toBeUndefined();
      const seqs = (await pool.query('SELECT seq::int FROM journal_records ORDER BY seq')).rows.map((r) => r.seq);
      expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await outbox.stop();
      await journal.close();
    }
  });
});

describe.runIf(requirePostgres())('journal outbox over a shift', () => {
  const wh = useWarehouseDatabase();

  /** One pack as a desk journals it: the session, its scans, the pack's intent and outcome, closed. */
  async function pack(journal: Journal, n: number): Promise<void> {
    const sessionId = `s${n}`;
    await journal.appendSession({ sessionId, event: 'opened', shipmentId: `S${n}`, operator: 'Asha', desk: 'Desk 1' });
    await journal.appendScan({ sessionId, raw: `SKU-${n}\r`, kind: 'sku', value: `SKU-${n}` });
    const intent = await journal.appendIntent({ op: 'pack', targets: { shipmentIds: [`S${n}`] }, request: { invoiceNumber: `PS/${n}` }, operator: 'Asha', desk: 'Desk 1' });
    await journal.appendOutcome({ intentId: intent.id, status: 'ok' });
    await journal.appendSession({ sessionId, event: 'closed', reason: 'done' });
  }

  it('reads each record about once however many packs the shift makes, across rotations and a restart, and stores every one', async () => {
    const pool = await wh.freshPool();
    // Small segments: the shift rotates and prunes many times.
    const journal = await Journal.open({ dir: mkdtempSync(join(tmpdir(), 'outbox-shift-')), clock: manualClock(new Date('2026-11-24T05:00:00Z')), maxSegmentBytes: 8_192, maxSegments: 10 });
    let decoded = 0;
    const since = journal.recordsSince.bind(journal);
    journal.recordsSince = async (after, cursor) => {
      const tail = await since(after, cursor);
      decoded += tail.decoded;
      return tail;
    };
    try {
      const packs = 300;
      let outbox = new JournalOutbox(pool, { desk: 'Desk 1', journal });
      for (let n = 1; n <= packs; n += 1) {
        await pack(journal, n);
        // Halfway the desk restarts: the new outbox reads the kept journal once, then follows it.
        if (n === packs / 2) outbox = new JournalOutbox(pool, { desk: 'Desk 1', journal });
        expect(await outbox.flush()).toMatchObject({ shippedThrough: journal.lastSequence, waiting: 0 });
      }
      const written = journal.lastSequence;
      expect(written).toBe(packs * 5);
      // Read per send before: every kept record, so about packs² × 5 / 2 (225,000 here) in total.
      // Now: the records once, once more at the restart, and the few open ones a rotation carries.
      expect(decoded).toBeLessThan(written * 2 + 100);
      const rows = (await pool.query("SELECT count(*)::int AS n, count(DISTINCT seq)::int AS d, max(seq)::int AS m FROM journal_records WHERE desk = 'Desk 1'")).rows[0];
      expect(rows).toEqual({ n: written, d: written, m: written });
    } finally {
      await journal.close();
    }
  });
});
