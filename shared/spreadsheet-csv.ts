// The one CSV writer of the app (Queue, Activity, warehouse Activity, listings bulk files, the
// barcode catalogue) and the matching cell reader of its importers. A text cell a spreadsheet
// would run as a formula (starting with = + - @, a tab or a carriage return) is written with a
// leading apostrophe, which spreadsheets show as plain text; papaparse adds it (escapeFormulae).
// The importers take that apostrophe off again, so a SKU such as "=1+2" or "-5-PACK" comes back
// as it went out.
import Papa from 'papaparse';

/** Excel opens a UTF-8 file as UTF-8 only when it starts with the byte-order mark. */
export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Text cells that are escaped. A cell that is only a negative number ("-3", "-2.50") is left as it
 * is: spreadsheets read it as a number, not a formula, and a count or an amount must stay one.
 * Numbers passed as numbers are never escaped (papaparse escapes strings only). A value already
 * starting with apostrophes before a formula sign gets one more, so reading back is exact.
 */
const FORMULA_CELL_RE = /^(?!-\d+(?:\.\d+)?$)'*[=+\-@\t\r]/;
/** The apostrophe the writer put in front: one, before what made the cell look like a formula. */
const ESCAPED_CELL_RE = /^'(?=(?!-\d+(?:\.\d+)?$)'*[=+\-@\t\r])/;

export type CsvCell = string | number;

/** CSV text a spreadsheet opens as it is: CRLF, quotes only where needed, no formula in any cell. */
export function writeSpreadsheetCsv(rows: readonly (readonly CsvCell[])[], options: { byteOrderMark?: boolean } = {}): string {
  const body = Papa.unparse(
    rows.map((r) => [...r]),
    { newline: '\r\n', escapeFormulae: FORMULA_CELL_RE },
  );
  return `${options.byteOrderMark ? BYTE_ORDER_MARK : ''}${body}\r\n`;
}

/** A cell as the app wrote it: the apostrophe the writer added before a formula sign taken off. */
export function cellFromSpreadsheet(value: string): string {
  return value.replace(ESCAPED_CELL_RE, '');
}

