// The bulk price and inventory files of the listings screen: a CSV with a header row, read into
// per-row values with the file's row number on every problem (the header is row 1).
//
// Why a parser of our own: the format is fixed and small (four columns, numbers and ids), and
// what matters is exact row numbers for the seller, including rows whose quoted fields span
// lines. The RFC 4180 rules needed (quotes, doubled quotes, commas and line breaks inside
// quotes, CRLF or LF, a leading byte-order mark) fit in one screen; a general CSV library adds
// dialect options we must then pin and still does not report rows the way the seller counts them.
import { StationError } from '../../../../shared/contract/define.js';

/** Rows after the header a bulk file may carry; a larger file is refused, not half-read. */
export const MAX_BULK_ROWS = 5000;

export const BULK_COLUMNS = {
  price: ['sku', 'product_id', 'mrp', 'selling_price'],
  inventory: ['sku', 'product_id', 'location_id', 'inventory'],
} as const;
export type BulkKind = keyof typeof BULK_COLUMNS;

export interface CsvRecord {
  /** Row number as a spreadsheet shows it: the header is 1, the first data row 2. */
  row: number;
  fields: string[];
}

/**
 * Splits CSV text into records. Throws StationError with the row where the quoting is broken.
 * Empty lines are skipped (a trailing newline, blank lines a spreadsheet left).
 */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowStart = 1;
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    fields.push(wasQuoted ? field : field.trim());
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === '')) records.push({ row: rowStart, fields });
    fields = [];
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field.trim() !== '') throw new StationError('CSV_INVALID', `Row ${line}: a quote (") appears inside an unquoted value. Put the whole value in quotes and double any quote inside it.`);
      field = '';
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') endField();
    else if (c === '\r' || c === '\n') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      rowStart = line;
    } else if (wasQuoted) {
      if (c.trim() !== '') throw new StationError('CSV_INVALID', `Row ${line}: there is text after a closing quote. Put the whole value in quotes.`);
    } else field += c;
  }
  if (quoted) throw new StationError('CSV_INVALID', `Row ${rowStart}: a quoted value is never closed. Add the closing quote (").`);
  if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
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
  const example = expected.join(',');
  if (records.length === 0) throw new StationError('CSV_EMPTY', `The file is empty. Its first row must be the header ${example}.`);
  const [header, ...rows] = records;
  const names = header.fields.map((f) => f.toLowerCase());
  const unknown = names.filter((n) => !expected.includes(n));
  const missing = expected.filter((n) => !names.includes(n));
  if (unknown.length > 0 || missing.length > 0) {
    const parts = [missing.length ? `missing ${missing.join(', ')}` : '', unknown.length ? `unknown ${unknown.map((u) => `"${u}"`).join(', ')}` : ''].filter(Boolean);
    throw new StationError('CSV_HEADER', `Row 1 must be the header ${example} for a ${kind} file (${parts.join('; ')}).`);
  }
  if (rows.length === 0) throw new StationError('CSV_EMPTY', `The file has a header but no rows. Add one row per ${kind === 'price' ? 'SKU' : 'SKU and location'} under ${example}.`);
  if (rows.length > MAX_BULK_ROWS) {
    throw new StationError('CSV_TOO_LARGE', `The file has ${rows.length} rows; at most ${MAX_BULK_ROWS} can be read at once. Split it into smaller files.`);
  }
  const col = Object.fromEntries(expected.map((n) => [n, names.indexOf(n)]));
  return rows.map((r) => readLine(r, kind, col, names.length));
}

function readLine(r: CsvRecord, kind: BulkKind, col: Record<string, number>, width: number): BulkLine {
  const get = (name: string) => r.fields[col[name]] ?? '';
  const line: BulkLine = { row: r.row, sku: get('sku'), productId: get('product_id') };
  const problems: string[] = [];
  if (r.fields.length !== width) problems.push(`it has ${r.fields.length} values where the header has ${width}`);
  if (!line.sku) problems.push('sku is empty');
  const whole = (name: string, min: number): number | undefined => {
    const text = get(name);
    if (!/^\d+$/.test(text)) {
      problems.push(text === '' ? `${name} is empty` : `${name} "${text}" is not a whole number${/[.,]/.test(text) ? ' (write it without decimals or separators)' : ''}`);
      return undefined;
    }
    const n = Number(text);
    if (n < min) problems.push(`${name} must be at least ${min}`);
    return n;
  };
  if (kind === 'price') {
    line.mrp = whole('mrp', 0);
    // spec § Listing operations, update/price: selling_price is a Positive Integer.
    line.sellingPrice = whole('selling_price', 1);
  } else {
    line.locationId = get('location_id');
    if (!line.locationId) problems.push('location_id is empty');
    line.inventory = whole('inventory', 0);
  }
  if (problems.length > 0) line.problem = `Row ${r.row}: ${problems.join('; ')}.`;
  return line;
}
