// `station barcodes import|list|export`: the same CSV reading path as the Listings screen, on the
// desk's catalogue file; no marketplace involved.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/station/cli/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'barcodes-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function station(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli([...args, '--data-dir', join(dir, 'data')], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
  return { code, out, err };
}

describe('station barcodes', () => {
  it('imports an Excel CSV, refuses the bad line with its reason, lists and exports what it holds', async () => {
    const csv = join(dir, 'in.csv');
    writeFileSync(csv, '\uFEFFEAN;SKU;Title\r\n4006381333931;PEN-BLK;"Pen; black"\r\n036000291453;SODA-12;\r\n');
    const imported = await station('barcodes', 'import', '--csv', csv);
    expect(imported.code).toBe(1);
    expect(imported.out[0]).toMatch(/^added +Line 2: Barcode 4006381333931 \(EAN-13\) is now PEN-BLK \(Pen; black\)\./);
    expect(imported.out[1]).toMatch(/^refused +Line 3: .*check digit is wrong/);

    const listed = await station('barcodes', 'list', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out[0]).links).toEqual([expect.objectContaining({ code: '4006381333931', sku: 'PEN-BLK', format: 'EAN-13', source: 'import' })]);

    const file = join(dir, 'out.csv');
    const exported = await station('barcodes', 'export', '--out', file);
    expect(exported.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('barcode,format,sku,title\r\n4006381333931,EAN-13,PEN-BLK,Pen; black\r\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'data', 'barcodes.json')).mode & 0o777).toBe(0o600);
  });

  it('says what the header must be when a file has no barcode and sku columns', async () => {
    const csv = join(dir, 'bad.csv');
    writeFileSync(csv, 'code,article\n1,2\n');
    const r = await station('barcodes', 'import', '--csv', csv);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/must name the columns "barcode" and "sku"/);
  });
});
