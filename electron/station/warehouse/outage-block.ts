// The invoice numbers a desk holds for an outage of the warehouse database: allocated to the
// desk in the database beforehand (status 'block'), kept in a file on the desk so they survive
// a restart during the outage, handed out while the database is away, and reported back (what
// each number became) once it returns. Written durably before a number is handed out.
import { z } from 'zod';
import { readJsonFile, writePrivateJsonFile } from '../../files/private-json-file.js';

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
      // Never drop the record of numbers used offline: they must reach the database.
      return readJsonFile(path, OutageBlock, `The outage invoice block ${path} is damaged. Restore it from a backup; the numbers in it were not reissued.`);
    },
    save(block) {
      writePrivateJsonFile(path, block);
    },
  };
}
