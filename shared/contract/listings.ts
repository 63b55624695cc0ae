// Listings (issue "packing desk app", screen 7). Per-SKU results keep attribute paths, so the
// form can show each error at the field it names.
import { z } from 'zod';
import { InternalState } from '../api/enums.js';
import { command, KeyedSentence } from './define.js';
import { MAX_BULK_FILE_CHARS } from '../listing-csv.js';

export const ListingRow = z.object({
  sku: z.string(),
  productId: z.string(),
  title: z.string(),
  status: z.string(),
  mrp: z.number(),
  sellingPrice: z.number(),
  inventory: z.record(z.string(), z.number()),
});
export type ListingRow = z.infer<typeof ListingRow>;

export const SkuResult = z.object({
  sku: z.string(),
  status: z.enum(['success', 'failure', 'warning']),
  /** `sentence`: the station's own words of `text` as a catalogue key (the marketplace's words have none). */
  messages: z.array(
    z.object({
      severity: z.string(),
      text: z.string(),
      sentence: KeyedSentence.optional(),
      /** Several of the station's sentences said one after another (a bulk row's problem, then what was done). */
      sentences: z.array(KeyedSentence).max(20).optional(),
      path: z.string().optional(),
      attribute: z.string().optional(),
    }),
  ),
});
export type SkuResult = z.infer<typeof SkuResult>;

/** One row of a bulk file: its number as the spreadsheet shows it, and whether it changes anything. */
export const BulkRow = z.object({
  row: z.number().int(),
  sku: z.string(),
  change: z.string(),
  changes: z.boolean(),
  problem: z.string().optional(),
  /** `change` and `problem` as the station's keyed sentences, for the desk's language. */
  changeSaid: z.array(KeyedSentence).max(20).optional(),
  problemSaid: z.array(KeyedSentence).max(20).optional(),
});

export const listingsCommands = {
  'listings.search': command(z.object({ state: InternalState, text: z.string().max(100).optional(), batchNo: z.number().int().nonnegative().default(0) }), z.object({ rows: z.array(ListingRow), total: z.number().int() }), 'Listings in an internal state, 20 per batch.'),
  'listings.get': command(z.object({ sku: z.string().min(1) }), z.object({ sku: z.string(), record: z.record(z.string(), z.unknown()).optional(), hyperlocal: z.boolean() }), 'One listing, whole.'),
  'listings.quickEdit': command(
    z.object({ sku: z.string(), productId: z.string(), mrp: z.number().int().nonnegative().optional(), sellingPrice: z.number().int().positive().optional(), inventory: z.array(z.object({ locationId: z.string(), inventory: z.number().int().nonnegative() })).optional() }),
    z.array(SkuResult),
    'Change price and/or inventory per location of one SKU.',
  ),
  'listings.save': command(z.object({ sku: z.string().min(1), listing: z.record(z.string(), z.unknown()), mode: z.enum(['create', 'update']), hyperlocal: z.boolean() }), SkuResult, 'Create or update a listing; errors come back at their attribute paths.'),
  'listings.bulkPreview': command(z.object({ csv: z.string().max(MAX_BULK_FILE_CHARS), kind: z.enum(['price', 'inventory']) }), z.object({ rows: z.array(BulkRow) }), 'Read a price or inventory CSV and say what it will change.'),
  'listings.bulkApply': command(
    z.object({ csv: z.string().max(MAX_BULK_FILE_CHARS), kind: z.enum(['price', 'inventory']), skus: z.array(z.string()).max(5000).optional() }),
    z.array(SkuResult),
    'Apply a price or inventory CSV (or only the given SKUs of it); per-SKU results.',
  ),
  'listings.exportCsv': command(z.object({ kind: z.enum(['price', 'inventory']) }), z.object({ csv: z.string(), fileName: z.string(), listings: z.number().int() }), 'The current listings as a bulk CSV with every column the import reads.'),
} as const;
