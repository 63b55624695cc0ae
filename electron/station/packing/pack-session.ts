// One shipment at the pack desk, as a state machine driven by scans and measurements. Pure: it
// takes the shipment, the product facts and the scans, and answers with the next state and the
// words and sound for the packer. The service around it does the I/O (lookup, journal, pack call).
//
// Flow (issue "pack workflow"): verify each unit by scan -> capture IMEI/serial for serialized
// units -> dimensions and weight for every sub-shipment -> ready to pack.
import type { ClassifiedScan } from '../../../shared/barcodes.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, saying, sentence } from '../../../shared/i18n/station-sentences.js';
import { garbledWords } from './identify.js';
import { serialProblemWords } from './serial-checks.js';
import { packageTitles } from '../../../shared/package-titles.js';
import { describeParcel, isMeasured, progressWords, stillNeeds, unitsLeft } from './session-words.js';

export { isMeasured, unitsLeft };

/** What the desk knows about a product beyond the shipment record (from its listing). */
export interface ProductFacts {
  serialized: boolean;
  /** Serialized with IMEIs (phones): each serial is checked as an IMEI when scanned. */
  imei?: boolean;
  refurbished: boolean;
  taxCode: string;
  /** Extra codes printed on the product that identify it (EAN/UPC), besides SKU and FSN. */
  barcodes: string[];
  /** The listing's package dimensions (cm, kg): the default for a wave; `units` when the package says how many it holds. */
  packages?: { length: number; breadth: number; height: number; weight: number; units?: number }[];
  /** Seller's purchase price, sent only for refurbished products (spec § pack, taxItems[].purchasePrice). */
  purchasePrice?: number;
}

export interface UnitLine {
  orderItemId: string;
  orderId: string;
  sku: string;
  fsn: string;
  title: string;
  quantity: number;
  verified: number;
  serialized: boolean;
  /** Serials of this line are IMEIs. */
  imei?: boolean;
  /** One list per unit: a unit may carry several serials (dual-SIM phones). */
  serials: string[][];
}

export interface Parcel {
  subShipmentId: string;
  title: string;
  dimensions?: { length: number; breadth: number; height: number };
  weightKg?: number;
  /** Where the last measurement of this parcel came from. */
  source?: MeasureSource;
  /** Where the weight and the dimensions came from, each on its own (a scale weight with typed sides). */
  weightSource?: MeasureSource;
  dimensionsSource?: MeasureSource;
}

export type MeasureSource = 'device' | 'typed' | 'listing';

export type Phase = 'verifying' | 'serial' | 'measuring' | 'ready';

export interface Feedback {
  tone: 'ok' | 'error' | 'info';
  /** The words in English (logs, the command line). */
  text: string;
  sound: 'success' | 'failure' | 'none';
  /** The same words as catalogue keys, for a desk in another language. */
  sentences?: KeyedSentence[];
}

/** Words of the desk: keyed sentences said one after another. */
export type Words = KeyedSentence[];

/** One thing the packer did that undo can take back: units ticked (by scan or typed count), or a serial. */
export type Step = { kind: 'units'; sku: string; units: { orderItemId: string; count: number }[] } | { kind: 'serial'; orderItemId: string; serial: string };

export interface PackSessionState {
  sessionId: string;
  shipmentId: string;
  locationId: string;
  phase: Phase;
  lines: UnitLine[];
  parcels: Parcel[];
  /** The order item whose serial is awaited, in phase 'serial'. */
  serialFor?: string;
  /** What was done, oldest first: undo takes back the last. */
  steps: Step[];
  feedback: Feedback;
  /** The readings the packer confirmed after a WEIGHT_ANOMALY_WARNING (weight-warning.ts). */
  weightConfirmed?: string;
}

export interface SessionContext {
  /** True when the serial was already used in this shift (another shipment). */
  serialUsedInShift(serial: string): boolean;
}

type FactsOf = (sku: string) => ProductFacts | undefined;

const ok = (...words: Words): Feedback => ({ tone: 'ok', ...saying(...words), sound: 'success' });
const refuse = (...words: Words): Feedback => ({ tone: 'error', ...saying(...words), sound: 'failure' });
const info = (...words: Words): Feedback => ({ tone: 'info', ...saying(...words), sound: 'none' });

export function openSession(sessionId: string, shipment: ShipmentWire, facts: FactsOf): PackSessionState {
  // The oldest order line first: a unit scan ticks the oldest line of its product that still needs units.
  const items = shipment.orderItems.map((item, index) => ({ item, index }));
  items.sort((a, b) => Date.parse(a.item.orderDate) - Date.parse(b.item.orderDate) || a.index - b.index);
  const lines: UnitLine[] = items.map(({ item: i }) => ({
    orderItemId: i.orderItemId,
    orderId: i.orderId,
    sku: i.sku,
    fsn: i.fsn,
    title: i.title ?? i.sku,
    quantity: i.quantity,
    verified: 0,
    serialized: facts(i.sku)?.serialized ?? false,
    imei: facts(i.sku)?.imei ?? false,
    serials: [],
  }));
  const parcels: Parcel[] = shipment.subShipments.map((s, n) => ({
    subShipmentId: s.subShipmentId,
    title: packageTitles(s.packages.map((p) => p.packageTitle ?? p.packageId)) || `Package ${n + 1}`,
  }));
  const total = lines.reduce((a, l) => a + l.quantity, 0);
  return {
    sessionId,
    shipmentId: shipment.shipmentId,
    locationId: shipment.locationId,
    phase: 'verifying',
    lines,
    parcels,
    steps: [],
    feedback: ok(sentence('station.pack.opened', { id: shipment.shipmentId, count: total })),
  };
}

/**
 * The product a scan names, as a SKU of this shipment: its SKU (any case), FSN or a barcode of its
 * listing. Undefined when the scan names no product of the shipment.
 */
export function productSkuOf(state: PackSessionState, scan: ClassifiedScan, facts: FactsOf): string | undefined {
  const v = scan.value;
  const line = state.lines.find((l) => l.sku === v || l.fsn === v || l.sku.toUpperCase() === v.toUpperCase() || (facts(l.sku)?.barcodes ?? []).includes(v));
  return line?.sku;
}

/** The phase the lines and parcels put the session in: a serial owed first, then units, then measures. */
function settlePhase(state: PackSessionState): PackSessionState {
  const owed = state.lines.find((l) => l.serialized && l.serials.length < l.verified);
  if (owed) return { ...state, phase: 'serial', serialFor: owed.orderItemId };
  const allVerified = state.lines.every((l) => l.verified === l.quantity);
  if (!allVerified) return { ...state, phase: 'verifying', serialFor: undefined };
  return { ...state, phase: state.parcels.every(isMeasured) ? 'ready' : 'measuring', serialFor: undefined };
}

export function applyScan(state: PackSessionState, scan: ClassifiedScan, ctx: SessionContext, facts: FactsOf): PackSessionState {
  if (scan.kind === 'garbled') return { ...state, feedback: refuse(garbledWords(scan.value)) };

  if (state.phase === 'serial') return applySerial(state, scan, ctx, facts);

  if (scan.kind === 'shipmentId') {
    if (scan.value === state.shipmentId) return { ...state, feedback: info(sentence('station.pack.alreadyOpen')) };
    return { ...state, feedback: refuse(sentence('station.pack.stillOpen', { id: state.shipmentId, scanned: scan.value })) };
  }
  if (scan.kind === 'imei') {
    return { ...state, feedback: refuse(sentence('station.pack.imeiFirst')) };
  }
  if (scan.kind === 'orderItemId') {
    const line = state.lines.find((l) => l.orderItemId === scan.value);
    if (line) return verifyUnits(state, line.sku, 1, line.orderItemId);
  }
  const sku = productSkuOf(state, scan, facts);
  if (!sku) return { ...state, feedback: refuse(sentence('station.pack.wrongItem', { code: scan.value, id: state.shipmentId })) };
  return verifyUnits(state, sku, 1);
}

/**
 * Ticks `count` units of the product `sku`, oldest order line first, as one undoable step. The one
 * place a product becomes verified units: a scan by SKU/FSN/barcode, an order item id, a typed count.
 */
export function verifyUnits(state: PackSessionState, sku: string, count: number, onlyLine?: string): PackSessionState {
  const lines = state.lines.filter((l) => l.sku === sku && (!onlyLine || l.orderItemId === onlyLine));
  const title = lines[0]?.title ?? sku;
  if (lines.length === 0) return { ...state, feedback: refuse(sentence('station.pack.wrongItem', { code: sku, id: state.shipmentId })) };
  const wanted = lines.reduce((a, l) => a + l.quantity, 0);
  const have = lines.reduce((a, l) => a + l.verified, 0);
  if (have >= wanted) {
    return { ...state, feedback: refuse(sentence('station.pack.allScanned', { count: wanted, title })) };
  }
  if (have + count > wanted) {
    return { ...state, feedback: refuse(sentence('station.pack.tooMany', { count: wanted - have, title, n: count })) };
  }
  let left = count;
  const ticked: { orderItemId: string; count: number }[] = [];
  const next = state.lines.map((l) => {
    if (left === 0 || !lines.includes(l) || l.verified >= l.quantity) return l;
    const n = Math.min(left, l.quantity - l.verified);
    left -= n;
    ticked.push({ orderItemId: l.orderItemId, count: n });
    return { ...l, verified: l.verified + n };
  });
  const after = settlePhase({ ...state, lines: next, steps: [...state.steps, { kind: 'units', sku, units: ticked }] });
  const done = have + count;
  const params = { title, done, total: wanted, n: count, lines: lines.length };
  const several = lines.length > 1;
  let lead: KeyedSentence;
  if (count === 1) lead = several ? sentence('station.pack.unitVerifiedLines', params) : sentence('station.pack.unitVerified', params);
  else lead = several ? sentence('station.pack.unitsCountedLines', params) : sentence('station.pack.unitsCounted', params);
  if (after.phase === 'serial') {
    const owed = after.lines.find((l) => l.orderItemId === after.serialFor)!;
    return { ...after, feedback: ok(lead, owed.imei ? sentence('station.pack.nowImei') : sentence('station.pack.nowSerial')) };
  }
  return { ...after, feedback: ok(...progressWords(after, lead)) };
}

/**
 * A count typed at the desk: how many units of the product just scanned are in hand, so a line
 * of many identical units needs one scan and a number, not one scan per unit. Serialized products
 * are refused: each unit needs its own serial.
 */
export function applyCount(state: PackSessionState, total: number): PackSessionState {
  if (!Number.isInteger(total) || total < 1) return { ...state, feedback: refuse(sentence('station.pack.countWhole')) };
  if (state.phase === 'serial') {
    const owed = state.lines.find((l) => l.orderItemId === state.serialFor);
    const title = owed?.title ?? '';
    return { ...state, feedback: refuse(owed?.imei ? sentence('station.pack.countNotImei', { title }) : sentence('station.pack.countNotSerial', { title })) };
  }
  const last = [...state.steps].reverse().find((s): s is Extract<Step, { kind: 'units' }> => s.kind === 'units');
  const open = [...new Set(state.lines.filter((l) => l.verified < l.quantity).map((l) => l.sku))];
  const sku = last?.sku ?? (open.length === 1 ? open[0] : undefined);
  if (!sku) return { ...state, feedback: refuse(sentence('station.pack.countScanFirst')) };
  const lines = state.lines.filter((l) => l.sku === sku);
  const title = lines[0].title;
  if (lines.some((l) => l.serialized)) {
    return { ...state, feedback: refuse(sentence('station.pack.countSerialized', { title })) };
  }
  const wanted = lines.reduce((a, l) => a + l.quantity, 0);
  const have = lines.reduce((a, l) => a + l.verified, 0);
  if (total > wanted) return { ...state, feedback: refuse(sentence('station.pack.countTooMany', { count: wanted, title, n: total })) };
  if (total < have) return { ...state, feedback: refuse(sentence('station.pack.countBelow', { count: have, title, n: total })) };
  if (total === have) return { ...state, feedback: info(sentence('station.pack.countSame', { title, n: total, total: wanted })) };
  return verifyUnits(state, sku, total - have);
}

function applySerial(state: PackSessionState, scan: ClassifiedScan, ctx: SessionContext, facts: FactsOf): PackSessionState {
  const line = state.lines.find((l) => l.orderItemId === state.serialFor)!;
  if (productSkuOf(state, scan, facts) !== undefined || scan.kind === 'ean13' || scan.kind === 'upca') {
    const title = line.title;
    return { ...state, feedback: refuse(line.imei ? sentence('station.pack.imeiNotProduct', { title }) : sentence('station.pack.serialNotProduct', { title })) };
  }
  const problem = serialProblemWords(scan, { title: line.title, imei: line.imei ?? false });
  if (problem) return { ...state, feedback: refuse(...problem) };
  const serial = scan.value;
  const inSession = state.lines.some((l) => l.serials.some((unit) => unit.includes(serial)));
  if (inSession) return { ...state, feedback: refuse(sentence('station.pack.serialTwice', { serial })) };
  if (ctx.serialUsedInShift(serial)) {
    return { ...state, feedback: refuse(sentence('station.pack.serialInShift', { serial })) };
  }
  const lines = state.lines.map((l) => (l === line ? { ...l, serials: [...l.serials, [serial]] } : l));
  const after = settlePhase({ ...state, lines, steps: [...state.steps, { kind: 'serial', orderItemId: line.orderItemId, serial }] });
  return { ...after, feedback: ok(...progressWords(after, sentence('station.pack.serialRecorded', { serial, title: line.title }))) };
}

/** Takes back the last unit, typed count or serial; everything else of the shipment stays. */
export function undoLast(state: PackSessionState): PackSessionState {
  const step = state.steps[state.steps.length - 1];
  if (!step) return { ...state, feedback: info(sentence('station.pack.nothingToUndo')) };
  const steps = state.steps.slice(0, -1);
  if (step.kind === 'serial') {
    const lines = state.lines.map((l) => (l.orderItemId === step.orderItemId ? { ...l, serials: withoutSerial(l.serials, step.serial) } : l));
    const after = settlePhase({ ...state, lines, steps });
    const title = lines.find((l) => l.orderItemId === step.orderItemId)?.title ?? '';
    return { ...after, feedback: info(sentence('station.pack.undoneSerial', { serial: step.serial, title })) };
  }
  const lines = state.lines.map((l) => {
    const u = step.units.find((x) => x.orderItemId === l.orderItemId);
    return u ? { ...l, verified: l.verified - u.count } : l;
  });
  const count = step.units.reduce((a, u) => a + u.count, 0);
  const after = settlePhase({ ...state, lines, steps });
  const title = lines.find((l) => l.sku === step.sku)?.title ?? step.sku;
  return { ...after, feedback: info(...progressWords(after, sentence('station.pack.undoneUnits', { count, title }))) };
}

/** Removes one serial (to replace it): its unit stays verified and waits for a new serial. */
export function removeSerial(state: PackSessionState, serial: string, why?: Words): PackSessionState {
  const line = state.lines.find((l) => l.serials.some((u) => u.includes(serial)));
  if (!line) return { ...state, feedback: refuse(sentence('station.pack.serialNotHere', { serial })) };
  const lines = state.lines.map((l) => (l === line ? { ...l, serials: withoutSerial(l.serials, serial) } : l));
  const steps = state.steps.filter((s) => !(s.kind === 'serial' && s.serial === serial));
  const after = settlePhase({ ...state, lines, steps });
  const params = { serial, title: line.title };
  const lead = why ?? [line.imei ? sentence('station.pack.imeiRemoved', params) : sentence('station.pack.serialRemoved', params)];
  const again = line.imei ? sentence('station.pack.imeiAgain') : sentence('station.pack.serialAgain');
  return { ...after, feedback: { tone: why ? 'error' : 'info', ...saying(...lead, again), sound: why ? 'failure' : 'none' } };
}

function withoutSerial(serials: string[][], serial: string): string[][] {
  const i = serials.findIndex((u) => u.includes(serial));
  return i < 0 ? serials : [...serials.slice(0, i), ...serials.slice(i + 1)];
}

/** Words for what undo would take back now, for the Undo button; undefined when nothing. */
export function undoPreview(state: PackSessionState): string | undefined {
  const said = undoPreviewSentence(state);
  return said && englishSentence(said);
}

/** The same as a keyed sentence. */
export function undoPreviewSentence(state: PackSessionState): KeyedSentence | undefined {
  const step = state.steps[state.steps.length - 1];
  if (!step) return undefined;
  if (step.kind === 'serial') return sentence('station.pack.undoSerial', { serial: step.serial });
  const count = step.units.reduce((a, u) => a + u.count, 0);
  const title = state.lines.find((l) => l.sku === step.sku)?.title ?? step.sku;
  return sentence('station.pack.undoUnits', { count, title });
}

/** What the packer does next, in words: the serial owed, the units left, the measurements, or Enter. */
export function nextStepWords(state: PackSessionState): string {
  return saying(...progressWords(state)).text;
}

/** The same as keyed sentences. */
export function nextStepSentences(state: PackSessionState): Words {
  return progressWords(state);
}

export interface Measurement {
  subShipmentId?: string;
  dimensions?: { length: number; breadth: number; height: number };
  weightKg?: number;
  source: MeasureSource;
}

/** Records dimensions and/or weight for a sub-shipment (the first unmeasured one by default). */
export function applyMeasurement(state: PackSessionState, m: Measurement): PackSessionState {
  const values = [m.weightKg, m.dimensions?.length, m.dimensions?.breadth, m.dimensions?.height].filter((v) => v !== undefined) as number[];
  if (values.some((v) => !Number.isFinite(v) || v <= 0)) {
    return { ...state, feedback: refuse(sentence('station.pack.notPositive')) };
  }
  const target = m.subShipmentId ? state.parcels.find((p) => p.subShipmentId === m.subShipmentId) : (state.parcels.find((p) => !isMeasured(p)) ?? state.parcels[0]);
  if (!target) return { ...state, feedback: refuse(sentence('station.pack.noSuchPackage', { id: m.subShipmentId ?? '' })) };
  const parcels = state.parcels.map((p) =>
    p === target
      ? {
          ...p,
          dimensions: m.dimensions ?? p.dimensions,
          weightKg: m.weightKg ?? p.weightKg,
          source: m.source,
          weightSource: m.weightKg !== undefined ? m.source : p.weightSource,
          dimensionsSource: m.dimensions !== undefined ? m.source : p.dimensionsSource,
        }
      : p,
  );
  const after = settlePhase({ ...state, parcels });
  const measured = parcels.find((p) => p.subShipmentId === target.subShipmentId)!;
  const lead =
    parcels.length > 1
      ? sentence('station.pack.parcelOf', { n: parcels.indexOf(measured) + 1, total: parcels.length, title: target.title })
      : sentence('station.pack.parcelTitle', { title: target.title });
  const needs = stillNeeds(measured);
  const said: Words = [lead, describeParcel(measured)];
  if (after.phase === 'ready') said.push(parcels.length > 1 ? sentence('station.pack.everyParcelMeasured') : sentence('station.pack.parcelMeasured'), sentence('station.pack.readyEnter'));
  else if (needs) said.push(needs);
  else {
    const next = parcels.find((p) => !isMeasured(p));
    const done = parcels.filter(isMeasured).length;
    said.push(
      next
        ? sentence('station.pack.parcelsDoneNext', { done, total: parcels.length, n: parcels.indexOf(next) + 1, title: next.title })
        : sentence('station.pack.parcelsDone', { done, total: parcels.length }),
    );
  }
  return { ...after, feedback: { tone: 'ok', ...saying(...said), sound: 'none' } };
}
