// A shift at the desk must cost the same at its last pack as at its first. Opening a shipment
// used to read and decode every kept journal segment (to find scans of a put-aside session to
// carry on from), so each open read more than the one before. Counted here, never timed: the
// records the journal reads per opened shipment, and the shipments it holds as put aside.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskHandlers } from '../../../electron/station/app/handlers/desk-handlers.js';
import { deskDepsFrom } from '../../../electron/station/app/handlers/desk-deps.js';
import { Journal } from '../../../electron/station/journal/journal.js';
import { JournalState } from '../../../electron/station/journal/journal-state.js';
import type { JournalRecord } from '../../../electron/station/journal/records.js';
import { PackDesk } from '../../../electron/station/packing/pack-desk.js';
import { putAsideSession, putAsideSteps } from '../../../electron/station/journal/session-lineage.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';

let sb: TestSandbox;
let h: HandlerHarness;
/** Records Journal.records() returned since the count was last reset: what the desk read back. */
let recordsRead = 0;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, deskHandlers);
  const journal = h.ctx.journal;
  const read = journal.records.bind(journal);
  journal.records = async () => {
    const records = await read();
    recordsRead += records.length;
    return records;
  };
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

async function plainShipments(count: number): Promise<string[]> {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count, locationId: sb.info.locations[0], kind: 'plain', quantity: 1 } });
  expect(r.status).toBe(200);
  return r.json.shipmentIds as string[];
}

/** Scan the label, the unit, weigh and measure, Enter: one pack as the packer makes it. */
async function packAtDesk(desk: PackDesk, id: string): Promise<void> {
  const shipment = sb.world.shipments.get(id)!;
  expect((await desk.scan(id, 'wedge')).tone).toBe('ok');
  for (const item of shipment.orderItems) for (let u = 0; u < item.quantity; u++) await desk.scan(item.sku, 'wedge');
  await weighAndMeasure(desk, id);
  expect((await desk.pack()).text).toMatch(/packed/);
}

/** The scale weighs the whole parcel; the dimensioner reads the first package's box. */
async function weighAndMeasure(desk: PackDesk, id: string): Promise<void> {
  const packages = sb.world.shipments.get(id)!.subShipments[0].packages;
  const weightKg = packages.reduce((sum, p) => sum + p.dimensions.weight * p.quantity, 0);
  const { length, breadth, height } = packages[0].dimensions;
  await desk.measure({ weightKg, dimensions: { length, breadth, height }, source: 'device' });
}

describe('a shift at the desk', () => {
  it('opens shipment after shipment without reading the journal back, and still carries on a put-aside one', async () => {
    const desk = new PackDesk(deskDepsFrom(h.ctx));
    const [aside, ...rest] = await plainShipments(31);
    const items = sb.world.shipments.get(aside)!.orderItems;
    await desk.scan(aside, 'wedge');
    for (const item of items) for (let u = 0; u < item.quantity; u++) await desk.scan(item.sku, 'wedge');
    await desk.putAside();
    expect(h.ctx.journal.mayHavePutAside(aside)).toBe(true);

    // Thirty packs: the journal grows by every one of them; what an open reads back stays nothing.
    recordsRead = 0;
    for (const id of rest) await packAtDesk(desk, id);
    await desk.idle();
    expect(recordsRead).toBe(0);
    const kept = (await h.ctx.journal.records()).length;
    expect(kept).toBeGreaterThan(30 * 8);

    // The shipment put aside before them is still reopened where the packer left it.
    recordsRead = 0;
    const units = items.reduce((n, i) => n + i.quantity, 0);
    expect((await desk.scan(aside, 'wedge')).text).toMatch(new RegExp(`Shipment ${aside} reopened as it was put aside: ${units} of ${units} units? verified`));
    expect(recordsRead).toBeGreaterThanOrEqual(kept);
    await weighAndMeasure(desk, aside);
    expect((await desk.pack()).text).toMatch(/packed/);
    await desk.idle();
    // Packed: it leaves the journal's put-aside shipments.
    expect(sb.world.shipments.get(aside)!.pack).toBeDefined();
    expect(h.ctx.journal.mayHavePutAside(aside)).toBe(false);
  });
});

describe("the journal's put-aside shipments", () => {
  it('are known again after a restart, from the segments, until the shipment is sent for packing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-aside-'));
    const clock = { now: () => new Date('2026-11-24T06:00:00Z') };
    try {
      let journal = await Journal.open({ dir, clock });
      await journal.appendSession({ sessionId: 'a', event: 'opened', shipmentId: 'S1', operator: 'asha', desk: 'desk-1' });
      await journal.appendScan({ sessionId: 'a', raw: 'SKU', kind: 'sku', value: 'SKU' });
      await journal.appendSession({ sessionId: 'a', event: 'closed', reason: 'put-aside' });
      await journal.close();
      journal = await Journal.open({ dir, clock });
      expect([journal.mayHavePutAside('S1'), journal.mayHavePutAside('S2')]).toEqual([true, false]);
      await journal.appendIntent({ op: 'pack', targets: { shipmentIds: ['S1'] }, request: {}, operator: 'asha', desk: 'desk-1' });
      expect(journal.mayHavePutAside('S1')).toBe(false);
      await journal.close();
      journal = await Journal.open({ dir, clock });
      expect(journal.mayHavePutAside('S1')).toBe(false);
      await journal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A deterministic shift of sessions on a few shipments: opened, scanned, put aside, packed, closed. */
  function shift(steps: number, shipments: number): JournalRecord[] {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const records: JournalRecord[] = [];
    const open = new Map<string, string>();
    let seq = 0;
    const at = '2026-11-24T06:00:00.000Z';
    for (let i = 0; i < steps; i++) {
      const shipmentId = `S${random(shipments)}`;
      const sessionId = open.get(shipmentId);
      const roll = random(10);
      if (!sessionId) {
        const id = `s${i}`;
        open.set(shipmentId, id);
        records.push({ type: 'session', seq: ++seq, at, sessionId: id, event: 'opened', shipmentId });
        records.push({ type: 'scan', seq: ++seq, at, sessionId: id, raw: shipmentId, kind: 'shipmentId', value: shipmentId });
      } else if (roll < 4) {
        records.push({ type: 'scan', seq: ++seq, at, sessionId, raw: 'SKU', kind: 'sku', value: 'SKU', ...(roll === 0 ? { refused: 'wrong item' } : {}) });
      } else if (roll < 7) {
        records.push({ type: 'session', seq: ++seq, at, sessionId, event: 'closed', reason: 'put-aside' });
        open.delete(shipmentId);
      } else if (roll < 9) {
        records.push({ type: 'intent', seq: ++seq, at, id: `i${i}`, op: 'pack', targets: { shipmentIds: [shipmentId] }, request: {}, operator: 'asha', desk: 'desk-1' });
        records.push({ type: 'session', seq: ++seq, at, sessionId, event: 'closed', reason: 'done' });
        open.delete(shipmentId);
      } else {
        // A wave packs it while the desk still has it open, or a restart supersedes the session.
        records.push({ type: 'intent', seq: ++seq, at, id: `i${i}`, op: 'pack', targets: { shipmentIds: [shipmentId] }, request: {}, operator: 'asha', desk: 'desk-1' });
      }
    }
    return records;
  }

  it('names every shipment that has put-aside scans to carry on from, and only shipments still put aside', () => {
    const records = shift(4_000, 40);
    const state = new JournalState();
    let checked = 0;
    for (const [n, record] of records.entries()) {
      state.apply(record);
      if (n % 20 !== 0) continue;
      for (let s = 0; s < 40; s++) {
        const kept = records.slice(0, n + 1);
        const aside = putAsideSession(kept, `S${s}`);
        const carried = aside !== undefined && putAsideSteps(kept, aside).length > 0;
        if (carried) checked++;
        // Never a miss: whenever the journal's records hold scans to carry on, the shipment is named.
        if (carried) expect(state.mayHavePutAside(`S${s}`)).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('stays bounded by what is put aside, however many packs the shift makes', () => {
    const state = new JournalState();
    let seq = 0;
    const at = '2026-11-24T06:00:00.000Z';
    for (let i = 0; i < 5_000; i++) {
      const sessionId = `s${i}`;
      const shipmentId = `S${i}`;
      state.apply({ type: 'session', seq: ++seq, at, sessionId, event: 'opened', shipmentId });
      // Every tenth shipment is put aside first, reopened and then packed.
      if (i % 10 === 0) {
        state.apply({ type: 'session', seq: ++seq, at, sessionId, event: 'closed', reason: 'put-aside' });
        state.apply({ type: 'session', seq: ++seq, at, sessionId: `${sessionId}b`, event: 'opened', shipmentId });
      }
      state.apply({ type: 'intent', seq: ++seq, at, id: `i${i}`, op: 'pack', targets: { shipmentIds: [shipmentId] }, request: {}, operator: 'asha', desk: 'desk-1' });
      state.apply({ type: 'session', seq: ++seq, at, sessionId: i % 10 === 0 ? `${sessionId}b` : sessionId, event: 'closed', reason: 'done' });
    }
    expect(state.putAsideCount).toBe(0);
    expect(state.openSessions()).toEqual([]);
  });
});

describe("the journal's memory over a shift", () => {
  it('holds the keys of what is still open, not of every record its kept segments hold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-keys-'));
    const clock = { now: () => new Date('2026-11-24T06:00:00Z') };
    try {
      let journal = await Journal.open({ dir, clock, maxSegmentBytes: 4096, maxSegments: 20 });
      // A session left open all shift: its segment must not be dropped before it is carried on.
      await journal.appendSession({ sessionId: 'open-all-shift', event: 'opened', shipmentId: 'S0', operator: 'asha', desk: 'desk-1' });
      const packs = 600;
      for (let i = 1; i <= packs; i++) {
        await journal.appendSession({ sessionId: `s${i}`, event: 'opened', shipmentId: `S${i}`, operator: 'asha', desk: 'desk-1' });
        const intent = await journal.appendIntent({ op: 'pack', targets: { shipmentIds: [`S${i}`] }, request: {}, operator: 'asha', desk: 'desk-1' });
        await journal.appendOutcome({ intentId: intent.id, status: 'ok' });
        await journal.appendSession({ sessionId: `s${i}`, event: 'closed', reason: 'done' });
      }
      const segments = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).length;
      expect(segments).toBe(21);
      // A 4 KB segment holds about 20 records (10 packs' keys); 20 closed segments hold only the open session's key.
      const bound = 4096 / 100 + 20;
      expect(journal.indexedKeys).toBeLessThan(bound);
      await journal.close();
      journal = await Journal.open({ dir, clock, maxSegmentBytes: 4096, maxSegments: 20 });
      expect(journal.indexedKeys).toBeLessThan(bound);
      expect(journal.openSessions().map((s) => s.sessionId)).toEqual(['open-all-shift']);
      await journal.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
