// One shipment at the pack desk, as a state machine driven by scans and measurements. Pure: it
// takes the shipment, the product facts and the scans, and answers with the next state and the
// words and sound for the packer. The service around it does the I/O (lookup, journal, pack call).
//
// Flow (issue "pack workflow"): verify each unit by scan -> capture IMEI/serial for serialized
// units -> dimensions and weight for every sub-shipment -> ready to pack.
import type { ClassifiedScan } from '../../../shared/barcodes.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';

/** What the desk knows about a product beyond the shipment record (from its listing). */
export interface ProductFacts {
  serialized: boolean;
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
  /** One list per unit: a unit may carry several serials (dual-SIM phones). */
  serials: string[][];
}

export interface Parcel {
  subShipmentId: string;
  title: string;
  dimensions?: { length: number; breadth: number; height: number };
  weightKg?: number;
  source?: 'device' | 'typed' | 'listing';
}

export type Phase = 'verifying' | 'serial' | 'measuring' | 'ready';

export interface Feedback {
  tone: 'ok' | 'error' | 'info';
  text: string;
  sound: 'success' | 'failure' | 'none';
}

export interface PackSessionState {
  sessionId: string;
  shipmentId: string;
  locationId: string;
  phase: Phase;
  lines: UnitLine[];
  parcels: Parcel[];
  /** The order item whose serial is awaited, in phase 'serial'. */
  serialFor?: string;
  feedback: Feedback;
}

export interface SessionContext {
  /** True when the serial was already used in this shift (another shipment). */
  serialUsedInShift(serial: string): boolean;
}

const ok = (text: string): Feedback => ({ tone: 'ok', text, sound: 'success' });
const refuse = (text: string): Feedback => ({ tone: 'error', text, sound: 'failure' });

export function openSession(sessionId: string, shipment: ShipmentWire, facts: (sku: string) => ProductFacts | undefined): PackSessionState {
  const lines: UnitLine[] = shipment.orderItems.map((i) => ({
    orderItemId: i.orderItemId,
    orderId: i.orderId,
    sku: i.sku,
    fsn: i.fsn,
    title: i.title ?? i.sku,
    quantity: i.quantity,
    verified: 0,
    serialized: facts(i.sku)?.serialized ?? false,
    serials: [],
  }));
  const parcels: Parcel[] = shipment.subShipments.map((s, n) => ({
    subShipmentId: s.subShipmentId,
    title: s.packages.map((p) => p.packageTitle ?? p.packageId).join(', ') || `Package ${n + 1}`,
  }));
  const units = lines.reduce((a, l) => a + l.quantity, 0);
  return {
    sessionId,
    shipmentId: shipment.shipmentId,
    locationId: shipment.locationId,
    phase: 'verifying',
    lines,
    parcels,
    feedback: ok(`Shipment ${shipment.shipmentId} opened: scan each of its ${units} unit${units === 1 ? '' : 's'}.`),
  };
}

/** Which line a product scan refers to: SKU, FSN, EAN/UPC of the product, or the order item id. */
function findLine(state: PackSessionState, scan: ClassifiedScan, facts: (sku: string) => ProductFacts | undefined): UnitLine | undefined {
  const v = scan.value;
  return state.lines.find(
    (l) => l.sku === v || l.fsn === v || l.orderItemId === v || l.sku.toUpperCase() === v.toUpperCase() || (facts(l.sku)?.barcodes ?? []).includes(v),
  );
}

function afterUnits(state: PackSessionState): PackSessionState {
  const allVerified = state.lines.every((l) => l.verified === l.quantity);
  if (!allVerified) return { ...state, phase: 'verifying', serialFor: undefined };
  const measured = state.parcels.every(isMeasured);
  return { ...state, phase: measured ? 'ready' : 'measuring', serialFor: undefined };
}

export function isMeasured(p: Parcel): boolean {
  return p.dimensions !== undefined && p.weightKg !== undefined;
}

export function unitsLeft(state: PackSessionState): number {
  return state.lines.reduce((a, l) => a + (l.quantity - l.verified), 0);
}

export function applyScan(
  state: PackSessionState,
  scan: ClassifiedScan,
  ctx: SessionContext,
  facts: (sku: string) => ProductFacts | undefined,
): PackSessionState {
  if (scan.kind === 'garbled') return { ...state, feedback: refuse(`That scan could not be read: ${scan.reason} Scan again.`) };

  if (state.phase === 'serial') return applySerial(state, scan, ctx);

  if (scan.kind === 'shipmentId') {
    if (scan.value === state.shipmentId) return { ...state, feedback: { tone: 'info', text: 'This shipment is already open. Scan its units.', sound: 'none' } };
    return { ...state, feedback: refuse(`Shipment ${state.shipmentId} is still open. Finish it, or press Esc to put it aside, before scanning ${scan.value}.`) };
  }
  if (scan.kind === 'imei') {
    return { ...state, feedback: refuse('That is an IMEI. Scan the product barcode (SKU, FSN or EAN) first; the desk then asks for the IMEI.') };
  }

  const line = findLine(state, scan, facts);
  if (!line) {
    return { ...state, feedback: refuse(`Wrong item: ${scan.value} is not in shipment ${state.shipmentId}. Put it back and scan the right product.`) };
  }
  if (line.verified >= line.quantity) {
    return { ...state, feedback: refuse(`All ${line.quantity} of ${line.title} are already scanned. Do not add another unit.`) };
  }
  const lines = state.lines.map((l) => (l === line ? { ...l, verified: l.verified + 1 } : l));
  const next: PackSessionState = { ...state, lines };
  if (line.serialized) {
    return { ...next, phase: 'serial', serialFor: line.orderItemId, feedback: ok(`${line.title}: unit ${line.verified + 1} of ${line.quantity}. Now scan its IMEI / serial number.`) };
  }
  const after = afterUnits(next);
  return { ...after, feedback: ok(progressText(after, `${line.title}: unit ${line.verified + 1} of ${line.quantity} verified.`)) };
}

function applySerial(state: PackSessionState, scan: ClassifiedScan, ctx: SessionContext): PackSessionState {
  const line = state.lines.find((l) => l.orderItemId === state.serialFor)!;
  if (scan.kind === 'imei' && !scan.valid) {
    return { ...state, feedback: refuse(`IMEI ${scan.value} has a wrong check digit. Scan the IMEI again from the box label, or type it carefully.`) };
  }
  const looksLikeProduct = scan.kind === 'shipmentId' || scan.kind === 'orderId' || scan.kind === 'ean13' || scan.kind === 'upca' || scan.value === line.sku || scan.value === line.fsn;
  if (looksLikeProduct) {
    return { ...state, feedback: refuse(`Scan the IMEI / serial number of ${line.title} now (not a product or shipment code).`) };
  }
  const serial = scan.value;
  const inSession = state.lines.some((l) => l.serials.some((unit) => unit.includes(serial)));
  if (inSession) return { ...state, feedback: refuse(`Serial ${serial} was already scanned for this shipment. Scan the serial of the next unit.`) };
  if (ctx.serialUsedInShift(serial)) {
    return { ...state, feedback: refuse(`Serial ${serial} was already packed in another shipment this shift. Check the unit: it may be the wrong box.`) };
  }
  const lines = state.lines.map((l) => (l === line ? { ...l, serials: [...l.serials, [serial]] } : l));
  const after = afterUnits({ ...state, lines });
  return { ...after, feedback: ok(progressText(after, `Serial ${serial} recorded for ${line.title}.`)) };
}

function progressText(state: PackSessionState, lead: string): string {
  const left = unitsLeft(state);
  if (left > 0) return `${lead} ${left} unit${left === 1 ? '' : 's'} left to scan.`;
  if (state.phase === 'measuring') return `${lead} All units verified. Weigh and measure the package.`;
  return `${lead} Ready to pack: press Enter.`;
}

export interface Measurement {
  subShipmentId?: string;
  dimensions?: { length: number; breadth: number; height: number };
  weightKg?: number;
  source: 'device' | 'typed' | 'listing';
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
    p === target ? { ...p, dimensions: m.dimensions ?? p.dimensions, weightKg: m.weightKg ?? p.weightKg, source: m.source } : p,
  );
  const next = { ...state, parcels };
  const after = next.phase === 'serial' ? next : afterUnits(next);
  const done = parcels.filter(isMeasured).length;
  const text =
    after.phase === 'ready'
      ? 'All packages measured. Ready to pack: press Enter.'
      : `${target.title}: ${describe(parcels.find((p) => p.subShipmentId === target.subShipmentId)!)}. ${done} of ${parcels.length} package${parcels.length === 1 ? '' : 's'} measured.`;
  return { ...after, feedback: { tone: 'ok', text, sound: 'none' } };
}

function describe(p: Parcel): string {
  const parts: string[] = [];
  if (p.dimensions) parts.push(`${p.dimensions.length} x ${p.dimensions.breadth} x ${p.dimensions.height} cm`);
  if (p.weightKg !== undefined) parts.push(`${p.weightKg} kg`);
  return parts.join(', ') || 'not measured';
}
