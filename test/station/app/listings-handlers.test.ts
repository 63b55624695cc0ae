// Listing commands through the real dispatcher over a real HTTPS sandbox, and the bulk CSV
// reader on its own: rule violations show at their JSON path before any request, the
// marketplace's refusals keep theirs, and every bulk problem names its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingsHandlers } from '../../../electron/station/app/handlers/listings-handlers.js';
import { MAX_BULK_ROWS, parseCsv, readBulkCsv } from '../../../shared/listing-csv.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { startHandlerHarness, type HandlerHarness } from '../../support/handler-context.js';

let sb: TestSandbox;
let h: HandlerHarness;
type Row = { sku: string; productId: string; mrp: number; sellingPrice: number; inventory: Record<string, number> };
let rows: Row[];

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  h = await startHandlerHarness(sb, listingsHandlers);
  const found = await h.api.invoke('listings.search', { state: 'ACTIVE', batchNo: 0 });
  // Standard listings with a stock entry and room to lower the price.
  rows = found.rows.filter((r) => Object.keys(r.inventory).length > 0 && r.mrp > 10);
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

const record = async (sku: string) => (await h.api.invoke('listings.get', { sku })).record as any;
const requests = () => h.client.http.requests;

describe('listings search, get and quick edit', () => {
  it('searches one batch with stock per location', async () => {
    const r = await h.api.invoke('listings.search', { state: 'ACTIVE', batchNo: 0 });
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.length).toBeLessThanOrEqual(20);
    expect(r.total).toBeGreaterThanOrEqual(r.rows.length);
    expect(rows.length).toBeGreaterThan(3);
    const narrowed = await h.api.invoke('listings.search', { state: 'ACTIVE', text: rows[0].sku, batchNo: 0 });
    expect(narrowed.rows.map((x) => x.sku)).toContain(rows[0].sku);
  });

  it('changes price and stock of one SKU, visible through listings.get', async () => {
    const row = rows[0];
    const location = Object.keys(row.inventory)[0];
    const results = await h.api.invoke('listings.quickEdit', { sku: row.sku, productId: row.productId, sellingPrice: row.mrp - 3, inventory: [{ locationId: location, inventory: 77 }] });
    expect(results.map((r) => r.status)).toEqual(['success', 'success']);
    expect(results[0].messages[0].text).toBe(`Price: saved (MRP ${row.mrp}, selling price ${row.mrp - 3}).`);
    const rec = await record(row.sku);
    expect(rec.price.selling_price).toBe(row.mrp - 3);
    expect(rec.price.mrp).toBe(row.mrp);
    expect(rec.locations.find((l: { id: string }) => l.id === location).inventory).toBe(77);
  });

  it('refuses a selling price above MRP at its path without calling the marketplace', async () => {
    const row = rows[1];
    const before = requests();
    const [result] = await h.api.invoke('listings.quickEdit', { sku: row.sku, productId: row.productId, mrp: 100, sellingPrice: 150 });
    expect(requests()).toBe(before);
    expect(result.status).toBe('failure');
    expect(result.messages).toContainEqual(expect.objectContaining({ severity: 'ERROR', path: '$.price.selling_price' }));
    expect((await record(row.sku)).price.mrp).toBe(row.mrp);
  });
});

describe('listings.save', () => {
  it('shows a rule violation at its JSON path before any call', async () => {
    const sku = rows[2].sku;
    const listing = await record(sku);
    listing.packages[0].name = 'x'.repeat(65);
    const before = requests();
    const r = await h.api.invoke('listings.save', { sku, listing, mode: 'update', hyperlocal: false });
    expect(requests()).toBe(before);
    expect(r.status).toBe('failure');
    expect(r.messages).toContainEqual(expect.objectContaining({ path: '$.packages[0].name', attribute: 'packages[].name' }));
  });

  it('saves a sound listing, and passes the marketplace attribute errors through with their paths', async () => {
    const sku = rows[2].sku;
    const listing = await record(sku);
    listing.listing_status = 'INACTIVE';
    const ok = await h.api.invoke('listings.save', { sku, listing, mode: 'update', hyperlocal: false });
    expect(ok.status).not.toBe('failure');
    expect((await record(sku)).listing_status).toBe('INACTIVE');

    // A package id the listing does not have: only the marketplace knows its packages.
    listing.packages[0].id = 'PKG9999999999';
    const before = requests();
    const refused = await h.api.invoke('listings.save', { sku, listing, mode: 'update', hyperlocal: false });
    expect(requests()).toBeGreaterThan(before);
    expect(refused.status).toBe('failure');
    expect(refused.messages).toContainEqual(expect.objectContaining({ severity: 'ERROR', path: '$.packages[0].id' }));
  });
});

describe('bulk CSV', () => {
  it('reads quoted fields, doubled quotes and line breaks inside quotes with spreadsheet row numbers', () => {
    const text = '\ufeffsku,product_id,mrp,selling_price\r\n"A,1","P""Q",10,9\n\n"multi\nline",X,1,1\nB , Y ,2,2';
    // A blank row keeps its number; a cell holding a line break is one spreadsheet row.
    expect(parseCsv(text)).toEqual([
      { row: 1, fields: ['sku', 'product_id', 'mrp', 'selling_price'] },
      { row: 2, fields: ['A,1', 'P"Q', '10', '9'] },
      { row: 4, fields: ['multi\nline', 'X', '1', '1'] },
      { row: 5, fields: ['B', 'Y', '2', '2'] },
    ]);
    expect(() => parseCsv('sku\n"open')).toThrow(/Row 2: a quoted value is never closed/);
    expect(() => readBulkCsv('sku,mrp\nA,1', 'price')).toThrow(/Row 1 must be the header sku,product_id,mrp,selling_price for a price file \(missing product_id, selling_price\)/);
  });

  it("reads Excel's files: byte-order mark, semicolons, quoted values, 1299.00 for a whole number, an export's title column", () => {
    const excel = '\ufeffsku;product_id;mrp;selling_price;title\r\n"KTL;1";KTLP4BPLIKTURJ6V;1299.00;999;"Kettle; 1.8 L"\r\n';
    expect(readBulkCsv(excel, 'price')).toEqual([{ row: 2, sku: 'KTL;1', productId: 'KTLP4BPLIKTURJ6V', mrp: 1299, sellingPrice: 999 }]);
  });

  it('refuses an oversize file in words', async () => {
    const csv = `sku,product_id,mrp,selling_price\n${'A,PRODUCT000000001,10,9\n'.repeat(MAX_BULK_ROWS + 1)}`;
    const err = await h.api.invoke('listings.bulkPreview', { csv, kind: 'price' }).catch((e) => e);
    expect(err.code).toBe('CSV_TOO_LARGE');
    expect(err.message).toBe(`The file has ${MAX_BULK_ROWS + 1} rows; at most ${MAX_BULK_ROWS} can be read at once. Split it into smaller files.`);
  });

  it('previews a price file with the row number of each bad row, then applies per SKU', async () => {
    const [a, b, c] = rows.slice(3, 6);
    const csv = ['sku,product_id,mrp,selling_price', `${a.sku},${a.productId},${a.mrp},${a.mrp - 1}`, `"${b.sku}",${b.productId},${b.mrp},${b.mrp + 5}`, `${c.sku},${c.productId},12.5,10`].join('\n');
    const preview = await h.api.invoke('listings.bulkPreview', { csv, kind: 'price' });
    expect(preview.rows).toHaveLength(3);
    expect(preview.rows[0]).toEqual({ row: 2, sku: a.sku, changes: true, change: `Selling price ${a.sellingPrice} → ${a.mrp - 1}.`, changeSaid: [{ key: 'listings.bulk.spChange', params: { from: a.sellingPrice, to: a.mrp - 1 } }] });
    expect(preview.rows[1].problem).toBe(`Row 3: Selling price (${b.mrp + 5}) must not be above MRP (${b.mrp}).`);
    expect(preview.rows[2].problem).toBe('Row 4: MRP "12.5" is not a whole number (write it without decimals or separators).');
    expect((await record(a.sku)).price.selling_price).toBe(a.sellingPrice); // a preview changes nothing

    const results = await h.api.invoke('listings.bulkApply', { csv, kind: 'price' });
    const bySku = Object.fromEntries(results.map((r) => [r.sku, r]));
    expect(bySku[a.sku].status).toBe('success');
    expect(bySku[b.sku].status).toBe('failure');
    expect(bySku[b.sku].messages[0].text).toMatch(/^Row 3: .* Nothing was changed for this SKU\.$/);
    expect(bySku[c.sku].messages[0].text).toMatch(/^Row 4: /);
    expect((await record(a.sku)).price.selling_price).toBe(a.mrp - 1);
    expect((await record(b.sku)).price.selling_price).toBe(b.sellingPrice);
    const intent = (await h.ctx.journal.records()).find((x) => x.type === 'intent' && x.op === 'listings.price' && x.targets.skus?.includes(a.sku));
    expect(intent).toBeDefined();
  });

  it('applies an inventory file and refuses a location the listing does not sell from, at its row', async () => {
    const [a, b] = rows.slice(6, 8);
    const locA = Object.keys(a.inventory)[0];
    const csv = ['sku,location_id,product_id,inventory', `${a.sku},${locA},${a.productId},41`, `${b.sku},LOC9999,${b.productId},5`, `${a.sku},${locA},${a.productId},42`].join('\n');
    const preview = await h.api.invoke('listings.bulkPreview', { csv, kind: 'inventory' });
    // Row 4 repeats a's location, so a is held back whole rather than half-applied.
    expect(preview.rows[0]).toEqual({ row: 2, sku: a.sku, changes: false, change: 'Not changed: another row of this SKU has a problem.', changeSaid: [{ key: 'listings.bulk.blocked' }] });
    expect(preview.rows[1].problem).toMatch(/^Row 3: .*LOC9999.* is not a selling location of this SKU/);
    expect(preview.rows[2].problem).toBe(`Row 4: SKU ${a.sku} at ${locA} already appears on row 2; keep one row per SKU and location.`);
    const results = await h.api.invoke('listings.bulkApply', { csv, kind: 'inventory' });
    expect(results.find((r) => r.sku === b.sku)?.status).toBe('failure');
    expect(results.find((r) => r.sku === a.sku)?.status).toBe('failure');
    expect((await record(a.sku)).locations.find((l: { id: string }) => l.id === locA).inventory).toBe(a.inventory[locA]);

    const clean = ['sku,product_id,location_id,inventory', `${a.sku},${a.productId},${locA},41`].join('\n');
    expect((await h.api.invoke('listings.bulkPreview', { csv: clean, kind: 'inventory' })).rows).toEqual([{ row: 2, sku: a.sku, changes: true, change: `Stock at ${locA}: ${a.inventory[locA]} → 41.`, changeSaid: [{ key: 'listings.bulk.stockChange', params: { location: locA, from: a.inventory[locA], to: 41 } }] }]);
    const [applied] = await h.api.invoke('listings.bulkApply', { csv: clean, kind: 'inventory' });
    expect(applied).toMatchObject({ sku: a.sku, status: 'success' });
    expect((await record(a.sku)).locations.find((l: { id: string }) => l.id === locA).inventory).toBe(41);
  });

  it('exports every listing with the columns the import needs (product_id too); the export read back changes nothing', async () => {
    const exported = await h.api.invoke('listings.exportCsv', { kind: 'inventory' });
    expect(exported.fileName).toMatch(/^listings-stock-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exported.csv.startsWith('\ufeffsku,product_id,location_id,inventory,title\r\n')).toBe(true);
    const lines = readBulkCsv(exported.csv, 'inventory');
    const [a] = rows;
    const locA = Object.keys(a!.inventory)[0]!;
    expect(lines).toContainEqual(expect.objectContaining({ sku: a!.sku, productId: a!.productId, locationId: locA, inventory: (await record(a!.sku)).locations.find((l: { id: string }) => l.id === locA).inventory }));
    const preview = await h.api.invoke('listings.bulkPreview', { csv: exported.csv, kind: 'inventory' });
    expect(preview.rows.filter((r) => r.changes)).toEqual([]);

    const prices = await h.api.invoke('listings.exportCsv', { kind: 'price' });
    expect(readBulkCsv(prices.csv, 'price').length).toBe(prices.listings);
    expect((await h.api.invoke('listings.bulkPreview', { csv: prices.csv, kind: 'price' })).rows.filter((r) => r.problem)).toEqual([]);
  });

  it('names fields as the form does and lists only real changes: one field of two rows changed, the rest left', async () => {
    const [a, b, c] = rows.slice(10, 13);
    const locB = Object.keys(b!.inventory)[0]!;
    // a: only the selling price changes; b: only its MRP; c: nothing.
    const csv = [
      'sku,product_id,mrp,selling_price',
      `${a!.sku},${a!.productId},${a!.mrp},${a!.sellingPrice === a!.mrp - 4 ? a!.mrp - 5 : a!.mrp - 4}`,
      `${b!.sku},${b!.productId},${b!.mrp + 7},${b!.sellingPrice}`,
      `${c!.sku},${c!.productId},${c!.mrp},${c!.sellingPrice}`,
    ].join('\n');
    const newSp = a!.sellingPrice === a!.mrp - 4 ? a!.mrp - 5 : a!.mrp - 4;
    const preview = await h.api.invoke('listings.bulkPreview', { csv, kind: 'price' });
    expect(preview.rows).toEqual([
      { row: 2, sku: a!.sku, changes: true, change: `Selling price ${a!.sellingPrice} → ${newSp}.`, changeSaid: [{ key: 'listings.bulk.spChange', params: { from: a!.sellingPrice, to: newSp } }] },
      { row: 3, sku: b!.sku, changes: true, change: `MRP ${b!.mrp} → ${b!.mrp + 7}.`, changeSaid: [{ key: 'listings.bulk.mrpChange', params: { from: b!.mrp, to: b!.mrp + 7 } }] },
      { row: 4, sku: c!.sku, changes: false, change: `No change: MRP ${c!.mrp}, selling price ${c!.sellingPrice}.`, changeSaid: [{ key: 'listings.bulk.noChangePrice', params: { mrp: c!.mrp, sp: c!.sellingPrice } }] },
    ]);
    const text = JSON.stringify(preview);
    expect(text).not.toMatch(/selling_price|price\.mrp|sellingPrice|product_id/);

    const results = await h.api.invoke('listings.bulkApply', { csv, kind: 'price' });
    const bySku = Object.fromEntries(results.map((r) => [r.sku, r]));
    expect(bySku[a!.sku]).toMatchObject({ status: 'success', messages: [{ severity: 'INFO', text: `Selling price ${a!.sellingPrice} → ${newSp}.` }] });
    expect(bySku[b!.sku]).toMatchObject({ status: 'success', messages: [{ severity: 'INFO', text: `MRP ${b!.mrp} → ${b!.mrp + 7}.` }] });
    expect(bySku[c!.sku]).toMatchObject({ status: 'success', messages: [{ text: 'Already as in the file; nothing to send.' }] });
    expect(JSON.stringify(results)).not.toMatch(/selling_price|price\.mrp|sellingPrice/);
    // At the marketplace: exactly the changed field of each changed row.
    const [ra, rb, rc] = [await record(a!.sku), await record(b!.sku), await record(c!.sku)];
    expect([ra.price.mrp, ra.price.selling_price]).toEqual([a!.mrp, newSp]);
    expect([rb.price.mrp, rb.price.selling_price]).toEqual([b!.mrp + 7, b!.sellingPrice]);
    expect([rc.price.mrp, rc.price.selling_price]).toEqual([c!.mrp, c!.sellingPrice]);
    const sent = (await h.ctx.journal.records()).filter((x) => x.type === 'intent' && x.op === 'listings.price' && x.targets.skus?.includes(c!.sku));
    expect(sent).toEqual([]);

    // A stock file: the location the listing does not sell from is named as the form names it.
    const stock = ['sku,product_id,location_id,inventory', `${b!.sku},${b!.productId},LOC9999,3`, `${b!.sku},${b!.productId},${locB},${b!.inventory[locB]}`].join('\n');
    const held = await h.api.invoke('listings.bulkPreview', { csv: stock, kind: 'inventory' });
    expect(held.rows[0]!.problem).toMatch(/^Row 2: Location LOC9999 is not a selling location of this SKU \(.*\); add it on the listing first\.$/);
    expect(held.rows[1]).toMatchObject({ changes: false });
  });

  it('applies a part of a file by SKU: results carry the row numbers of the whole file', async () => {
    const [a, b] = rows.slice(8, 10);
    const csv = ['sku,product_id,mrp,selling_price', `${a!.sku},${a!.productId},${a!.mrp},${a!.mrp - 2}`, `${b!.sku},${b!.productId},${b!.mrp},${b!.mrp + 1}`].join('\n');
    const part = await h.api.invoke('listings.bulkApply', { csv, kind: 'price', skus: [b!.sku] });
    expect(part).toEqual([{ sku: b!.sku, status: 'failure', messages: [expect.objectContaining({ text: expect.stringMatching(/^Row 3: /) })] }]);
    expect((await record(a!.sku)).price.selling_price).toBe(a!.sellingPrice);
  });
});
