// The barcode catalogue as CSV, for the Listings screen and the `station barcodes` command alike:
// one reader, one writer. Files come from spreadsheets, so the reader takes what Excel writes: a
// byte-order mark, semicolons instead of commas (locales with a decimal comma), quoted fields,
// CRLF line ends, blank lines, and column names in any case ("Barcode", "EAN", "GTIN", "SKU").
import Papa from 'papaparse';
import { cellFromSpreadsheet, writeSpreadsheetCsv } from '../../../shared/spreadsheet-csv.js';
import type { BarcodeCatalogue, BarcodeLink, LinkOutcome } from './barcode-catalogue.js';

export const CSV_COLUMNS = ['barcode', 'format', 'sku', 'title'] as const;

const BARCODE_HEADERS = ['barcode', 'ean', 'gtin', 'upc', 'code', 'product barcode'];
const SKU_HEADERS = ['sku', 'seller sku', 'seller_sku', 'sku id'];
const TITLE_HEADERS = ['title', 'name', 'product', 'product title'];

export interface CsvRowResult {
  /** The row's line in the file, counting the header as line 1. */
  line: number;
  code: string;
  sku: string;
  status: 'added' | 'unchanged' | 'refused';
  text: string;
}

export type CsvRead = { ok: true; rows: { line: number; code: string; sku: string; title?: string }[] } | { ok: false; text: string };

/** Reads the rows of a catalogue CSV; a file without barcode and SKU columns is refused in words. */
export function readCatalogueCsv(text: string): CsvRead {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  const [header, ...body] = parsed.data;
  if (!header) return { ok: false, text: 'The file is empty. A barcode CSV has a header line "barcode,sku" and one line per barcode.' };
  const names = header.map((h) => h.trim().toLowerCase());
  const col = (options: string[]) => names.findIndex((n) => options.includes(n));
  const codeAt = col(BARCODE_HEADERS);
  const skuAt = col(SKU_HEADERS);
  const titleAt = col(TITLE_HEADERS);
  if (codeAt < 0 || skuAt < 0) {
    return { ok: false, text: `The first line must name the columns "barcode" and "sku" (found: ${header.map((h) => `"${h.trim()}"`).join(', ') || 'nothing'}). Add that header line and import again.` };
  }
  const cell = (cells: string[], at: number) => cellFromSpreadsheet((cells[at] ?? '').trim());
  const rows = body.map((cells, n) => {
    const title = titleAt >= 0 ? cell(cells, titleAt) : '';
    return { line: n + 2, code: cell(cells, codeAt), sku: cell(cells, skuAt), ...(title ? { title } : {}) };
  });
  return { ok: true, rows };
}

/** Imports a CSV into the catalogue: every good row is linked, every other one says why not. */
export function importCatalogueCsv(catalogue: BarcodeCatalogue, text: string): { ok: true; rows: CsvRowResult[] } | { ok: false; text: string } {
  const read = readCatalogueCsv(text);
  if (!read.ok) return read;
  const outcomes = catalogue.linkAll(read.rows.map((r) => ({ code: r.code, sku: r.sku, title: r.title, source: 'import' as const })));
  return { ok: true, rows: read.rows.map((r, i) => rowResult(r.line, r.code, r.sku, outcomes[i])) };
}

function rowResult(line: number, code: string, sku: string, outcome: LinkOutcome): CsvRowResult {
  if (!outcome.ok) return { line, code, sku, status: 'refused', text: `Line ${line}: ${outcome.text}` };
  return { line, code, sku, status: outcome.added ? 'added' : 'unchanged', text: `Line ${line}: ${outcome.text}` };
}

/** The catalogue as CSV with a header line, comma-separated, fields quoted where needed. */
export function writeCatalogueCsv(links: readonly BarcodeLink[]): string {
  const data = links.map((l) => [l.code, l.format, l.sku, l.title ?? '']);
  // The writer puts an apostrophe before a value a spreadsheet would run as a formula ('=..., '-...);
  // reading takes it off again, so a SKU such as "-A1" comes back as it went out.
  return writeSpreadsheetCsv([[...CSV_COLUMNS], ...data]);
}
