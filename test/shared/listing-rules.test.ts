// The shared listing rules as pure functions (spec § Listing create / update request): the same
// checks the station's listing form runs before sending.
import { describe, expect, it } from 'vitest';
import { checkListing, type ListingRuleContext } from '../../shared/api/listing-rules.js';
import { checkInventoryUpdate, checkPriceUpdate } from '../../shared/api/listing-update-rules.js';
import { LISTING_CODES, listingCodeName } from '../../shared/api/listing-codes.js';
import { RULE_CASES, SELLER_LOCATIONS, bodyFor, validHyperlocal, validListing } from '../sandbox/listings-fixtures.js';

function ctx(over: Partial<ListingRuleContext> = {}): ListingRuleContext {
  return { operation: 'create', hyperlocal: false, sellerLocationIds: SELLER_LOCATIONS, ...over };
}

describe('listing rules: valid requests', () => {
  it('accept a complete standard listing and type it', () => {
    const r = checkListing(validListing(), { ...ctx(), hyperlocal: false });
    expect(r.issues).toEqual([]);
    expect(r.value?.price.currency).toBe('INR');
    expect(r.value?.locations[0].inventory).toBe(25);
  });

  it('accept a hyperlocal listing without address_label (C for hyperlocal)', () => {
    const b = validHyperlocal();
    delete b.address_label;
    const r = checkListing(b, { ...ctx(), hyperlocal: true });
    expect(r.issues).toEqual([]);
    expect(r.value?.location.id).toBe('LOC1001');
  });

  it('accept SELLER_MARKETPLACE (sdk-facts § 14) and FBF without dispatch_sla', () => {
    const b = validListing();
    b.fulfillment = { shipping_provider: 'SELLER_MARKETPLACE', procurement_type: 'EXPRESS' };
    b.fulfillment_profile = 'FBF';
    expect(checkListing(b, ctx()).issues).toEqual([]);
  });

  it('let a seller who ships everything leave packages out', () => {
    const b = validListing();
    b.fulfillment.shipping_provider = 'SELLER';
    delete b.packages;
    expect(checkListing(b, ctx()).issues).toEqual([]);
  });

  it('accept importer_details with a foreign origin', () => {
    const b = validListing();
    b.address_label.countries_of_origin = ['CN'];
    b.address_label.importer_details = ['Eastbridge Imports, Pune'];
    expect(checkListing(b, ctx()).value).toBeDefined();
  });
});

describe('listing rules: every row of the request table', () => {
  for (const c of RULE_CASES) {
    it(`${c.name} -> ${listingCodeName(c.code)} at ${c.path}`, () => {
      const r = checkListing(bodyFor(c), ctx({ operation: c.operation ?? 'create', hyperlocal: c.hyperlocal ?? false, existingPackageIds: ['PKG0000000001'] }));
      const hit = r.issues.find((i) => i.path === c.path && i.code === c.code);
      expect(hit, JSON.stringify(r.issues)).toBeDefined();
      expect(hit!.severity).toBe(c.severity ?? 'ERROR');
      expect(hit!.description.length).toBeGreaterThan(10);
      if ((c.severity ?? 'ERROR') === 'ERROR') expect(r.value).toBeUndefined();
    });
  }

  it('names the attribute as the table does, with the index only in the path', () => {
    const b = validListing();
    b.locations.push({ id: 'LOC1002', status: 'ENABLED', inventory: -1 });
    const hit = checkListing(b, ctx()).issues.find((i) => i.code === LISTING_CODES.NEGATIVE)!;
    expect(hit).toMatchObject({ attribute: 'locations[].inventory', path: '$.locations[1].inventory' });
  });

  it('reports several violations of one SKU together', () => {
    const b = validListing();
    b.product_id = 'short';
    b.price.selling_price = 99999;
    b.locations[0].id = 'LOC2001';
    const paths = checkListing(b, ctx()).issues.map((i) => i.path);
    expect(paths).toEqual(['$.product_id', '$.price.selling_price', '$.locations[0].id']);
  });

  it('refuses a value that is not an object, and never throws on odd input', () => {
    for (const bad of [null, 42, 'x', [], true]) {
      const r = checkListing(bad, ctx());
      expect(r.issues).toEqual([expect.objectContaining({ code: LISTING_CODES.LISTING_NOT_OBJECT, path: '$' })]);
    }
    const weird = validListing();
    weird.packages = [null, 5];
    weird.locations = 'LOC1001';
    const r = checkListing(weird, ctx());
    expect(r.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['$.packages[0]', '$.packages[1]', '$.locations']));
  });

  it('hints at the capitalised country code', () => {
    const b = validListing();
    b.address_label.countries_of_origin = ['in'];
    const hit = checkListing(b, ctx()).issues.find((i) => i.code === LISTING_CODES.COUNTRY_CODE_INVALID)!;
    expect(hit.description).toContain('IN');
  });
});

describe('price and inventory update rules', () => {
  const price = () => ({ product_id: 'MOBG8H2XKQZP4T7A', price: { mrp: 1000, selling_price: 900, currency: 'INR' } });

  it('accept a valid price update', () => {
    expect(checkPriceUpdate(price(), { productId: 'MOBG8H2XKQZP4T7A' }).value?.price.selling_price).toBe(900);
  });

  it.each([
    ['selling_price zero (Positive here)', (b: any) => {
      b.price.selling_price = 0;
    }, LISTING_CODES.NOT_POSITIVE, '$.price.selling_price'],
    ['currency missing (M here)', (b: any) => {
      delete b.price.currency;
    }, LISTING_CODES.REQUIRED, '$.price.currency'],
    ['selling above mrp', (b: any) => {
      b.price.selling_price = 1001;
    }, LISTING_CODES.SELLING_PRICE_ABOVE_MRP, '$.price.selling_price'],
    ['mrp missing', (b: any) => {
      delete b.price.mrp;
    }, LISTING_CODES.REQUIRED, '$.price.mrp'],
    ['product_id missing', (b: any) => {
      delete b.product_id;
    }, LISTING_CODES.REQUIRED, '$.product_id'],
    ['product_id of another product', (b: any) => {
      b.product_id = 'BOK1234567890ABC';
    }, LISTING_CODES.PRODUCT_ID_MISMATCH, '$.product_id'],
  ])('%s', (_name, mutate, code, path) => {
    const b = price();
    mutate(b);
    const r = checkPriceUpdate(b, { productId: 'MOBG8H2XKQZP4T7A' });
    expect(r.value).toBeUndefined();
    expect(r.issues).toContainEqual(expect.objectContaining({ code, path }));
  });

  const inv = () => ({ product_id: 'MOBG8H2XKQZP4T7A', locations: [{ id: 'LOC1001', inventory: 7 }] });
  const invCtx = { productId: 'MOBG8H2XKQZP4T7A', listingLocationIds: ['LOC1001'] };

  it('accept a valid inventory update', () => {
    expect(checkInventoryUpdate(inv(), invCtx).value?.locations).toEqual([{ id: 'LOC1001', inventory: 7 }]);
  });

  it.each([
    ['locations missing', (b: any) => {
      delete b.locations;
    }, LISTING_CODES.REQUIRED, '$.locations'],
    ['inventory negative', (b: any) => {
      b.locations[0].inventory = -1;
    }, LISTING_CODES.NEGATIVE, '$.locations[0].inventory'],
    ['inventory missing', (b: any) => {
      delete b.locations[0].inventory;
    }, LISTING_CODES.REQUIRED, '$.locations[0].inventory'],
    ['id missing', (b: any) => {
      delete b.locations[0].id;
    }, LISTING_CODES.REQUIRED, '$.locations[0].id'],
    ['location the listing does not sell from', (b: any) => {
      b.locations[0].id = 'LOC1003';
    }, LISTING_CODES.LOCATION_NOT_ON_LISTING, '$.locations[0].id'],
    ['product_id too short', (b: any) => {
      b.product_id = 'MOB';
    }, LISTING_CODES.PRODUCT_ID_LENGTH, '$.product_id'],
  ])('%s', (_name, mutate, code, path) => {
    const b = inv();
    mutate(b);
    const r = checkInventoryUpdate(b, invCtx);
    expect(r.value).toBeUndefined();
    expect(r.issues).toContainEqual(expect.objectContaining({ code, path }));
  });
});

describe('listing codes', () => {
  it('are unique integers', () => {
    const values = Object.values(LISTING_CODES);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(Number.isInteger(v)).toBe(true);
  });
});

describe('odd shapes never throw', () => {
  it('answers wrong types anywhere with attribute errors', () => {
    const shapes: [string, unknown][] = [
      ['$.address_label.countries_of_origin', 'IN'],
      ['$.address_label.manufacturer_details', { a: 1 }],
      ['$.price', []],
      ['$.packages[0].dimensions', 'big'],
      ['$.dating_label', 5],
    ];
    for (const [path, value] of shapes) {
      const b = validListing();
      const keys = path.slice(2).replace(/\[(\d+)\]/g, '.$1').split('.');
      let node: any = b;
      for (const k of keys.slice(0, -1)) node = node[k];
      node[keys[keys.length - 1]] = value;
      const r = checkListing(b, ctx());
      expect(r.issues, path).toContainEqual(expect.objectContaining({ code: LISTING_CODES.WRONG_TYPE, path }));
    }
  });
});
