// CSV input of `station listings update-price|update-inventory`: a header row, then one row per
// SKU (inventory: one row per SKU and location, grouped by SKU). Rows are checked with zod against
// the spec's rules (§ Listing operations: product_id 13 to 16 characters, mrp a non-negative
// integer, selling_price a positive integer, inventory a non-negative integer); a bad row is
// reported with its line number and left out, the good rows still go.
import { z } from 'zod';
import type { InventoryUpdateInput, PriceUpdateInput } from '../../../shared/api/listings.js';

export interface RowProblem {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  message: string;
}

/** Splits CSV text into rows (RFC 4180 quoting: "a,b" and "" for a quote). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const wholeNumber = (name: string, min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`));
const productId = z.string().trim().min(13, 'product_id has 13 to 16 characters').max(16, 'product_id has 13 to 16 characters');
const sku = z.string().trim().min(1, 'sku is empty');

const PriceRow = z.object({
  sku,
  product_id: productId,
  mrp: wholeNumber('mrp', 0),
  selling_price: wholeNumber('selling_price', 1),
  currency: z.literal('INR', 'currency must be INR').default('INR'),
});
const InventoryRow = z.object({ sku, product_id: productId, location_id: z.string().trim().min(1, 'location_id is empty'), inventory: wholeNumber('inventory', 0) });

interface Parsed<T> {
  bySku: Record<string, T>;
  problems: RowProblem[];
}

function rowsOf(text: string, required: string[]): { records: { line: number; values: Record<string, string> }[]; problems: RowProblem[] } {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = required.filter((r) => !header.includes(r));
  if (rows.length === 0 || missing.length > 0) return { records: [], problems: [{ line: 1, message: `The header must name ${required.join(', ')} (missing: ${missing.join(', ') || 'the header'}).` }] };
  const records: { line: number; values: Record<string, string> }[] = [];
  rows.slice(1).forEach((cells, n) => {
    if (cells.every((c) => c.trim() === '')) return;
    const values: Record<string, string> = {};
    header.forEach((h, i) => {
      if (cells[i] !== undefined && cells[i].trim() !== '') values[h] = cells[i];
    });
    records.push({ line: n + 2, values });
  });
  return { records, problems: [] };
}

const issueText = (e: z.ZodError) => e.issues.map((i) => (i.message.includes(String(i.path[0] ?? '')) ? i.message : `${String(i.path[0] ?? 'row')}: ${i.message}`)).join('; ');

export function parsePriceCsv(text: string): Parsed<PriceUpdateInput> {
  const { records, problems } = rowsOf(text, ['sku', 'product_id', 'mrp', 'selling_price']);
  const bySku: Record<string, PriceUpdateInput> = {};
  for (const r of records) {
    const p = PriceRow.safeParse(r.values);
    if (!p.success) problems.push({ line: r.line, message: issueText(p.error) });
    else if (p.data.selling_price > p.data.mrp) problems.push({ line: r.line, message: 'selling_price must not exceed mrp (spec § Order item: sellingPrice is at most MRP).' });
    else if (bySku[p.data.sku]) problems.push({ line: r.line, message: `SKU ${p.data.sku} appears twice; only its first row is used.` });
    else bySku[p.data.sku] = { product_id: p.data.product_id, price: { mrp: p.data.mrp, selling_price: p.data.selling_price, currency: 'INR' } };
  }
  return { bySku, problems };
}

export function parseInventoryCsv(text: string): Parsed<InventoryUpdateInput> {
  const { records, problems } = rowsOf(text, ['sku', 'product_id', 'location_id', 'inventory']);
  const bySku: Record<string, InventoryUpdateInput> = {};
  for (const r of records) {
    const p = InventoryRow.safeParse(r.values);
    if (!p.success) {
      problems.push({ line: r.line, message: issueText(p.error) });
      continue;
    }
    const entry = (bySku[p.data.sku] ??= { product_id: p.data.product_id, locations: [] });
    if (entry.product_id !== p.data.product_id) problems.push({ line: r.line, message: `SKU ${p.data.sku} has another product_id on an earlier row.` });
    else if (entry.locations.some((l) => l.id === p.data.location_id)) problems.push({ line: r.line, message: `SKU ${p.data.sku} at ${p.data.location_id} appears twice.` });
    else entry.locations.push({ id: p.data.location_id, inventory: p.data.inventory });
  }
  return { bySku, problems };
}
