// shipping_fees.currency in listing records over real HTTPS: the official SDK's model has it
// mandatory (sdk-facts § 14), so every record that carries shipping fees says "INR", whether
// seeded, created without it, updated, or read through details or a hyperlocal listing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { GetListingsResponse } from '../../shared/api/listings.js';
import { MAX_SKUS_PER_REQUEST } from '../../shared/api/limits.js';
import { validHyperlocal, validListing } from './listings-fixtures.js';

const BASE = '/sellers/listings/v3';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ seed: 7, shipments: 20 });
});
afterAll(() => sb.close());

async function read(skus: string[], how: 'get' | 'details' = 'get') {
  const out: GetListingsResponse['available'] = {};
  for (let i = 0; i < skus.length; i += MAX_SKUS_PER_REQUEST) {
    const part = skus.slice(i, i + MAX_SKUS_PER_REQUEST);
    const r =
      how === 'get'
        ? await sb.call('GET', `${BASE}/${part.map(encodeURIComponent).join(',')}`)
        : await sb.call('POST', `${BASE}/details`, { body: { sku_ids: part } });
    expect(r.status).toBe(200);
    Object.assign(out, GetListingsResponse.parse(r.json).available);
  }
  return out;
}

describe('shipping_fees.currency', () => {
  it('is INR in every seeded listing record that has shipping fees, by GET and by details', async () => {
    const skus = [...sb.world.listingsOf(sb.info.sellerId).keys()];
    for (const how of ['get', 'details'] as const) {
      const recs = await read(skus, how);
      expect(Object.keys(recs)).toHaveLength(skus.length);
      const fees = Object.values(recs).map((r) => r.shipping_fees);
      expect(fees.length).toBeGreaterThan(0);
      for (const f of fees) expect(f).toMatchObject({ currency: 'INR' });
    }
  });

  it('is INR in a listing created and updated without it, standard and hyperlocal', async () => {
    const standard = validListing();
    const hyperlocal = validHyperlocal();
    expect(standard.shipping_fees).not.toHaveProperty('currency');
    expect((await sb.call('POST', BASE, { body: { 'CUR-STD-1': standard } })).status).toBe(200);
    expect((await sb.call('POST', `${BASE}/hyperlocal`, { body: { 'CUR-HYP-1': hyperlocal } })).status).toBe(200);
    const created = await read(['CUR-STD-1', 'CUR-HYP-1']);
    expect(created['CUR-STD-1'].shipping_fees).toEqual({ local: 0, zonal: 40, national: 70, currency: 'INR' });
    expect(created['CUR-HYP-1'].shipping_fees).toEqual({ local: 0, zonal: 40, national: 70, currency: 'INR' });

    const update = { ...validListing(), shipping_fees: { local: 10, zonal: 20, national: 30 } };
    const r = await sb.call('POST', `${BASE}/update`, { body: { 'CUR-STD-1': update } });
    expect(r.status).toBe(200);
    expect((await read(['CUR-STD-1']))['CUR-STD-1'].shipping_fees).toEqual({ local: 10, zonal: 20, national: 30, currency: 'INR' });
  });

  it('a record stored before the currency was kept gets it on the way out', async () => {
    const sku = [...sb.world.listingsOf(sb.info.sellerId).keys()][0];
    const stored = sb.world.listingsOf(sb.info.sellerId).get(sku)!;
    delete (stored.data.shipping_fees as Record<string, unknown>).currency;
    expect((await read([sku]))[sku].shipping_fees).toMatchObject({ currency: 'INR' });
  });
});
