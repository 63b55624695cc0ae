// The bulk price and stock files a seller fills in a spreadsheet: one reader and one writer for
// the app's Listings screen, its station handlers and the `station listings` command. papaparse
// does the CSV itself (quotes, doubled quotes, line breaks inside quotes, CRLF, the delimiter a
// locale's Excel writes: comma, semicolon or tab); this module adds what a seller needs on top:
// the byte-order mark Excel writes and reads, the header check, whole numbers, and row numbers as
// the spreadsheet shows them (the header is row 1; a cell holding a line break is still one row).
import Papa from 'papaparse';
import { StationError } from './contract/define.js';

/** Rows after the header a bulk file may carry; a larger file is refused, not half-read. */
export const MAX_BULK_ROWS = 5000;

export const BULK_COLUMNS = {
  price: ['sku', 'product_id', 'mrp', 'selling_price'],
  inventory: ['sku', 'product_id', 'location_id', 'inventory'],
} as const;
export type BulkKind = keyof typeof BULK_COLUMNS;

/** Columns an export adds so the seller knows which product a row is; a file may keep or drop them. */
export const INFORMATION_COLUMNS = ['title'] as const;

/** Excel opens a UTF-8 file as UTF-8 only when it starts with the byte-order mark. */
const BOM = '\uFEFF';
const DELIMITERS = [',', ';', '\t'];

export interface CsvRecord {
  /** Row number as a spreadsheet shows it: the header is 1, the first data row 2. */
  row: number;
  fields: string[];
}

/** Splits CSV text into records; blank rows are left out but keep their numbers. */
export function parseCsv(text: string): CsvRecord[] {
  // One kind of line break: a file pasted together from two sources may mix CRLF and LF.
  const src = (text.startsWith(BOM) ? text.slice(BOM.length) : text).replace(/\r\n?/g, '\n');
  const parsed = Papa.parse<string[]>(src, { skipEmptyLines: false, delimitersToGuess: DELIMITERS, newline: '\n' });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw new StationError('CSV_INVALID', `Row ${(broken.row ?? 0) + 1}: a quoted value is never closed. Add the closing quote (").`);
  const records: CsvRecord[] = [];
  parsed.data.forEach((raw, i) => {
    const fields = raw.map((f) => f.trim());
    if (fields.every((f) => f === '')) return;
    records.push({ row: i + 1, fields });
  });
  return records;
}

/** CSV text a spreadsheet opens as it is: byte-order mark, CRLF, quotes only where needed. */
export function writeCsv(rows: readonly (readonly (string | number)[])[]): string {
  return BOM + Papa.unparse(rows.map((r) => r.map(String)), { newline: '\r\n' }) + '\r\n';
}

export interface BulkLine {
  row: number;
  sku: string;
  productId: string;
  /** price: mrp and selling price; inventory: location and count. Absent when the row has a problem. */
  mrp?: number;
  sellingPrice?: number;
  locationId?: string;
  inventory?: number;
  problem?: string;
}

/**
 * Reads a bulk file of a kind: checks the header (any column order, no unknown or missing
 * column), the size, and each row's whole numbers. Rules of the marketplace (selling price not
 * above MRP, product id length...) are checked later with the shared listing rules.
 */
export function readBulkCsv(text: string, kind: BulkKind): BulkLine[] {
  const records = parseCsv(text);
  const expected: readonly string[] = BULK_COLUMNS[kind];
  const allowed = [...expected, ...INFORMATION_COLUMNS];
  const example = expected.join(',');
  if (records.length === 0) throw new StationError('CSV_EMPTY', `The file is empty. Its first row must be the header ${example}.`);
  const [header, ...rows] = records as [CsvRecord, ...CsvRecord[]];
  const names = header.fields.map((f) => f.toLowerCase());
  const unknown = names.filter((n) => !allowed.includes(n));
  const missing = expected.filter((n) => !names.includes(n));
  if (unknown.length > 0 || missing.length > 0) {
    const parts = [missing.length ? `missing ${missing.join(', ')}` : '', unknown.length ? `unknown ${unknown.map((u) => `"${u}"`).join(', ')}` : ''].filter(Boolean);
    throw new StationError('CSV_HEADER', `Row ${header.row} must be the header ${example} for a ${kind} file (${parts.join('; ')}). Download the template or an export to start from.`);
  }
  if (rows.length === 0) throw new StationError('CSV_EMPTY', `The file has a header but no rows. Add one row per ${kind === 'price' ? 'SKU' : 'SKU and location'} under ${example}.`);
  if (rows.length > MAX_BULK_ROWS) {
    throw new StationError('CSV_TOO_LARGE', `The file has ${rows.length} rows; at most ${MAX_BULK_ROWS} can be read at once. Split it into smaller files.`);
  }
  const col = Object.fromEntries(expected.map((n) => [n, names.indexOf(n)]));
  return rows.map((r) => readLine(r, kind, col, names.length));
}

/** Each column as the listing form names its field (the file keeps the request's column names). */
const COLUMN_WORDS: Record<string, string> = { sku: 'SKU', product_id: 'Product ID', mrp: 'MRP', selling_price: 'Selling price', location_id: 'Location', inventory: 'Stock' };

function readLine(r: CsvRecord, kind: BulkKind, col: Record<string, number>, width: number): BulkLine {
  const get = (name: string) => r.fields[col[name]!] ?? '';
  const line: BulkLine = { row: r.row, sku: get('sku'), productId: get('product_id') };
  const problems: string[] = [];
  if (r.fields.length > width) problems.push(`it has ${r.fields.length} values where the header has ${width}`);
  if (!line.sku) problems.push('SKU is empty');
  const whole = (name: string, min: number): number | undefined => {
    const text = get(name);
    // A spreadsheet may write a whole number as 1299.00; anything else after the point is a real decimal.
    if (!/^\d+(?:\.0+)?$/.test(text)) {
      const field = COLUMN_WORDS[name] ?? name;
      problems.push(text === '' ? `${field} is empty` : `${field} "${text}" is not a whole number${/[.,]/.test(text) ? ' (write it without decimals or separators)' : ''}`);
      return undefined;
    }
    const n = Number(text);
    if (n < min) problems.push(`${COLUMN_WORDS[name] ?? name} must be at least ${min}`);
    return n;
  };
  if (kind === 'price') {
    line.mrp = whole('mrp', 0);
    // spec § Listing operations, update/price: selling_price is a Positive Integer.
    line.sellingPrice = whole('selling_price', 1);
  } else {
    line.locationId = get('location_id');
    if (!line.locationId) problems.push('Location is empty');
    line.inventory = whole('inventory', 0);
  }
  if (problems.length > 0) line.problem = `Row ${r.row}: ${problems.join('; ')}.`;
  return line;
}

/** What an export needs of a listing. */
export interface ExportListing {
  sku: string;
  productId: string;
  title: string;
  mrp: number;
  sellingPrice: number;
  /** Stock per location id. */
  inventory: Record<string, number>;
}

/** A file with the header only, to fill in. */
export function bulkTemplate(kind: BulkKind): string {
  return writeCsv([[...BULK_COLUMNS[kind], ...INFORMATION_COLUMNS]]);
}

/** The listings as they are, in the columns the import reads (inventory: one row per location). */
export function bulkExport(kind: BulkKind, listings: readonly ExportListing[]): string {
  const rows: (string | number)[][] = [[...BULK_COLUMNS[kind], ...INFORMATION_COLUMNS]];
  for (const l of listings) {
    const title = harmlessTitle(l.title);
    if (kind === 'price') rows.push([l.sku, l.productId, l.mrp, l.sellingPrice, title]);
    else for (const [loc, n] of Object.entries(l.inventory)) rows.push([l.sku, l.productId, loc, n, title]);
  }
  return writeCsv(rows);
}

/** A title starting with = + - @ would run as a formula when the file is opened in a spreadsheet. */
function harmlessTitle(title: string): string {
  return /^[=+\-@\t\r]/.test(title) ? `'${title}` : title;
}
