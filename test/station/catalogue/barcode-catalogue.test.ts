// The barcode catalogue on its own: which codes it takes (check digits), one SKU per barcode with
// the refusal naming both products, several barcodes per SKU, CSV in and out as spreadsheets write
// it, and the file in the data folder (survives a restart, mode 0600, never half-written).
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readProductBarcode } from '../../../shared/product-barcodes.js';
import { BarcodeCatalogue } from '../../../electron/station/catalogue/barcode-catalogue.js';
import { CatalogueFile, MemoryCatalogueStore } from '../../../electron/station/catalogue/catalogue-file.js';
import { importCatalogueCsv, readCatalogueCsv, writeCatalogueCsv } from '../../../electron/station/catalogue/catalogue-csv.js';

const EAN = '4006381333931'; // Stabilo pen, a real EAN-13
const UPC = '036000291452'; // a real UPC-A
const GTIN14 = '10036000291459'; // case of the UPC above: indicator digit 1
const clock = () => new Date('2026-11-23T10:00:00Z');

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('product barcode formats', () => {
  it('reads EAN-13, UPC-A, GTIN-14 and Code 128, and refuses wrong check digits in words', () => {
    expect(readProductBarcode(EAN)).toMatchObject({ ok: true, format: 'EAN-13' });
    expect(readProductBarcode(UPC)).toMatchObject({ ok: true, format: 'UPC-A' });
    expect(readProductBarcode(GTIN14)).toMatchObject({ ok: true, format: 'GTIN-14' });
    expect(readProductBarcode('KTC-STD-004')).toMatchObject({ ok: true, format: 'Code 128' });
    expect(readProductBarcode('4006381333932')).toMatchObject({ ok: false, reason: expect.stringMatching(/\(EAN-13\) but its check digit is wrong/) });
    expect(readProductBarcode('036000291453')).toMatchObject({ ok: false, reason: expect.stringMatching(/\(UPC-A\).*check digit/) });
    expect(readProductBarcode('490154203237518')).toMatchObject({ ok: false, reason: expect.stringMatching(/IMEI/) });
    expect(readProductBarcode('SH12345678901234')).toMatchObject({ ok: false, reason: expect.stringMatching(/shipment, order or return id/) });
    expect(readProductBarcode('x'.repeat(49))).toMatchObject({ ok: false, reason: expect.stringMatching(/at most 48/) });
    expect(readProductBarcode('caf\u00e9')).toMatchObject({ ok: false, reason: expect.stringMatching(/cannot carry/) });
  });

  it('takes a UPC-A, its EAN-13 and its GTIN-14 with leading zeros as one product', () => {
    const catalogue = new BarcodeCatalogue(new MemoryCatalogueStore(), clock);
    expect(catalogue.link({ code: UPC, sku: 'SODA-12', source: 'manual' }).ok).toBe(true);
    expect(catalogue.skuFor(`0${UPC}`)).toBe('SODA-12');
    expect(catalogue.skuFor(`00${UPC}`)).toBe('SODA-12');
    expect(catalogue.skuFor(GTIN14)).toBeUndefined();
  });
});

describe('links', () => {
  it('keeps several barcodes per SKU and refuses a barcode of another SKU, naming both products', () => {
    const store = new MemoryCatalogueStore();
    const catalogue = new BarcodeCatalogue(store, clock);
    expect(catalogue.link({ code: EAN, sku: 'PEN-BLK', title: 'Black pen', source: 'scan' })).toMatchObject({ ok: true, added: true });
    expect(catalogue.link({ code: 'PEN-BLK-CASE', sku: 'PEN-BLK', source: 'manual' })).toMatchObject({ ok: true, added: true });
    expect(catalogue.codesOf('PEN-BLK')).toEqual([EAN, 'PEN-BLK-CASE']);

    const refused = catalogue.link({ code: EAN, sku: 'PEN-RED', title: 'Red pen', source: 'scan' });
    expect(refused).toMatchObject({ ok: false, reason: 'conflict' });
    expect(refused.text).toContain('PEN-BLK (Black pen)');
    expect(refused.text).toContain('PEN-RED (Red pen)');
    expect(catalogue.skuFor(EAN)).toBe('PEN-BLK');

    expect(catalogue.link({ code: EAN, sku: 'PEN-BLK', source: 'manual' })).toMatchObject({ ok: true, added: false });
    expect(store.saved).toHaveLength(2);

    expect(catalogue.remove(EAN)?.sku).toBe('PEN-BLK');
    expect(catalogue.skuFor(EAN)).toBeUndefined();
    expect(catalogue.remove(EAN)).toBeUndefined();
    expect(store.saved.map((l) => l.code)).toEqual(['PEN-BLK-CASE']);
  });

  it('keeps nothing in memory that the file did not take', () => {
    const failing = new MemoryCatalogueStore();
    failing.save = () => {
      throw new Error('disk full');
    };
    const catalogue = new BarcodeCatalogue(failing, clock);
    expect(() => catalogue.link({ code: EAN, sku: 'PEN-BLK', source: 'manual' })).toThrow('disk full');
    expect(catalogue.skuFor(EAN)).toBeUndefined();
  });
});

describe('the catalogue file', () => {
  it('survives a restart, is written with mode 0600 and leaves no temp file', () => {
    const dir = tempDir();
    const path = join(dir, 'barcodes.json');
    const first = new BarcodeCatalogue(new CatalogueFile(path), clock);
    first.link({ code: EAN, sku: 'PEN-BLK', title: 'Black pen', source: 'scan' });
    first.link({ code: UPC, sku: 'SODA-12', source: 'import' });

    const again = new BarcodeCatalogue(new CatalogueFile(path), clock);
    expect(again.list()).toEqual(first.list());
    expect(again.find(EAN)).toMatchObject({ sku: 'PEN-BLK', title: 'Black pen', source: 'scan', format: 'EAN-13', addedAt: '2026-11-23T10:00:00.000Z' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['barcodes.json']);
  });

  it('keeps an unreadable file aside instead of overwriting it, and says so', () => {
    const dir = tempDir();
    const path = join(dir, 'barcodes.json');
    writeFileSync(path, '{"format":1,"links":[{"code":');
    const lines: string[] = [];
    const catalogue = new BarcodeCatalogue(new CatalogueFile(path, (l) => lines.push(l)), clock);
    expect(catalogue.list()).toEqual([]);
    const aside = readdirSync(dir).find((f) => f.startsWith('barcodes.json.unreadable-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(dir, aside!), 'utf8')).toBe('{"format":1,"links":[{"code":');
    expect(lines[0]).toMatch(/could not be read; it was kept as/);
  });
});

describe('CSV', () => {
  it('round-trips the catalogue through its own export, titles with commas and quotes included', () => {
    const a = new BarcodeCatalogue(new MemoryCatalogueStore(), clock);
    a.link({ code: EAN, sku: 'PEN-BLK', title: 'Pen, black "fine"', source: 'scan' });
    a.link({ code: UPC, sku: '-SODA', title: '=1+1', source: 'manual' });
    a.link({ code: 'AB-12 34', sku: 'PEN-BLK', source: 'manual' });
    const csv = writeCatalogueCsv(a.list());
    expect(csv.split('\r\n')[0]).toBe('barcode,format,sku,title');
    // A spreadsheet must not run a title or SKU as a formula.
    expect(csv).toContain("'=1+1");

    const b = new BarcodeCatalogue(new MemoryCatalogueStore(), clock);
    const result = importCatalogueCsv(b, csv);
    expect(result.ok && result.rows.map((r) => r.status)).toEqual(['added', 'added', 'added']);
    expect(b.list().map(({ code, sku, title }) => ({ code, sku, title }))).toEqual(a.list().map(({ code, sku, title }) => ({ code, sku, title })));
  });

  it("reads what Excel writes: a byte-order mark, semicolons, quoted fields, CRLF, blank lines and other header names", () => {
    const excel = `\uFEFFEAN;SKU;Product title\r\n"${EAN}";PEN-BLK;"Pen; black"\r\n\r\n${UPC};SODA-12;Soda\r\n`;
    const read = readCatalogueCsv(excel);
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 2, code: EAN, sku: 'PEN-BLK', title: 'Pen; black' },
        { line: 3, code: UPC, sku: 'SODA-12', title: 'Soda' },
      ],
    });
  });

  it('imports the good lines and says for each other line why it was refused', () => {
    const catalogue = new BarcodeCatalogue(new MemoryCatalogueStore(), clock);
    catalogue.link({ code: EAN, sku: 'PEN-BLK', title: 'Black pen', source: 'manual' });
    const csv = ['barcode,sku,title', `${EAN},PEN-RED,Red pen`, '4006381333932,PEN-RED,', `${UPC},SODA-12,`, `0${UPC},SODA-6,`, `${EAN},PEN-BLK,`].join('\n');
    const result = importCatalogueCsv(catalogue, csv);
    if (!result.ok) throw new Error(result.text);
    expect(result.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'refused'],
      [3, 'refused'],
      [4, 'added'],
      [5, 'refused'],
      [6, 'unchanged'],
    ]);
    expect(result.rows[0].text).toMatch(/Line 2: .*PEN-BLK \(Black pen\).*PEN-RED \(Red pen\)/);
    expect(result.rows[1].text).toMatch(/Line 3: .*check digit is wrong/);
    // A line conflicting with a line above it in the same file is refused too.
    expect(result.rows[3].text).toMatch(/Line 5: .*already linked to SODA-12/);
    expect(catalogue.skuFor(UPC)).toBe('SODA-12');
  });

  it('refuses a file without barcode and sku columns, saying what the header must be', () => {
    expect(readCatalogueCsv('code128;article\n1;2')).toMatchObject({ ok: false, text: expect.stringMatching(/"barcode" and "sku".*found: "code128", "article"/) });
    expect(readCatalogueCsv('')).toMatchObject({ ok: false, text: expect.stringMatching(/empty/) });
  });
});
