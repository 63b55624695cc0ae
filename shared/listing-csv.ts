// The bulk price and stock files a seller fills in a spreadsheet: one reader and one writer for
// the app's Listings screen, its station handlers and the `station listings` command. papaparse
// does the CSV itself (quotes, doubled quotes, line breaks inside quotes, CRLF, the delimiter a
// locale's Excel writes: comma, semicolon or tab); this module adds what a seller needs on top:
// the byte-order mark Excel writes and reads (the writer itself is shared/spreadsheet-csv.ts), the header check, whole numbers, and row numbers as
// the spreadsheet shows them (the header is row 1; a cell holding a line break is still one row).
import Papa from 'papaparse';
import { StationError, type KeyedSentence } from './contract/define.js';
import { englishSentence, keyed, keyedError } from './i18n/station-sentences.js';
import { BYTE_ORDER_MARK, cellFromSpreadsheet, writeSpreadsheetCsv, type CsvCell } from './spreadsheet-csv.js';

/** Rows after the header a bulk file may carry; a larger file is refused, not half-read. */
export const MAX_BULK_ROWS = 5000;
/** The largest bulk file the station reads (its contract's limit on the text): 5,000 rows fit many times over. */
export const MAX_BULK_FILE_CHARS = 5_000_000;

export const BULK_COLUMNS = {
  price: ['sku', 'product_id', 'mrp', 'selling_price'],
  inventory: ['sku', 'product_id', 'location_id', 'inventory'],
} as const;
export type BulkKind = keyof typeof BULK_COLUMNS;

/** Columns an export adds so the seller knows which product a row is; a file may keep or drop them. */
export const INFORMATION_COLUMNS = ['title'] as const;

const BOM = BYTE_ORDER_MARK;
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
  if (broken) throw keyedError('CSV_INVALID', 'listings.bulk.csv.unclosedQuote', { row: (broken.row ?? 0) + 1 });
  const records: CsvRecord[] = [];
  parsed.data.forEach((raw, i) => {
    // A value the app wrote with an apostrophe before a formula sign comes back without it.
    const fields = raw.map((f) => cellFromSpreadsheet(f.trim()));
    if (fields.every((f) => f === '')) return;
    records.push({ row: i + 1, fields });
  });
  return records;
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
  /** What is wrong with the row, in English ("Row 4: MRP is empty."), and as keyed sentences in `said`. */
  problem?: string;
  said?: KeyedSentence[];
}

/** Adds sentences to a row's problem, which starts "Row N:" so every problem names its row. */
export function addProblem(line: BulkLine, ...sentences: KeyedSentence[]): void {
  line.said = [...(line.said ?? [keyed('listings.bulk.row', { row: line.row })]), ...sentences];
  line.problem = line.said.map(englishSentence).join(' ');
}

/** A refusal with phrases said inside it in the same language (the file's kind, what is wrong with the header). */
function refusal(code: string, sentence: KeyedSentence): StationError {
  return new StationError(code, englishSentence(sentence), sentence);
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
  if (records.length === 0) throw keyedError('CSV_EMPTY', 'listings.bulk.csv.empty', { header: example });
  const [header, ...rows] = records as [CsvRecord, ...CsvRecord[]];
  const names = header.fields.map((f) => f.toLowerCase());
  const unknown = names.filter((n) => !allowed.includes(n));
  const missing = expected.filter((n) => !names.includes(n));
  if (unknown.length > 0 || missing.length > 0) {
    const gone = missing.join(', ');
    const strange = unknown.map((u) => `"${u}"`).join(', ');
    const problems = !unknown.length ? keyed('listings.bulk.csv.missing', { columns: gone }) : !missing.length ? keyed('listings.bulk.csv.unknown', { columns: strange }) : keyed('listings.bulk.csv.missingUnknown', { missing: gone, unknown: strange });
    const kindWords = kind === 'price' ? keyed('listings.bulk.csv.kindPrice') : keyed('listings.bulk.csv.kindStock');
    throw refusal('CSV_HEADER', keyed('listings.bulk.csv.header', { row: header.row, header: example }, { kind: kindWords, problems }));
  }
  if (rows.length === 0) throw kind === 'price' ? keyedError('CSV_EMPTY', 'listings.bulk.csv.noRowsPrice', { header: example }) : keyedError('CSV_EMPTY', 'listings.bulk.csv.noRowsStock', { header: example });
  if (rows.length > MAX_BULK_ROWS) throw keyedError('CSV_TOO_LARGE', 'listings.bulk.csv.tooManyRows', { rows: rows.length, max: MAX_BULK_ROWS });
  const col = Object.fromEntries(expected.map((n) => [n, names.indexOf(n)]));
  return rows.map((r) => readLine(r, kind, col, names.length));
}

/** Each column as the listing form names its field (the file keeps the request's column names). */
const COLUMN_WORDS: Record<string, KeyedSentence> = {
  product_id: keyed('listings.field.productId'),
  mrp: keyed('listings.field.mrp'),
  selling_price: keyed('listings.field.sellingPrice'),
  location_id: keyed('listings.field.locationAny'),
  inventory: keyed('listings.bulk.stock'),
};

function readLine(r: CsvRecord, kind: BulkKind, col: Record<string, number>, width: number): BulkLine {
  const get = (name: string) => r.fields[col[name]!] ?? '';
  const line: BulkLine = { row: r.row, sku: get('sku'), productId: get('product_id') };
  const problems: KeyedSentence[] = [];
  if (r.fields.length > width) problems.push(keyed('listings.bulk.tooManyValues', { values: r.fields.length, width }));
  if (!line.sku) problems.push(keyed('listings.bulk.skuEmpty'));
  const whole = (name: string, min: number): number | undefined => {
    const text = get(name);
    const field = { field: COLUMN_WORDS[name]! };
    // A spreadsheet may write a whole number as 1299.00; anything else after the point is a real decimal.
    if (!/^\d+(?:\.0+)?$/.test(text)) {
      problems.push(text === '' ? keyed('listings.bulk.fieldEmpty', {}, field) : /[.,]/.test(text) ? keyed('listings.bulk.notWholeDecimals', { text }, field) : keyed('listings.bulk.notWhole', { text }, field));
      return undefined;
    }
    const n = Number(text);
    if (n < min) problems.push(keyed('listings.bulk.atLeast', { min }, field));
    return n;
  };
  if (kind === 'price') {
    line.mrp = whole('mrp', 0);
    // spec § Listing operations, update/price: selling_price is a Positive Integer.
    line.sellingPrice = whole('selling_price', 1);
  } else {
    line.locationId = get('location_id');
    if (!line.locationId) problems.push(keyed('listings.bulk.locationEmpty'));
    line.inventory = whole('inventory', 0);
  }
  if (problems.length > 0) addProblem(line, ...problems);
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
  return writeSpreadsheetCsv([[...BULK_COLUMNS[kind], ...INFORMATION_COLUMNS]], { byteOrderMark: true });
}

/** The listings as they are, in the columns the import reads (inventory: one row per location). */
export function bulkExport(kind: BulkKind, listings: readonly ExportListing[]): string {
  const rows: CsvCell[][] = [[...BULK_COLUMNS[kind], ...INFORMATION_COLUMNS]];
  // Prices and stock go as numbers, the rest as text the writer keeps from running as formulas.
  for (const l of listings) {
    if (kind === 'price') rows.push([l.sku, l.productId, l.mrp, l.sellingPrice, l.title]);
    else for (const [loc, n] of Object.entries(l.inventory)) rows.push([l.sku, l.productId, loc, n, l.title]);
  }
  return writeSpreadsheetCsv(rows, { byteOrderMark: true });
}

