// Listing create and update over real HTTPS (spec § Listing operations, § Listing create / update
// request): per-SKU results, attribute errors with paths, 400 for a refused batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { LISTING_CODES } from '../../shared/api/listing-codes.js';
import { MAX_SKUS_PER_REQUEST } from '../../shared/api/limits.js';
import { GetListingsResponse, ListingBatchErrorBody, ListingChangeResponse } from '../../shared/api/listings.js';
import { RULE_CASES, bodyFor, validHyperlocal, validListing, type Body } from './listings-fixtures.js';

const BASE = '/sellers/listings/v3';
const JSON_UTF8 = { 'content-type': 'application/json; charset=utf-8' };

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function post(path: string, body: unknown, token?: string) {
  return sb.call('POST', BASE + path, { body, headers: JSON_UTF8, token });
}

async function get(skus: string[], token?: string) {
  const r = await sb.call('GET', `${BASE}/${skus.map(encodeURIComponent).join(',')}`, { token });
  expect(r.status).toBe(200);
  return GetListingsResponse.parse(r.json);
}

describe('rules over HTTPS: each violation is an attribute error at its path', () => {
  beforeAll(async () => {
    // Update cases need listings to update.
    const r = await post('', { 'RULE-UPD': validListing() });
    expect(r.json['RULE-UPD'].status).toBe('success');
  });

  for (const c of RULE_CASES) {
    it(`${c.name}`, async () => {
      const sku = c.operation === 'update' ? 'RULE-UPD' : `RULE-${RULE_CASES.indexOf(c)}`;
      const path = (c.hyperlocal ? '/hyperlocal' : '') + (c.operation === 'update' ? '/update' : '');
      const r = await post(path, { [sku]: bodyFor(c) });
      expect(r.status).toBe(200);
      const result = ListingChangeResponse.parse(r.json)[sku];
      expect(result.attribute_errors).toContainEqual(expect.objectContaining({ code: c.code, path: c.path, severity: c.severity ?? 'ERROR' }));
      expect(result.status).toBe(c.severity === 'WARNING' ? 'warning' : 'failure');
    });
  }

  it('a failed create stores nothing', async () => {
    const body = validListing();
    body.price.selling_price = 99999;
    await post('', { 'NEVER-STORED': body });
    expect((await get(['NEVER-STORED'])).unavailable).toEqual(['NEVER-STORED']);
  });
});

describe('per-SKU results', () => {
  it('mixes success, failure and warning in one call, and applies only the good SKUs', async () => {
    const bad = validListing();
    bad.locations[0].id = 'LOC2001';
    const warned = validListing();
    warned.subsidised = true;
    const r = await post('', { 'MIX-OK': validListing(), 'MIX-BAD': bad, 'MIX-WARN': warned });
    expect(r.status).toBe(200);
    const res = ListingChangeResponse.parse(r.json);
    expect(res['MIX-OK']).toEqual({ status: 'success', errors: [], attribute_errors: [] });
    expect(res['MIX-BAD'].status).toBe('failure');
    expect(res['MIX-BAD'].attribute_errors[0]).toMatchObject({ code: LISTING_CODES.LOCATION_NOT_SELLERS, path: '$.locations[0].id', attribute: 'locations[].id' });
    expect(res['MIX-WARN'].status).toBe('warning');
    expect(res['MIX-WARN'].attribute_errors[0]).toMatchObject({ severity: 'WARNING', path: '$.subsidised' });
    const g = await get(['MIX-OK', 'MIX-BAD', 'MIX-WARN']);
    expect(Object.keys(g.available).sort()).toEqual(['MIX-OK', 'MIX-WARN']);
    expect(g.unavailable).toEqual(['MIX-BAD']);
  });

  it('sends the spec’s lower-case status words', async () => {
    const r = await post('', { 'CASE-1': validListing() });
    expect(r.json['CASE-1'].status).toBe('success');
  });

  it('answers an invalid SKU id with a failure against it', async () => {
    const r = await post('', { ' padded ': validListing(), 'A,B': validListing() });
    expect(r.json[' padded '].errors[0].code).toBe(LISTING_CODES.SKU_INVALID);
    expect(r.json['A,B'].status).toBe('failure');
  });

  it('keeps the result of a SKU named __proto__', async () => {
    const raw = `{"__proto__": ${JSON.stringify(validListing())}, "PLAIN": ${JSON.stringify(validListing())}}`;
    const r = await sb.call('POST', BASE, { rawBody: raw, headers: JSON_UTF8 });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['PLAIN', '__proto__']);
  });

  it('create stores what GET returns, and overwrites an existing SKU', async () => {
    await post('', { 'OVR-1': validListing() });
    const first = (await get(['OVR-1'])).available['OVR-1'];
    expect(first.price).toMatchObject({ mrp: 19999, selling_price: 17999, marketplace_selling_price: 17999, currency: 'INR' });
    expect(first.packages![0].id).toMatch(/^PKG\d{10}$/);
    expect(first.dating_label?.expiry_date).toBe(1_700_000_000 + 31_536_000);
    expect(first.marketplace).toBe('MARKETPLACE');
    const again = validListing();
    again.listing_status = 'INACTIVE';
    again.locations = [{ id: 'LOC1002', status: 'ENABLED', inventory: 3 }];
    expect((await post('', { 'OVR-1': again })).json['OVR-1'].status).toBe('success');
    const second = (await get(['OVR-1'])).available['OVR-1'];
    expect(second.listing_status).toBe('INACTIVE');
    expect(second.locations).toEqual([{ id: 'LOC1002', status: 'ENABLED', inventory: 3 }]);
    expect(second.listing_id).toBe(first.listing_id);
  });
});

describe('update', () => {
  it('fails an unknown SKU against that SKU and leaves the others alone', async () => {
    await post('', { 'UPD-KNOWN': validListing() });
    const changed = validListing();
    changed.price.selling_price = 15000;
    const r = await post('/update', { 'UPD-NOPE': validListing(), 'UPD-KNOWN': changed });
    expect(r.status).toBe(200);
    expect(r.json['UPD-NOPE']).toMatchObject({ status: 'failure', errors: [expect.objectContaining({ code: LISTING_CODES.SKU_UNKNOWN, severity: 'ERROR' })] });
    expect(r.json['UPD-KNOWN'].status).toBe('success');
    expect((await get(['UPD-KNOWN'])).available['UPD-KNOWN'].price.selling_price).toBe(15000);
    expect((await get(['UPD-NOPE'])).unavailable).toEqual(['UPD-NOPE']);
  });

  it('archives with archived_status ARCHIVED and restores with NONE; product search follows', async () => {
    await post('', { 'ARC-1': validListing() });
    const search = async (state: string) =>
      (await post('/product/search', { batchNo: 0, internalState: state, searchText: 'ARC-1' })).json.listingData.map((i: any) => i.sku);
    const archive = { ...validListing(), archived_status: 'ARCHIVED' };
    expect((await post('/update', { 'ARC-1': archive })).json['ARC-1'].status).toBe('success');
    expect((await get(['ARC-1'])).available['ARC-1'].archived_status).toBe('ARCHIVED');
    expect(await search('ARCHIVED')).toEqual(['ARC-1']);
    // An update without archived_status keeps it archived.
    await post('/update', { 'ARC-1': validListing() });
    expect((await get(['ARC-1'])).available['ARC-1'].archived_status).toBe('ARCHIVED');
    await post('/update', { 'ARC-1': { ...validListing(), archived_status: 'NONE' } });
    expect((await get(['ARC-1'])).available['ARC-1'].archived_status).toBe('NONE');
    expect(await search('ARCHIVED')).toEqual([]);
    expect(await search('ACTIVE')).toEqual(['ARC-1']);
  });

  it('keeps package ids that are sent back and gives new packages new ids', async () => {
    await post('', { 'PKG-1': validListing() });
    const before = (await get(['PKG-1'])).available['PKG-1'];
    const body: Body = validListing();
    body.packages = [
      { ...body.packages[0], id: before.packages![0].id, name: 'Phone box v2' },
      { name: 'Charger', dimensions: { length: 8, breadth: 8, height: 4 }, weight: 0.1, notional_value: { amount: 5, unit: 'PERCENTAGE' } },
    ];
    body.packages[0].notional_value = { amount: 95, unit: 'PERCENTAGE' };
    expect((await post('/update', { 'PKG-1': body })).json['PKG-1'].status).toBe('success');
    const after = (await get(['PKG-1'])).available['PKG-1'].packages!;
    expect(after[0]).toMatchObject({ id: before.packages![0].id, name: 'Phone box v2' });
    expect(after[1].id).toMatch(/^PKG\d{10}$/);
    expect(after[1].id).not.toBe(after[0].id);
  });

  it('refuses a standard update of a hyperlocal SKU', async () => {
    await post('/hyperlocal', { 'HL-KIND': validHyperlocal() });
    const r = await post('/update', { 'HL-KIND': validListing() });
    expect(r.json['HL-KIND'].errors[0].code).toBe(LISTING_CODES.WRONG_LISTING_KIND);
  });
});

describe('hyperlocal', () => {
  it('stores and returns a single package and location object', async () => {
    const r = await post('/hyperlocal', { 'HL-1': validHyperlocal() });
    expect(r.json['HL-1'].status).toBe('success');
    const rec = (await get(['HL-1'])).available['HL-1'];
    expect(rec.location).toEqual({ id: 'LOC1001', status: 'ENABLED', inventory: 25 });
    expect(rec.package?.id).toMatch(/^PKG\d{10}$/);
    expect(rec.packages).toBeUndefined();
    expect(rec.locations).toBeUndefined();
    const upd = { ...validHyperlocal(), location: { id: 'LOC1003', status: 'DISABLED', inventory: 0 }, archived_status: 'ARCHIVED' };
    expect((await post('/hyperlocal/update', { 'HL-1': upd })).json['HL-1'].status).toBe('success');
    const after = (await get(['HL-1'])).available['HL-1'];
    expect(after.location).toEqual({ id: 'LOC1003', status: 'DISABLED', inventory: 0 });
    expect(after.archived_status).toBe('ARCHIVED');
  });
});

describe('a request refused as a whole: 400 with errors[]', () => {
  const eleven = () => Object.fromEntries(Array.from({ length: MAX_SKUS_PER_REQUEST + 1 }, (_, i) => [`B-${i}`, validListing()]));

  it.each(['', '/update', '/hyperlocal', '/hyperlocal/update', '/update/price', '/update/inventory'])('more than 10 SKUs on %s', async (path) => {
    const r = await post(path, eleven());
    expect(r.status).toBe(400);
    const body = ListingBatchErrorBody.parse(r.json);
    expect(body.errors[0]).toMatchObject({ severity: 'ERROR', code: LISTING_CODES.TOO_MANY_SKUS, path: '$' });
    expect((await get(['B-0'])).unavailable).toEqual(['B-0']);
  });

  it('accepts exactly 10 SKUs', async () => {
    const ten = Object.fromEntries(Array.from({ length: MAX_SKUS_PER_REQUEST }, (_, i) => [`TEN-${i}`, validListing()]));
    const r = await post('', ten);
    expect(r.status).toBe(200);
    expect(Object.values(r.json).every((v: any) => v.status === 'success')).toBe(true);
  });

  it.each([
    ['not JSON', '{"A": {', LISTING_CODES.BODY_NOT_JSON],
    ['a list', '[1,2]', LISTING_CODES.BODY_NOT_OBJECT],
    ['a number', '42', LISTING_CODES.BODY_NOT_OBJECT],
    ['null', 'null', LISTING_CODES.BODY_NOT_OBJECT],
    ['an empty map', '{}', LISTING_CODES.NO_SKUS],
    ['empty', '', LISTING_CODES.BODY_NOT_OBJECT],
  ])('body %s', async (_name, raw, code) => {
    const r = await sb.call('POST', BASE, { rawBody: raw, headers: JSON_UTF8 });
    expect(r.status).toBe(400);
    expect(ListingBatchErrorBody.parse(r.json).errors[0]).toMatchObject({ code, severity: 'ERROR', path: '$' });
  });

  it('a body declared as another content type', async () => {
    const r = await sb.call('POST', BASE, { rawBody: JSON.stringify({ X: validListing() }), headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(400);
    expect(r.json.errors[0].code).toBe(LISTING_CODES.WRONG_CONTENT_TYPE);
  });

  it('no token is 401', async () => {
    const r = await sb.call('POST', BASE, { body: { X: validListing() }, token: null });
    expect(r.status).toBe(401);
  });
});
