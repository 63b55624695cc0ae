// The records of the station journal. Every outbound mutating operation writes an intent before
// the request leaves and an outcome after; every scan and step of a pack session is written as
// it happens. Together they restore the desk after a crash and form the audit trail.
import { z } from 'zod';
import { KeyedSentence } from '../../../shared/contract/define.js';

/** Operations are open-ended ('pack', 'dispatch', 'cancel', 'returns.complete', 'listings.price'...). */
export const OperationName = z.string().min(1).max(64);

/** Ids an operation acts on; the audit trail is searched by them. */
export const Targets = z.object({
  shipmentIds: z.array(z.string()).optional(),
  returnIds: z.array(z.string()).optional(),
  skus: z.array(z.string()).optional(),
});
export type Targets = z.infer<typeof Targets>;

const base = { seq: z.number().int().positive(), at: z.iso.datetime() };

export const IntentRecord = z.object({
  type: z.literal('intent'),
  ...base,
  /** Unique id of the operation; the outcome refers to it. */
  id: z.string().min(1),
  op: OperationName,
  targets: Targets,
  /** What was asked, with secrets removed (the journal redacts again on append). */
  request: z.record(z.string(), z.unknown()),
  operator: z.string(),
  desk: z.string(),
});
export type IntentRecord = z.infer<typeof IntentRecord>;

/** 'unknown': the request may or may not have reached the marketplace (timeout, crash). */
export const OutcomeStatus = z.enum(['ok', 'failed', 'unknown']);
export type OutcomeStatus = z.infer<typeof OutcomeStatus>;

export const OutcomeRecord = z.object({
  type: z.literal('outcome'),
  ...base,
  intentId: z.string().min(1),
  status: OutcomeStatus,
  result: z.record(z.string(), z.unknown()).optional(),
  errorCode: z.string().optional(),
  errorMessage: z.string().optional(),
  /** True when written by start-up reconciliation rather than by the request itself. */
  reconciled: z.boolean().optional(),
});
export type OutcomeRecord = z.infer<typeof OutcomeRecord>;

export const ScanRecord = z.object({
  type: z.literal('scan'),
  ...base,
  sessionId: z.string().min(1),
  /** What the scanner sent, as received. */
  raw: z.string(),
  /** What the station made of it ('shipment', 'sku', 'imei', 'unknown'...). */
  kind: z.string(),
  value: z.string(),
  /** Set when the desk refused the scan (a wrong item, an IMEI that fails its check): why, in words. */
  refused: z.string().optional(),
  /**
   * The same refusal as the desk said it, as catalogue keys, so Activity says it in the desk's
   * language. Absent in records written before it was kept: their `refused` words show as they are.
   */
  refusedSentences: z.array(KeyedSentence).max(8).optional(),
});
export type ScanRecord = z.infer<typeof ScanRecord>;

export const Dimensions = z.object({
  length: z.number().positive(),
  breadth: z.number().positive(),
  height: z.number().positive(),
});

export const SessionEvent = z.enum(['opened', 'packed', 'closed']);
export type SessionEvent = z.infer<typeof SessionEvent>;

export const SessionRecord = z.object({
  type: z.literal('session'),
  ...base,
  sessionId: z.string().min(1),
  event: SessionEvent,
  operator: z.string().optional(),
  desk: z.string().optional(),
  /** 'packed': the shipment packed in this session and what went into it. */
  shipmentId: z.string().optional(),
  serials: z.record(z.string(), z.array(z.array(z.string()))).optional(),
  /** 'packed': how many units went into the shipment. */
  units: z.number().int().nonnegative().optional(),
  dimensions: Dimensions.optional(),
  weightKg: z.number().nonnegative().optional(),
  printer: z.string().optional(),
  /** 'closed': why ('done', 'abandoned', 'put-aside'...). */
  reason: z.string().optional(),
  /** 'opened': the put-aside session this one carries on from; its scans stay there (session-lineage.ts). */
  resumes: z.string().min(1).optional(),
});
export type SessionRecord = z.infer<typeof SessionRecord>;

export const JournalRecord = z.discriminatedUnion('type', [IntentRecord, OutcomeRecord, ScanRecord, SessionRecord]);
export type JournalRecord = z.infer<typeof JournalRecord>;

/** What callers pass: the journal adds seq and at. */
type Input<T> = Omit<T, 'type' | 'seq' | 'at'>;
export type IntentInput = Input<IntentRecord>;
export type OutcomeInput = Input<OutcomeRecord>;
export type ScanInput = Input<ScanRecord>;
export type SessionInput = Input<SessionRecord>;

/** An intent still waiting for its outcome: reconcile it against the marketplace on start. */
export interface OpenIntent {
  intent: IntentRecord;
  /** An 'unknown' outcome keeps the intent open: only 'ok' or 'failed' settles it. */
  lastOutcome?: OutcomeRecord;
}

/** A pack session that was not closed, with everything scanned in it, in order. */
export interface OpenSession {
  sessionId: string;
  opened: SessionRecord;
  scans: ScanRecord[];
  packed: SessionRecord[];
}

/** A refused scan's reason for its record: the English words, and the keys when the desk gave them. */
export function refusalOf(said: { text: string; sentences?: KeyedSentence[] }): Pick<ScanRecord, 'refused' | 'refusedSentences'> {
  return { refused: said.text, ...(said.sentences?.length ? { refusedSentences: said.sentences } : {}) };
}
