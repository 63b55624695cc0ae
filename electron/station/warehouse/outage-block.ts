// The invoice numbers a desk holds for an outage of the warehouse database: allocated to the
// desk in the database beforehand (status 'block'), kept in a file on the desk so they survive
// a restart during the outage, handed out while the database is away, and reported back (what
// each number became) once it returns. Written durably before a number is handed out.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileDurably } from '../journal/durable-file.js';

const OfflineUse = z.object({
  invoiceNumber: z.string(),
  orderId: z.string(),
  shipmentId: z.string().optional(),
  reservedAt: z.iso.datetime(),
  status: z.enum(['reserved', 'used', 'void']),
  settledAt: z.iso.datetime().optional(),
  voidReason: z.string().optional(),
});
export type OfflineUse = z.infer<typeof OfflineUse>;

export const OutageBlock = z.object({
  format: z.literal(1),
  registration: z.string(),
  financialYear: z.string(),
  /** Numbers of the block not handed out yet, lowest first. */
  available: z.array(z.string()),
  /** Numbers handed out during an outage, not yet reported to the database. */
  used: z.array(OfflineUse),
});
export type OutageBlock = z.infer<typeof OutageBlock>;

export interface OutageBlockStore {
  load(): OutageBlock | undefined;
  save(block: OutageBlock): void;
}

/** The block in a file of the desk's data folder (0600, replaced atomically). */
export function fileOutageBlockStore(path: string): OutageBlockStore {
  return {
    load() {
      if (!existsSync(path)) return undefined;
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        raw = undefined;
      }
      const parsed = OutageBlock.safeParse(raw);
      // Never drop the record of numbers used offline: they must reach the database.
      if (!parsed.success) throw new Error(`The outage invoice block ${path} is damaged. Restore it from a backup; the numbers in it were not reissued.`);
      return parsed.data;
    },
    save(block) {
      writeFileDurably(path, `${JSON.stringify(block, null, 1)}\n`);
    },
  };
}
