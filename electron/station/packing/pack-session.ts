// One shipment at the pack desk, as a state machine driven by scans and measurements. Pure: it
// takes the shipment, the product facts and the scans, and answers with the next state and the
// words and sound for the packer. The service around it does the I/O (lookup, journal, pack call).
//
// Flow (issue "pack workflow"): verify each unit by scan -> capture IMEI/serial for serialized
// units -> dimensions and weight for every sub-shipment -> ready to pack.
import type { ClassifiedScan } from '../../../shared/barcodes.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { serialProblem } from './serial-checks.js';
import { packageTitles } from '../../../shared/package-titles.js';

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
  text: string;
  sound: 'success' | 'failure' | 'none';
}

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
}

export interface SessionContext {
  /** True when the serial was already used in this shift (another shipment). */
  serialUsedInShift(serial: string): boolean;
}

type FactsOf = (sku: string) => ProductFacts | undefined;

const ok = (text: string): Feedback => ({ tone: 'ok', text, sound: 'success' });
const refuse = (text: string): Feedback => ({ tone: 'error', text, sound: 'failure' });
const info = (text: string): Feedback => ({ tone: 'info', text, sound: 'none' });
const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`;

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
    feedback: ok(total === 1 ? `Shipment ${shipment.shipmentId} opened: scan its unit.` : `Shipment ${shipment.shipmentId} opened: scan each of its ${total} units.`),
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

/**
 * Weighed and measured for real. A listing's package size is only what the box should be: the
 * parcels of a multi-package shipment open with it filled in, yet each box is still weighed and
 * measured at the desk before the pack (what the courier weighs is what was declared).
 */
export function isMeasured(p: Parcel): boolean {
  return p.dimensions !== undefined && p.weightKg !== undefined && p.weightSource !== 'listing' && p.dimensionsSource !== 'listing';
}

/** What a parcel still needs, in words ('' when nothing). */
function stillNeeds(p: Parcel): string {
  const weight = p.weightKg === undefined || p.weightSource === 'listing';
  const size = p.dimensions === undefined || p.dimensionsSource === 'listing';
  if (weight && size) return 'its weight and size';
  if (weight) return 'its weight';
  if (size) return 'its size (length, breadth, height)';
  return '';
}

export function unitsLeft(state: PackSessionState): number {
  return state.lines.reduce((a, l) => a + (l.quantity - l.verified), 0);
}

export function applyScan(state: PackSessionState, scan: ClassifiedScan, ctx: SessionContext, facts: FactsOf): PackSessionState {
  if (scan.kind === 'garbled') return { ...state, feedback: refuse(`That scan could not be read: ${scan.reason} Scan again.`) };

  if (state.phase === 'serial') return applySerial(state, scan, ctx, facts);

  if (scan.kind === 'shipmentId') {
    if (scan.value === state.shipmentId) return { ...state, feedback: info('This shipment is already open. Scan its units.') };
    return { ...state, feedback: refuse(`Shipment ${state.shipmentId} is still open. Finish it, or press Esc to put it aside, before scanning ${scan.value}.`) };
  }
  if (scan.kind === 'imei') {
    return { ...state, feedback: refuse('That is an IMEI. Scan the product barcode (SKU, FSN or EAN) first; the desk then asks for the IMEI.') };
  }
  if (scan.kind === 'orderItemId') {
    const line = state.lines.find((l) => l.orderItemId === scan.value);
    if (line) return verifyUnits(state, line.sku, 1, line.orderItemId);
  }
  const sku = productSkuOf(state, scan, facts);
  if (!sku) return { ...state, feedback: refuse(`Wrong item: ${scan.value} is not in shipment ${state.shipmentId}. Put it back and scan the right product.`) };
  return verifyUnits(state, sku, 1);
}

/**
 * Ticks `count` units of the product `sku`, oldest order line first, as one undoable step. The one
 * place a product becomes verified units: a scan by SKU/FSN/barcode, an order item id, a typed count.
 */
export function verifyUnits(state: PackSessionState, sku: string, count: number, onlyLine?: string): PackSessionState {
  const lines = state.lines.filter((l) => l.sku === sku && (!onlyLine || l.orderItemId === onlyLine));
  const title = lines[0]?.title ?? sku;
  if (lines.length === 0) return { ...state, feedback: refuse(`Wrong item: ${sku} is not in shipment ${state.shipmentId}. Put it back and scan the right product.`) };
  const wanted = lines.reduce((a, l) => a + l.quantity, 0);
  const have = lines.reduce((a, l) => a + l.verified, 0);
  if (have >= wanted) {
    return { ...state, feedback: refuse(`All ${units(wanted)} of ${title} are already scanned. Do not add another unit; put this one back.`) };
  }
  if (have + count > wanted) {
    return { ...state, feedback: refuse(`The shipment has ${units(wanted - have)} of ${title} left to scan, not ${count}. Count again.`) };
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
  const where = lines.length > 1 ? ` (${lines.length} order lines)` : '';
  const lead = `${title}: ${count === 1 ? `unit ${done}` : `${count} units counted, ${done}`} of ${wanted} verified${where}.`;
  if (after.phase === 'serial') {
    const owed = after.lines.find((l) => l.orderItemId === after.serialFor)!;
    return { ...after, feedback: ok(`${lead} Now scan its ${owed.imei ? 'IMEI' : 'IMEI / serial number'}.`) };
  }
  return { ...after, feedback: ok(progressText(after, lead)) };
}

/**
 * A count typed at the desk: how many units of the product just scanned are in hand, so a line
 * of many identical units needs one scan and a number, not one scan per unit. Serialized products
 * are refused: each unit needs its own serial.
 */
export function applyCount(state: PackSessionState, total: number): PackSessionState {
  if (!Number.isInteger(total) || total < 1) return { ...state, feedback: refuse('Type a whole number of units, 1 or more.') };
  if (state.phase === 'serial') {
    const owed = state.lines.find((l) => l.orderItemId === state.serialFor);
    return { ...state, feedback: refuse(`Scan the ${owed?.imei ? 'IMEI' : 'serial number'} of ${owed?.title ?? 'the unit'} first; a count is not a serial.`) };
  }
  const last = [...state.steps].reverse().find((s): s is Extract<Step, { kind: 'units' }> => s.kind === 'units');
  const open = [...new Set(state.lines.filter((l) => l.verified < l.quantity).map((l) => l.sku))];
  const sku = last?.sku ?? (open.length === 1 ? open[0] : undefined);
  if (!sku) return { ...state, feedback: refuse('Scan one unit of the product first, then type how many of it are in hand.') };
  const lines = state.lines.filter((l) => l.sku === sku);
  const title = lines[0].title;
  if (lines.some((l) => l.serialized)) {
    return { ...state, feedback: refuse(`${title} needs one serial per unit: scan each unit and its serial; a count cannot stand for them.`) };
  }
  const wanted = lines.reduce((a, l) => a + l.quantity, 0);
  const have = lines.reduce((a, l) => a + l.verified, 0);
  if (total > wanted) return { ...state, feedback: refuse(`The shipment has ${units(wanted)} of ${title}, not ${total}. Count again; put the extra units back.`) };
  if (total < have) return { ...state, feedback: refuse(`${units(have)} of ${title} are already scanned, more than ${total}. Press Ctrl+Z to take units back.`) };
  if (total === have) return { ...state, feedback: info(`${title}: ${total} of ${wanted} already counted.`) };
  return verifyUnits(state, sku, total - have);
}

function applySerial(state: PackSessionState, scan: ClassifiedScan, ctx: SessionContext, facts: FactsOf): PackSessionState {
  const line = state.lines.find((l) => l.orderItemId === state.serialFor)!;
  const what = line.imei ? 'IMEI' : 'IMEI / serial number';
  if (productSkuOf(state, scan, facts) !== undefined || scan.kind === 'ean13' || scan.kind === 'upca') {
    return { ...state, feedback: refuse(`Scan the ${what} of ${line.title} now (not a product code). Ctrl+Z takes the unit back.`) };
  }
  const problem = serialProblem(scan, { title: line.title, imei: line.imei ?? false });
  if (problem) return { ...state, feedback: refuse(problem) };
  const serial = scan.value;
  const inSession = state.lines.some((l) => l.serials.some((unit) => unit.includes(serial)));
  if (inSession) return { ...state, feedback: refuse(`Serial ${serial} was already scanned for this shipment. Scan the serial of the next unit.`) };
  if (ctx.serialUsedInShift(serial)) {
    return { ...state, feedback: refuse(`Serial ${serial} was already packed in another shipment this shift. Check the unit: it may be the wrong box.`) };
  }
  const lines = state.lines.map((l) => (l === line ? { ...l, serials: [...l.serials, [serial]] } : l));
  const after = settlePhase({ ...state, lines, steps: [...state.steps, { kind: 'serial', orderItemId: line.orderItemId, serial }] });
  return { ...after, feedback: ok(progressText(after, `Serial ${serial} recorded for ${line.title}.`)) };
}

/** Takes back the last unit, typed count or serial; everything else of the shipment stays. */
export function undoLast(state: PackSessionState): PackSessionState {
  const step = state.steps[state.steps.length - 1];
  if (!step) return { ...state, feedback: info('Nothing to undo: no unit or serial is scanned yet.') };
  const steps = state.steps.slice(0, -1);
  if (step.kind === 'serial') {
    const lines = state.lines.map((l) => (l.orderItemId === step.orderItemId ? { ...l, serials: withoutSerial(l.serials, step.serial) } : l));
    const after = settlePhase({ ...state, lines, steps });
    const title = lines.find((l) => l.orderItemId === step.orderItemId)?.title ?? '';
    return { ...after, feedback: info(`Undone: serial ${step.serial} of ${title} taken back. Scan that unit's serial again, or Ctrl+Z again to take the unit back.`) };
  }
  const lines = state.lines.map((l) => {
    const u = step.units.find((x) => x.orderItemId === l.orderItemId);
    return u ? { ...l, verified: l.verified - u.count } : l;
  });
  const count = step.units.reduce((a, u) => a + u.count, 0);
  const after = settlePhase({ ...state, lines, steps });
  const title = lines.find((l) => l.sku === step.sku)?.title ?? step.sku;
  return { ...after, feedback: info(progressText(after, `Undone: ${units(count)} of ${title} taken back.`)) };
}

/** Removes one serial (to replace it): its unit stays verified and waits for a new serial. */
export function removeSerial(state: PackSessionState, serial: string, why?: string): PackSessionState {
  const line = state.lines.find((l) => l.serials.some((u) => u.includes(serial)));
  if (!line) return { ...state, feedback: refuse(`Serial ${serial} is not recorded in this shipment.`) };
  const lines = state.lines.map((l) => (l === line ? { ...l, serials: withoutSerial(l.serials, serial) } : l));
  const steps = state.steps.filter((s) => !(s.kind === 'serial' && s.serial === serial));
  const after = settlePhase({ ...state, lines, steps });
  const what = line.imei ? 'IMEI' : 'serial';
  const lead = why ? `${why} ` : `${what === 'IMEI' ? 'IMEI' : 'Serial'} ${serial} removed from ${line.title}. `;
  return { ...after, feedback: { tone: why ? 'error' : 'info', text: `${lead}Scan the ${what} of that unit again; the other scans and the measurements are kept.`, sound: why ? 'failure' : 'none' } };
}

function withoutSerial(serials: string[][], serial: string): string[][] {
  const i = serials.findIndex((u) => u.includes(serial));
  return i < 0 ? serials : [...serials.slice(0, i), ...serials.slice(i + 1)];
}

/** Words for what undo would take back now, for the Undo button; undefined when nothing. */
export function undoPreview(state: PackSessionState): string | undefined {
  const step = state.steps[state.steps.length - 1];
  if (!step) return undefined;
  if (step.kind === 'serial') return `serial ${step.serial}`;
  const count = step.units.reduce((a, u) => a + u.count, 0);
  const title = state.lines.find((l) => l.sku === step.sku)?.title ?? step.sku;
  return `${units(count)} of ${title}`;
}

/** What the packer does next, in words: the serial owed, the units left, the measurements, or Enter. */
export function nextStepWords(state: PackSessionState): string {
  return progressText(state, '').trim();
}

function progressText(state: PackSessionState, lead: string): string {
  const left = unitsLeft(state);
  if (state.phase === 'serial') {
    const owed = state.lines.find((l) => l.orderItemId === state.serialFor);
    return `${lead} Scan the ${owed?.imei ? 'IMEI' : 'IMEI / serial number'} of ${owed?.title ?? 'the unit'}.`;
  }
  if (left > 0) return `${lead} ${units(left)} left to scan.`;
  if (state.phase === 'measuring') {
    const n = state.parcels.length;
    const listed = state.parcels.some((p) => p.weightSource === 'listing' || p.dimensionsSource === 'listing');
    if (n === 1) return `${lead} All units verified. Weigh and measure the parcel.`;
    const done = state.parcels.filter(isMeasured).length;
    if (done > 0) return `${lead} All units verified. ${done} of ${n} parcels weighed and measured; weigh and measure the rest, then press Enter.`;
    return `${lead} All units verified. Weigh and measure each of the ${n} parcels${listed ? ' (the listing’s sizes are shown; they are not what the boxes weigh)' : ''}, then press Enter.`;
  }
  return `${lead} Ready to pack: press Enter.`;
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
    return { ...state, feedback: refuse('Dimensions and weight must be positive numbers (spec § pack: "Positive values"). Measure again.') };
  }
  const target = m.subShipmentId ? state.parcels.find((p) => p.subShipmentId === m.subShipmentId) : (state.parcels.find((p) => !isMeasured(p)) ?? state.parcels[0]);
  if (!target) return { ...state, feedback: refuse(`Package ${m.subShipmentId} is not part of this shipment.`) };
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
  const lead = parcels.length > 1 ? `Parcel ${parcels.indexOf(measured) + 1} of ${parcels.length} (${target.title})` : target.title;
  const needs = stillNeeds(measured);
  let text: string;
  if (after.phase === 'ready') text = `${lead}: ${describe(measured)}. ${parcels.length > 1 ? 'Every parcel is' : 'The parcel is'} weighed and measured. Ready to pack: press Enter.`;
  else if (needs) text = `${lead}: ${describe(measured)}. It still needs ${needs}.`;
  else {
    const next = parcels.find((p) => !isMeasured(p));
    const done = parcels.filter(isMeasured).length;
    text = `${lead}: ${describe(measured)}. ${done} of ${parcels.length} parcels weighed and measured${next ? `; next: parcel ${parcels.indexOf(next) + 1} (${next.title})` : ''}.`;
  }
  return { ...after, feedback: { tone: 'ok', text, sound: 'none' } };
}

function describe(p: Parcel): string {
  const parts: string[] = [];
  if (p.dimensions) parts.push(`${p.dimensions.length} x ${p.dimensions.breadth} x ${p.dimensions.height} cm`);
  if (p.weightKg !== undefined) parts.push(`${p.weightKg} kg`);
  return parts.join(', ') || 'not measured';
}
