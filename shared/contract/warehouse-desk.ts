// Commands and events of warehouse mode at the desk: Setup -> Warehouse (the database address,
// its password, TLS, the registration and the desk's name, "Test connection") and the lead's
// release of a claim. The password goes in and never comes back: views carry the address
// without it and a flag that one is stored.
import { z } from 'zod';
import { command, event, KeyedSentence, NoArgs } from './define.js';

export const WarehouseView = z.object({
  enabled: z.boolean(),
  /** Where the address came from: 'command line', 'STATION_WAREHOUSE_URL' or 'settings'. */
  source: z.string().optional(),
  desk: z.string().optional(),
  /** The address with any password masked. */
  address: z.string().optional(),
  online: z.boolean().optional(),
  /** Why the database is away or refused this desk, in words. */
  reason: z.string().optional(),
  /** The reason as a catalogue key, said in the desk's language. */
  reasonSentence: KeyedSentence.optional(),
  problem: z.string().optional(),
  /** The problem as a catalogue key, said in the desk's language. */
  problemSentence: KeyedSentence.optional(),
  schemaVersion: z.number().optional(),
  /** Invoice numbers this desk holds for an outage. */
  outageNumbers: z.number().optional(),
  /** Packs made during an outage not yet recorded in the database. */
  unrecorded: z.number().optional(),
  outboxWaiting: z.number().optional(),
  /** True when a database password is stored with the desk's secrets (never the password itself). */
  passwordStored: z.boolean(),
});
export type WarehouseView = z.infer<typeof WarehouseView>;

export const WarehouseForm = z.object({
  /** postgres://user@host:port/database, without the password. Empty: this desk works alone. */
  url: z.string(),
  /** A new password; absent or empty keeps the stored one. */
  password: z.string().optional(),
  sslMode: z.enum(['auto', 'verify-full', 'disable']),
  caFile: z.string(),
  registration: z.string(),
  deskName: z.string(),
});
export type WarehouseForm = z.infer<typeof WarehouseForm>;

export const ConnectionTest = z.object({
  ok: z.boolean(),
  /** What happened, in words: connected (schema version), refused, wrong password, certificate problem, schema newer. */
  text: z.string(),
  /** The same words as a catalogue key, said in the desk's language. */
  sentence: KeyedSentence.optional(),
});

/** `sentences`: the words of `text` as catalogue keys, said again in the desk's language. */
export const ReleaseClaimResult = z.object({ released: z.boolean(), text: z.string(), sentences: z.array(KeyedSentence).max(4).optional() });

export const warehouseDeskCommands = {
  'warehouse.link': command(NoArgs, WarehouseView, 'The warehouse link of this desk (no password).'),
  'warehouse.save': command(WarehouseForm, WarehouseView, 'Saves Setup -> Warehouse and reconnects at once.'),
  'warehouse.test': command(WarehouseForm, ConnectionTest, 'Tries the given connection (the stored password when none is typed) and says what happened.'),
  'claims.release': command(z.object({ shipmentId: z.string().trim().min(1) }), ReleaseClaimResult, "A lead frees a shipment another desk holds (not a packed one)."),
} as const;

export const warehouseDeskEvents = {
  'warehouse.changed': event(WarehouseView, 'The warehouse link changed (connected, away, back, reconfigured).'),
} as const;
