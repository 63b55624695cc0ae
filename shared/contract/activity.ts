// The journal as an audit trail (issue "packing desk app", screen 8).
import { z } from 'zod';
import { command, KeyedSentence } from './define.js';

export const ActivityEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  kind: z.string(),
  text: z.string(),
  /** The sentence as a catalogue key, said in the desk's language; `text` is its English. */
  sentence: KeyedSentence.optional(),
  /** A refused scan's reason as catalogue keys, said in place of the sentence's {{reason}} (older records: none). */
  reasons: z.array(KeyedSentence).max(8).optional(),
  shipmentIds: z.array(z.string()),
  operator: z.string().optional(),
  status: z.string().optional(),
});

export const ActivityStats = z.object({
  shifts: z.array(z.object({ label: z.string(), packs: z.number().int(), scans: z.number().int(), errors: z.number().int() })),
  packsPerHour: z.array(z.object({ hour: z.string(), packs: z.number().int() })),
  /** The day's counts per operator (who was signed in, or the desk's operator setting). */
  operators: z.array(z.object({ operator: z.string(), packs: z.number().int(), scans: z.number().int(), refused: z.number().int() })).default([]),
});

const Id = z.string().min(1).max(128);

/** A step of the scan-out check at the truck, which runs on the desk alone: journaled for the audit trail. */
export const ScanOutStep = z.discriminatedUnion('event', [
  z.object({ event: z.literal('loaded'), shipmentId: Id, code: Id, loaded: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  z.object({ event: z.literal('notOnManifest'), code: Id }),
  /** The lead ticked a box off by hand after a confirmation: its slip would not scan. */
  z.object({ event: z.literal('tickedByLead'), shipmentId: Id, box: z.number().int().positive(), of: z.number().int().positive(), loaded: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  z.object({ event: z.literal('closed'), loaded: z.number().int().nonnegative(), total: z.number().int().nonnegative(), missing: z.array(Id).max(5000) }),
]);
export type ScanOutStep = z.infer<typeof ScanOutStep>;

export const activityCommands = {
  'activity.search': command(z.object({ text: z.string().max(100).optional(), from: z.string().optional(), to: z.string().optional(), limit: z.number().int().min(1).max(2000).default(200), language: z.string().max(20).optional() }), z.array(ActivityEntry), 'Search the audit trail; the text is also matched against each sentence in `language` (the desk\'s).'),
  'activity.scanOut': command(ScanOutStep, z.object({}), 'Journal a step of the scan-out check (a parcel loaded, a parcel not on the manifest, a box the lead ticked off by hand, the check closed).'),
  'activity.stats': command(z.object({ day: z.string().optional() }), ActivityStats, 'Counts per shift and packs per hour.'),
} as const;
