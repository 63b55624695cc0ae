// The barcode catalogue: product barcodes (EAN-13, UPC-A, GTIN-14, Code 128) linked to SKUs,
// learned at the Pack screen on a first scan and managed on the Listings screen (view, add,
// remove, CSV import and export). The catalogue lives in the station's data folder
// (electron/station/catalogue/).
import { z } from 'zod';
import { PRODUCT_BARCODE_FORMATS } from '../product-barcodes.js';
import { command, NoArgs } from './define.js';

export const BarcodeFormat = z.enum(PRODUCT_BARCODE_FORMATS);

export const BarcodeLinkView = z.object({
  code: z.string(),
  format: BarcodeFormat,
  sku: z.string(),
  title: z.string().optional(),
  source: z.enum(['scan', 'manual', 'import']),
  addedAt: z.string(),
});
export type BarcodeLinkView = z.infer<typeof BarcodeLinkView>;

/** The question the Pack screen asks about a product barcode the catalogue does not know. */
export const UnknownBarcodeView = z.object({ code: z.string(), format: BarcodeFormat });

export const CsvRowResultView = z.object({
  line: z.number().int(),
  code: z.string(),
  sku: z.string(),
  status: z.enum(['added', 'unchanged', 'refused']),
  text: z.string(),
});

const Code = z.string().min(1).max(128);
const Sku = z.string().min(1).max(64);

export const barcodesCommands = {
  'barcodes.list': command(NoArgs, z.array(BarcodeLinkView), 'Every barcode link of this desk, by SKU.'),
  'barcodes.add': command(z.object({ code: Code, sku: Sku }), z.object({ link: BarcodeLinkView, added: z.boolean(), text: z.string() }), 'Link a barcode to a SKU; a barcode of another SKU is refused with both names.'),
  'barcodes.remove': command(z.object({ code: Code }), z.object({ text: z.string() }), 'Remove a barcode link.'),
  'barcodes.import': command(z.object({ csv: z.string().max(5_000_000) }), z.object({ rows: z.array(CsvRowResultView), text: z.string() }), 'Link the barcodes of a CSV (barcode,sku[,title]); per-line results.'),
  'barcodes.export': command(NoArgs, z.object({ csv: z.string(), count: z.number().int() }), 'The catalogue as CSV (barcode,format,sku,title).'),
  'barcodes.learn': command(z.object({ code: Code, sku: Sku }), z.object({ text: z.string() }), 'Answer the Pack screen question: link the barcode to a product of the open shipment and count the unit.'),
  'barcodes.dismiss': command(NoArgs, z.object({ text: z.string() }), 'Esc at the Pack screen question: link nothing, count nothing.'),
} as const;
