// The audit trail in words: one sentence per journal record, as a supervisor reads it ("Packed
// SH… (2 units, IMEI …) on Desk 1 by Asha", "Ready to dispatch: 12 shipments"). An operation's
// outcome is folded into the sentence of its intent, with the reason when it failed.
import type { AuditEntry } from '../../journal/audit-query.js';
import { CONDITION_WORDS } from '../../returns/condition-words.js';
import type { IntentRecord, JournalRecord, OutcomeRecord, ScanRecord } from '../../journal/records.js';

export interface Sentence {
  kind: string;
  text: string;
  status?: string;
}

const PRODUCT_SCANS = new Set(['sku', 'fsn', 'ean13', 'upca']);

/** Facts a sentence needs from other records: outcomes by intent, scans by session. */
export interface TrailIndex {
  outcomes: Map<string, OutcomeRecord>;
  scans: Map<string, ScanRecord[]>;
}

export function indexTrail(records: JournalRecord[]): TrailIndex {
  const outcomes = new Map<string, OutcomeRecord>();
  const scans = new Map<string, ScanRecord[]>();
  for (const r of records) {
    // A definite answer is final; a later 'unknown' never overrides it (as in audit-query.ts).
    if (r.type === 'outcome' && (r.status !== 'unknown' || !outcomes.has(r.intentId))) outcomes.set(r.intentId, r);
    if (r.type === 'scan') scans.set(r.sessionId, [...(scans.get(r.sessionId) ?? []), r]);
  }
  return { outcomes, scans };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/**
 * " at Desk 1 by Asha"; " at Desk 1" when nobody signed in (the journal then holds the desk's name
 * as the operator: a desk is not a person).
 */
const where = (e: AuditEntry) => `${e.desk ? ` at ${e.desk}` : ''}${e.operator && e.operator !== e.desk ? ` by ${e.operator}` : ''}`;
const list = (ids: string[], max = 3) => (ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`);

const OPERATIONS: Record<string, (n: number, ids: string) => string> = {
  pack: (n, ids) => (n === 1 ? `Pack of ${ids}` : `Pack: ${plural(n, 'shipment')} (${ids})`),
  dispatch: (n, ids) => `Ready to dispatch: ${plural(n, 'shipment')} (${ids})`,
  cancel: (_n, ids) => `Cancelled ${ids}`,
  'returns.complete': (n, ids) => (n === 1 ? `Received return ${ids}` : `Received ${plural(n, 'return')} (${ids})`),
  'returns.pickup': (_n, ids) => `Pickup of return ${ids}`,
  'returns.pickupAttempt': (_n, ids) => `Pickup attempt of return ${ids}`,
  'returns.approve': (_n, ids) => `Approved return ${ids}`,
  'returns.reject': (_n, ids) => `Rejected return ${ids}`,
  'selfship.dispatch': (_n, ids) => `Self-ship dispatch of ${ids}`,
  'selfship.deliveryAttempt': (_n, ids) => `Delivery attempt of ${ids}`,
  'selfship.delivered': (_n, ids) => `Delivered ${ids}`,
  'selfship.serviceAttempt': (_n, ids) => `Service attempt for ${ids}`,
  'selfship.serviceComplete': (_n, ids) => `Service completed for ${ids}`,
  'listings.price': (n, ids) => `Price change for ${plural(n, 'SKU')} (${ids})`,
  'listings.inventory': (n, ids) => `Stock change for ${plural(n, 'SKU')} (${ids})`,
};

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Ends a sentence with one full stop, whatever the reason given ended with. */
const stop = (t: string) => `${t.trim().replace(/\.+$/, '')}.`;

/** Operations with their own sentence: desk events (desk-events.ts) whose words come from the request; `w` is where and by whom. */
const EVENTS: Record<string, (r: IntentRecord, outcome: OutcomeRecord | undefined, w: string) => string> = {
  'handover.scanOut': (r, o, w) =>
    o?.status === 'failed'
      ? `Scan-out: ${text(r.request.code)} is not on the manifest; kept off the truck${w}.`
      : `Loaded ${r.targets.shipmentIds?.[0] ?? text(r.request.code)} onto the truck (${text(r.request.loaded)} of ${text(r.request.total)})${w}.`,
  'handover.scanOutClosed': (r, _o, w) => {
    const missing = r.targets.shipmentIds ?? [];
    return `Scan-out check closed: ${text(r.request.loaded)} of ${text(r.request.total)} loaded${missing.length ? `; missing ${list(missing)}` : ''}${w}.`;
  },
  'handover.manifest': (r, o, w) => {
    const group = text(r.request.vendorGroupCode);
    if (o?.status === 'failed') return stop(`Manifest of ${group} not printed${w}: ${o.errorMessage ?? o.errorCode ?? 'no reason given'}`);
    return `Manifest of ${group} sent to ${text(o?.result?.printer) || 'the printer'} (job ${text(o?.result?.jobId) || '?'})${w}.`;
  },
  'returns.refused': (r, o, w) => stop(`Return scan ${text(r.request.scanned)} refused${w}: ${o?.errorMessage ?? 'no reason given'}`),
  'barcodes.learn': (r, _o, w) => `Learned barcode ${text(r.request.code)} as ${r.targets.skus?.[0] ?? '?'}${w}.`,
};

/** What came back in a received return, and the photos kept: " (damaged, 2 photos)". */
function receiptWords(request: Record<string, unknown>): string {
  const condition = typeof request.condition === 'string' ? (CONDITION_WORDS as Record<string, string>)[request.condition] : undefined;
  const photos = typeof request.photos === 'number' && request.photos > 0 ? `${request.photos} ${request.photos === 1 ? 'photo' : 'photos'}` : '';
  const parts = [condition ?? '', photos].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** A product scan with what it was read as: the code and, when the catalogue turned it into one, the SKU. */
const KIND_WORDS: Record<string, string> = { shipmentId: 'shipment', sku: 'SKU', fsn: 'FSN', ean13: 'EAN', upca: 'UPC', imei: 'IMEI', orderItemId: 'order item', returnId: 'return' };
function scanWords(r: ScanRecord): string {
  const kind = KIND_WORDS[r.kind] ?? r.kind;
  if (r.raw && r.value && r.raw.trim() !== r.value) return `${r.raw.trim()} (${kind} ${r.value})`;
  return `${kind} ${r.raw || r.value}`;
}

/** One sentence for a record, or undefined for records folded into another's sentence. */
export function sentenceFor(entry: AuditEntry, index: TrailIndex): Sentence | undefined {
  const r = entry.record;
  switch (r.type) {
    case 'outcome':
      return undefined; // folded into its intent
    case 'intent': {
      const event = EVENTS[r.op];
      if (event) {
        const outcome = index.outcomes.get(r.id);
        return { kind: r.op, text: event(r, outcome, where(entry)), status: outcome?.status ?? 'open' };
      }
      const ids = [...(r.targets.shipmentIds ?? []), ...(r.targets.returnIds ?? []), ...(r.targets.skus ?? [])];
      const lead = (OPERATIONS[r.op] ?? ((n: number, s: string) => `${r.op} for ${plural(n, 'item')} (${s})`))(ids.length, list(ids));
      const reason = typeof r.request.reason === 'string' && r.op === 'cancel' ? ` (reason: ${r.request.reason})` : r.op === 'returns.complete' ? receiptWords(r.request) : '';
      const outcome = index.outcomes.get(r.id);
      const status = outcome?.status ?? 'open';
      const tail =
        status === 'ok'
          ? ''
          : status === 'failed'
            ? ` failed${outcome?.errorCode ? ` (${outcome.errorCode})` : ''}${outcome?.errorMessage ? `: ${outcome.errorMessage}` : ''}${failedIds(outcome)}`
            : status === 'unknown'
              ? ': the answer was lost; the start-up check settles it'
              : ': no answer yet';
      return { kind: r.op, text: `${lead}${reason}${tail}${where(entry)}.`.replace(/\.\.$/, '.'), status };
    }
    case 'scan':
      if (r.kind === 'measurement') return { kind: 'measure', text: `Measured ${measurement(r.value)}${where(entry)}.` };
      if (r.refused !== undefined) return { kind: 'scan.refused', text: `Refused scan of ${scanWords(r)}${where(entry)}: ${r.refused}`, status: 'failed' };
      if (r.kind === 'undo') return { kind: 'scan.undo', text: `Undid the last scan${where(entry)}.` };
      if (r.kind === 'remove-serial') return { kind: 'scan.removeSerial', text: `Removed serial ${r.value}${where(entry)}.` };
      if (r.kind === 'count') return { kind: 'scan.count', text: `Counted ${r.value} units${where(entry)}.` };
      return { kind: 'scan', text: `Scanned ${scanWords(r)}${where(entry)}.` };
    case 'session': {
      const id = r.shipmentId ?? entry.shipmentIds[0] ?? 'a shipment';
      if (r.event === 'opened') return { kind: 'session.opened', text: `Opened ${id}${where(entry)}.` };
      if (r.event === 'packed') {
        const units = r.units ?? unitsScanned(index.scans.get(r.sessionId) ?? [], r.serials);
        const serials = Object.values(r.serials ?? {}).flat(2);
        const parts = [plural(units, 'unit'), ...(serials.length ? [`IMEI ${serials.join(', ')}`] : [])];
        return { kind: 'session.packed', text: `Packed ${id} (${parts.join(', ')})${where(entry)}.`, status: 'ok' };
      }
      if (r.printer) return { kind: 'label.printed', text: `Label of ${id} printed on ${r.printer}.`, status: 'ok' };
      if (r.reason === 'done') return undefined; // follows its "packed" record
      return { kind: 'session.closed', text: r.reason === 'put-aside' ? `Put ${id} aside${where(entry)}.` : `Closed ${id} (${r.reason ?? 'no reason given'})${where(entry)}.` };
    }
  }
}

function failedIds(outcome: OutcomeRecord | undefined): string {
  const failed = outcome?.result?.failed;
  return Array.isArray(failed) && failed.length > 0 ? ` for ${list(failed.map(String))}` : '';
}

/** Units of a packed session journaled before packs recorded their units: accepted product scans, or serialized units when more. */
function unitsScanned(scans: ScanRecord[], serials: Record<string, string[][]> | undefined): number {
  const product = scans.filter((s) => PRODUCT_SCANS.has(s.kind) && s.refused === undefined).length;
  const serialUnits = Object.values(serials ?? {}).reduce((n, units) => n + units.length, 0);
  return Math.max(product, serialUnits);
}

function measurement(value: string): string {
  try {
    const m = JSON.parse(value) as { dimensions?: { length: number; breadth: number; height: number }; weightKg?: number };
    const parts = [m.dimensions ? `${m.dimensions.length}×${m.dimensions.breadth}×${m.dimensions.height} cm` : '', m.weightKg !== undefined ? `${m.weightKg} kg` : ''].filter(Boolean);
    return parts.join(', ') || 'a parcel';
  } catch {
    return 'a parcel';
  }
}
