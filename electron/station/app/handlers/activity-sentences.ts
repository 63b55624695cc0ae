// The audit trail in words: one sentence per journal record, as a supervisor reads it ("Packed
// SH… (2 units, IMEI …) on Desk 1 by Asha", "Ready to dispatch: 12 shipments"). An operation's
// outcome is folded into the sentence of its intent, with the reason when it failed. Each
// sentence is a catalogue key with its placeholders, so the Activity screen says it in the desk's
// language; its English words go to the command line and exports.
import type { KeyedSentence, SentencePart, SentenceParams, SentenceWord } from '../../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../../shared/i18n/station-sentences.js';
import type { AuditEntry } from '../../journal/audit-query.js';
import { CONDITION_PHRASES } from '../../returns/condition-words.js';
import type { IntentRecord, JournalRecord, OutcomeRecord, ScanRecord } from '../../journal/records.js';

export interface Sentence {
  kind: string;
  text: string;
  sentence: KeyedSentence;
  status?: string;
  /** A refused scan's reason as the desk said it (keys), for the sentence's {{reason}}. */
  reasons?: KeyedSentence[];
}

const PRODUCT_SCANS = new Set(['sku', 'fsn', 'ean13', 'upca']);
/** Ids named in a sentence; the rest are counted ("and 4 more"). */
const LISTED_IDS = 3;

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

/**
 * " at Desk 1 by Asha"; " at Desk 1" when nobody signed in (the journal then holds the desk's name
 * as the operator: a desk is not a person).
 */
function where(e: AuditEntry): SentencePart | undefined {
  const by = e.operator && e.operator !== e.desk ? e.operator : undefined;
  if (e.desk) return by ? keyed('activity.where.deskBy', { desk: e.desk, operator: by }) : keyed('activity.where.desk', { desk: e.desk });
  return by ? keyed('activity.where.by', { operator: by }) : undefined;
}

/** A sentence with where and by whom it happened, and its optional phrases left empty when absent. */
function said(e: AuditEntry | undefined, sentence: KeyedSentence, optional: string[] = []): KeyedSentence {
  const w = e ? where(e) : undefined;
  const empty: SentenceParams = Object.fromEntries([...optional, 'where'].map((name) => [name, '']));
  const parts = { ...(sentence.parts ?? {}), ...(w ? { where: w } : {}) };
  return { key: sentence.key, params: { ...empty, ...(sentence.params ?? {}) }, ...(Object.keys(parts).length ? { parts } : {}) };
}

/** The first ids, and " and 4 more" for the rest. */
function listed(ids: string[]): { params: { ids: string }; parts: Record<string, SentencePart> } {
  const more = ids.length - LISTED_IDS;
  return { params: { ids: ids.slice(0, LISTED_IDS).join(', ') }, parts: more > 0 ? { more: keyed('activity.more', { count: more }) } : {} };
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** A reason given inside a sentence that ends with its own full stop. */
const bare = (t: string) => t.trim().replace(/\.+$/, '');

/** The lead of an operation's sentence, by its intent's op; the rest is filled in by sentenceFor. */
function operation(op: string, ids: string[], extra: { params: SentenceParams; parts: Record<string, SentencePart> }): KeyedSentence {
  const { params: listParams, parts: listParts } = listed(ids);
  const params = { count: ids.length, ...listParams, ...extra.params };
  const parts = { ...listParts, ...extra.parts };
  switch (op) {
    case 'pack':
      return keyed('activity.op.pack', params, parts);
    case 'dispatch':
      return keyed('activity.op.dispatch', params, parts);
    case 'cancel':
      return keyed('activity.op.cancel', params, parts);
    case 'returns.complete':
      return keyed('activity.op.returnsComplete', params, parts);
    case 'returns.pickup':
      return keyed('activity.op.returnsPickup', params, parts);
    case 'returns.pickupAttempt':
      return keyed('activity.op.returnsPickupAttempt', params, parts);
    case 'returns.approve':
      return keyed('activity.op.returnsApprove', params, parts);
    case 'returns.reject':
      return keyed('activity.op.returnsReject', params, parts);
    case 'selfship.dispatch':
      return keyed('activity.op.selfshipDispatch', params, parts);
    case 'selfship.deliveryAttempt':
      return keyed('activity.op.selfshipDeliveryAttempt', params, parts);
    case 'selfship.delivered':
      return keyed('activity.op.selfshipDelivered', params, parts);
    case 'selfship.serviceAttempt':
      return keyed('activity.op.selfshipServiceAttempt', params, parts);
    case 'selfship.serviceComplete':
      return keyed('activity.op.selfshipServiceComplete', params, parts);
    case 'listings.price':
      return keyed('activity.op.listingsPrice', params, parts);
    case 'listings.inventory':
      return keyed('activity.op.listingsInventory', params, parts);
    default:
      return keyed('activity.op.other', { ...params, op }, parts);
  }
}

/** Operations with their own sentence: desk events (desk-events.ts) whose words come from the request. */
const EVENTS: Record<string, (r: IntentRecord, outcome: OutcomeRecord | undefined) => KeyedSentence> = {
  'handover.scanOut': (r, o) =>
    o?.status === 'failed'
      ? keyed('activity.event.notOnManifest', { code: text(r.request.code) })
      : keyed('activity.event.loaded', { id: r.targets.shipmentIds?.[0] ?? text(r.request.code), loaded: text(r.request.loaded), total: text(r.request.total) }),
  'handover.scanOutByLead': (r) =>
    keyed('activity.event.tickedByLead', { id: r.targets.shipmentIds?.[0] ?? '', box: text(r.request.box), of: text(r.request.of), loaded: text(r.request.loaded), total: text(r.request.total) }),
  'handover.scanOutClosed': (r) => {
    const missing = r.targets.shipmentIds ?? [];
    const counts = { loaded: text(r.request.loaded), total: text(r.request.total) };
    if (missing.length === 0) return keyed('activity.event.scanOutClosed', counts);
    const { params, parts } = listed(missing);
    return keyed('activity.event.scanOutClosedMissing', { ...counts, ...params, more: '' }, parts);
  },
  'handover.manifest': (r, o) => {
    const group = text(r.request.vendorGroupCode);
    if (o?.status === 'failed') return keyed('activity.event.manifestFailed', { group, reason: bare(o.errorMessage ?? o.errorCode ?? 'no reason given') });
    const printer = text(o?.result?.printer);
    const job = text(o?.result?.jobId) || '?';
    return printer ? keyed('activity.event.manifestSent', { group, printer, job }) : keyed('activity.event.manifestSentDefault', { group, job });
  },
  'returns.refused': (r, o) => keyed('activity.event.returnRefused', { code: text(r.request.scanned), reason: bare(o?.errorMessage ?? 'no reason given') }),
  'barcodes.learn': (r) => keyed('activity.event.barcodeLearned', { code: text(r.request.code), sku: r.targets.skus?.[0] ?? '?' }),
};

/** What came back in a received return, and the photos kept: " (damaged, 2 photos)". */
function receiptPart(request: Record<string, unknown>): SentencePart | undefined {
  const condition = typeof request.condition === 'string' ? (CONDITION_PHRASES as Record<string, SentenceWord>)[request.condition] : undefined;
  const photos = typeof request.photos === 'number' && request.photos > 0 ? request.photos : 0;
  if (condition) return photos ? keyed('activity.receipt.conditionPhotos', { count: photos }, { condition }) : keyed('activity.receipt.condition', undefined, { condition });
  return photos ? keyed('activity.receipt.photos', { count: photos }) : undefined;
}

/** How an operation ended, when not plainly done: " failed (CODE): reason for SH1", ": no answer yet". */
function tailPart(outcome: OutcomeRecord | undefined): SentencePart | undefined {
  switch (outcome?.status ?? 'open') {
    case 'ok':
      return undefined;
    case 'failed': {
      const detail = `${outcome?.errorCode ? ` (${outcome.errorCode})` : ''}${outcome?.errorMessage ? `: ${bare(outcome.errorMessage)}` : ''}`;
      const failed = outcome?.result?.failed;
      if (Array.isArray(failed) && failed.length > 0) return keyed('activity.tail.failedFor', { detail, ids: failed.map(String).join(', ') });
      return keyed('activity.tail.failed', { detail });
    }
    case 'unknown':
      return keyed('activity.tail.unknown');
    default:
      return keyed('activity.tail.open');
  }
}

/** A product scan with what it was read as: the code and, when the catalogue turned it into one, the SKU. */
function scanned(r: ScanRecord): SentencePart {
  const value = r.raw && r.value && r.raw.trim() !== r.value ? r.value : r.raw || r.value;
  const kind = kindWord(r.kind, value);
  if (r.raw && r.value && r.raw.trim() !== r.value) return keyed('activity.scan.readAs', { raw: r.raw.trim() }, { as: kind });
  return keyed('activity.scan.code', undefined, { as: kind });
}

function kindWord(kind: string, value: string): SentenceWord {
  switch (kind) {
    case 'shipmentId':
      return keyed('activity.kind.shipment', { value });
    case 'orderItemId':
      return keyed('activity.kind.orderItem', { value });
    case 'returnId':
      return keyed('activity.kind.return', { value });
    default:
      // SKU, FSN, EAN, UPC, IMEI: the same letters in every language.
      return keyed('activity.kind.code', { kind: KIND_LETTERS[kind] ?? kind, value });
  }
}
const KIND_LETTERS: Record<string, string> = { sku: 'SKU', fsn: 'FSN', ean13: 'EAN', upca: 'UPC', imei: 'IMEI' };

/** One sentence for a record, or undefined for records folded into another's sentence. */
export function sentenceFor(entry: AuditEntry, index: TrailIndex): Sentence | undefined {
  const out = keyedFor(entry, index);
  return out && { ...out, text: englishSentence(out.sentence) };
}

function keyedFor(entry: AuditEntry, index: TrailIndex): Omit<Sentence, 'text'> | undefined {
  const r = entry.record;
  switch (r.type) {
    case 'outcome':
      return undefined; // folded into its intent
    case 'intent': {
      const outcome = index.outcomes.get(r.id);
      const status = outcome?.status ?? 'open';
      const event = EVENTS[r.op];
      if (event) return { kind: r.op, sentence: said(entry, event(r, outcome)), status };
      const ids = [...(r.targets.shipmentIds ?? []), ...(r.targets.returnIds ?? []), ...(r.targets.skus ?? [])];
      const receipt = r.op === 'returns.complete' ? receiptPart(r.request) : undefined;
      const tail = tailPart(outcome);
      const parts: Record<string, SentencePart> = {};
      if (receipt) parts.receipt = receipt;
      if (r.op === 'cancel' && typeof r.request.reason === 'string') parts.reason = keyed('activity.cancelReason', { reason: r.request.reason });
      if (tail) parts.tail = tail;
      const lead = operation(r.op, ids, { params: {}, parts });
      return { kind: r.op, sentence: said(entry, lead, ['more', 'receipt', 'reason', 'tail']), status };
    }
    case 'scan':
      if (r.kind === 'measurement') {
        const m = measurement(r.value);
        return { kind: 'measure', sentence: said(entry, m ? keyed('activity.scan.measured', { what: m }) : keyed('activity.scan.measuredParcel')) };
      }
      if (r.refused !== undefined) {
        const sentence = said(entry, keyed('activity.scan.refused', { reason: r.refused }, { scan: scanned(r) }));
        return { kind: 'scan.refused', sentence, status: 'failed', ...(r.refusedSentences?.length ? { reasons: r.refusedSentences } : {}) };
      }
      if (r.kind === 'undo') return { kind: 'scan.undo', sentence: said(entry, keyed('activity.scan.undo')) };
      if (r.kind === 'remove-serial') return { kind: 'scan.removeSerial', sentence: said(entry, keyed('activity.scan.removeSerial', { serial: r.value })) };
      if (r.kind === 'count') return { kind: 'scan.count', sentence: said(entry, keyed('activity.scan.count', { count: Number(r.value) || 0, value: r.value })) };
      return { kind: 'scan', sentence: said(entry, keyed('activity.scan.scanned', undefined, { scan: scanned(r) })) };
    case 'session': {
      const id = r.shipmentId ?? entry.shipmentIds[0] ?? '?';
      if (r.event === 'opened') return { kind: 'session.opened', sentence: said(entry, keyed('activity.session.opened', { id })) };
      if (r.event === 'packed') {
        const units = r.units ?? unitsScanned(index.scans.get(r.sessionId) ?? [], r.serials);
        const serials = Object.values(r.serials ?? {}).flat(2);
        const sentence = serials.length ? keyed('activity.session.packedImei', { id, count: units, serials: serials.join(', ') }) : keyed('activity.session.packed', { id, count: units });
        return { kind: 'session.packed', sentence: said(entry, sentence), status: 'ok' };
      }
      if (r.printer) return { kind: 'label.printed', sentence: said(undefined, keyed('activity.session.labelPrinted', { id, printer: r.printer })), status: 'ok' };
      if (r.reason === 'done') return undefined; // follows its "packed" record
      if (r.reason === 'put-aside') return { kind: 'session.closed', sentence: said(entry, keyed('activity.session.putAside', { id })) };
      return { kind: 'session.closed', sentence: said(entry, keyed('activity.session.closed', { id, reason: r.reason ?? 'no reason given' })) };
    }
  }
}

/** Units of a packed session journaled before packs recorded their units: accepted product scans, or serialized units when more. */
function unitsScanned(scans: ScanRecord[], serials: Record<string, string[][]> | undefined): number {
  const product = scans.filter((s) => PRODUCT_SCANS.has(s.kind) && s.refused === undefined).length;
  const serialUnits = Object.values(serials ?? {}).reduce((n, units) => n + units.length, 0);
  return Math.max(product, serialUnits);
}

/** "30×20×10 cm, 1.2 kg"; undefined when the record holds no measurement. */
function measurement(value: string): string | undefined {
  try {
    const m = JSON.parse(value) as { dimensions?: { length: number; breadth: number; height: number }; weightKg?: number };
    const parts = [m.dimensions ? `${m.dimensions.length}×${m.dimensions.breadth}×${m.dimensions.height} cm` : '', m.weightKg !== undefined ? `${m.weightKg} kg` : ''].filter(Boolean);
    return parts.join(', ') || undefined;
  } catch {
    return undefined;
  }
}
