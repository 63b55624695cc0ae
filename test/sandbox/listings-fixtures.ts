// Listing requests for the listing tests: one valid body per kind, and the table of rule cases
// (spec § Listing create / update request) that both the pure rule tests and the HTTPS tests run.
import { LISTING_CODES } from '../../shared/api/listing-codes.js';
import { MAX_PACKAGE_DESCRIPTION_LENGTH, MAX_PACKAGE_NAME_LENGTH, MAX_SHELF_LIFE_SECONDS } from '../../shared/api/limits.js';

export type Body = Record<string, any>;

/** Locations of seller1 in the seeded world (seed.ts: LOC1001..LOC1003). */
export const LOC_A = 'LOC1001';
export const LOC_B = 'LOC1002';
export const SELLER_LOCATIONS = [LOC_A, LOC_B, 'LOC1003'];

export function validListing(): Body {
  return {
    product_id: 'MOBG8H2XKQZP4T7A',
    price: { mrp: 19999, selling_price: 17999, currency: 'INR' },
    tax: { hsn: '8517', tax_code: 'GST_18' },
    listing_status: 'ACTIVE',
    shipping_fees: { local: 0, zonal: 40, national: 70 },
    fulfillment_profile: 'NON_FBF',
    fulfillment: { dispatch_sla: 2, shipping_provider: 'MARKETPLACE', procurement_type: 'REGULAR' },
    packages: [
      { name: 'Phone box', dimensions: { length: 17, breadth: 9, height: 6.5 }, weight: 0.45, description: 'Retail box', handling: { fragile: true } },
    ],
    locations: [{ id: LOC_A, status: 'ENABLED', inventory: 25 }],
    address_label: {
      manufacturer_details: ['Aurora Devices, Sector 63, Noida 201301'],
      packer_details: ['Aurora Packers, Bhiwandi 421302'],
      countries_of_origin: ['IN'],
    },
    dating_label: { mfg_date: 1_700_000_000, shelf_life: 31_536_000 },
  };
}

export function validHyperlocal(): Body {
  const b = validListing();
  const { packages, locations, ...rest } = b;
  return { ...rest, product_id: 'TEAA1B2C3D4E5F6G', package: packages[0], location: locations[0] };
}

export function twoPackages(b: Body): void {
  b.packages = [
    { name: 'Sofa frame', dimensions: { length: 190, breadth: 85, height: 70 }, weight: 32, notional_value: { amount: 80, unit: 'PERCENTAGE' } },
    { name: 'Cushions', dimensions: { length: 90, breadth: 60, height: 50 }, weight: 6, notional_value: { amount: 20, unit: 'PERCENTAGE' } },
  ];
}

export interface RuleCase {
  name: string;
  mutate: (b: Body) => void;
  code: number;
  path: string;
  operation?: 'create' | 'update';
  hyperlocal?: boolean;
  severity?: 'ERROR' | 'WARNING';
}

const C = LISTING_CODES;

/** One row per rule; `path` is where the user must look. */
export const RULE_CASES: RuleCase[] = [
  { name: 'product_id missing', mutate: (b) => delete b.product_id, code: C.REQUIRED, path: '$.product_id' },
  { name: 'product_id of 12 characters', mutate: (b) => (b.product_id = 'A'.repeat(12)), code: C.PRODUCT_ID_LENGTH, path: '$.product_id' },
  { name: 'product_id of 17 characters', mutate: (b) => (b.product_id = 'A'.repeat(17)), code: C.PRODUCT_ID_LENGTH, path: '$.product_id' },
  { name: 'price missing', mutate: (b) => delete b.price, code: C.REQUIRED, path: '$.price' },
  { name: 'mrp negative', mutate: (b) => (b.price.mrp = -1), code: C.NEGATIVE, path: '$.price.mrp' },
  { name: 'mrp a fraction', mutate: (b) => (b.price.mrp = 19999.5), code: C.NOT_INTEGER, path: '$.price.mrp' },
  { name: 'mrp a string', mutate: (b) => (b.price.mrp = '19999'), code: C.WRONG_TYPE, path: '$.price.mrp' },
  { name: 'selling_price missing', mutate: (b) => delete b.price.selling_price, code: C.REQUIRED, path: '$.price.selling_price' },
  { name: 'selling_price negative', mutate: (b) => (b.price.selling_price = -5), code: C.NEGATIVE, path: '$.price.selling_price' },
  { name: 'selling_price above mrp', mutate: (b) => (b.price.selling_price = 20000), code: C.SELLING_PRICE_ABOVE_MRP, path: '$.price.selling_price' },
  {
    name: 'sellingPrice spelling warns',
    mutate: (b) => (b.price.sellingPrice = 100),
    code: C.UNKNOWN_ATTRIBUTE,
    path: '$.price.sellingPrice',
    severity: 'WARNING',
  },
  { name: 'currency not INR', mutate: (b) => (b.price.currency = 'USD'), code: C.CURRENCY_NOT_INR, path: '$.price.currency' },
  { name: 'hsn missing', mutate: (b) => delete b.tax.hsn, code: C.REQUIRED, path: '$.tax.hsn' },
  { name: 'hsn not digits', mutate: (b) => (b.tax.hsn = 'PHONE'), code: C.HSN_FORMAT, path: '$.tax.hsn' },
  { name: 'tax_code missing', mutate: (b) => delete b.tax.tax_code, code: C.REQUIRED, path: '$.tax.tax_code' },
  { name: 'tax_code unknown', mutate: (b) => (b.tax.tax_code = 'GST_7'), code: C.TAX_CODE_UNKNOWN, path: '$.tax.tax_code' },
  { name: 'listing_status missing', mutate: (b) => delete b.listing_status, code: C.REQUIRED, path: '$.listing_status' },
  { name: 'listing_status not in enum', mutate: (b) => (b.listing_status = 'LIVE'), code: C.NOT_IN_ENUM, path: '$.listing_status' },
  {
    name: 'shipping_fees missing while the seller ships',
    mutate: (b) => {
      delete b.shipping_fees;
      b.fulfillment.shipping_provider = 'SELLER';
    },
    code: C.SHIPPING_FEES_REQUIRED,
    path: '$.shipping_fees',
  },
  { name: 'shipping_fees.zonal negative', mutate: (b) => (b.shipping_fees.zonal = -1), code: C.NEGATIVE, path: '$.shipping_fees.zonal' },
  { name: 'shipping_fees.national a fraction', mutate: (b) => (b.shipping_fees.national = 7.5), code: C.NOT_INTEGER, path: '$.shipping_fees.national' },
  { name: 'fulfillment_profile not in enum', mutate: (b) => (b.fulfillment_profile = 'FBX'), code: C.NOT_IN_ENUM, path: '$.fulfillment_profile' },
  { name: 'fulfillment missing', mutate: (b) => delete b.fulfillment, code: C.REQUIRED, path: '$.fulfillment' },
  { name: 'dispatch_sla missing for NON_FBF', mutate: (b) => delete b.fulfillment.dispatch_sla, code: C.DISPATCH_SLA_REQUIRED, path: '$.fulfillment.dispatch_sla' },
  { name: 'dispatch_sla negative', mutate: (b) => (b.fulfillment.dispatch_sla = -1), code: C.NEGATIVE, path: '$.fulfillment.dispatch_sla' },
  { name: 'shipping_provider not in enum', mutate: (b) => (b.fulfillment.shipping_provider = 'COURIER'), code: C.NOT_IN_ENUM, path: '$.fulfillment.shipping_provider' },
  { name: 'procurement_type missing', mutate: (b) => delete b.fulfillment.procurement_type, code: C.REQUIRED, path: '$.fulfillment.procurement_type' },
  { name: 'packages missing for marketplace logistics', mutate: (b) => delete b.packages, code: C.PACKAGES_REQUIRED, path: '$.packages' },
  { name: 'package name missing', mutate: (b) => delete b.packages[0].name, code: C.REQUIRED, path: '$.packages[0].name' },
  {
    name: 'package name too long',
    mutate: (b) => (b.packages[0].name = 'N'.repeat(MAX_PACKAGE_NAME_LENGTH + 1)),
    code: C.PACKAGE_NAME_TOO_LONG,
    path: '$.packages[0].name',
  },
  { name: 'dimension length missing', mutate: (b) => delete b.packages[0].dimensions.length, code: C.REQUIRED, path: '$.packages[0].dimensions.length' },
  { name: 'dimension height negative', mutate: (b) => (b.packages[0].dimensions.height = -1), code: C.NEGATIVE, path: '$.packages[0].dimensions.height' },
  { name: 'weight missing with dimensions', mutate: (b) => delete b.packages[0].weight, code: C.WEIGHT_REQUIRED_WITH_DIMENSIONS, path: '$.packages[0].weight' },
  { name: 'weight negative', mutate: (b) => (b.packages[0].weight = -0.1), code: C.NEGATIVE, path: '$.packages[0].weight' },
  {
    name: 'description too long',
    mutate: (b) => (b.packages[0].description = 'd'.repeat(MAX_PACKAGE_DESCRIPTION_LENGTH + 1)),
    code: C.DESCRIPTION_TOO_LONG,
    path: '$.packages[0].description',
  },
  { name: 'fragile not a boolean', mutate: (b) => (b.packages[0].handling.fragile = 'yes'), code: C.WRONG_TYPE, path: '$.packages[0].handling.fragile' },
  {
    name: 'notional_value missing on the second of two packages',
    mutate: (b) => {
      twoPackages(b);
      delete b.packages[1].notional_value;
    },
    code: C.NOTIONAL_VALUE_REQUIRED,
    path: '$.packages[1].notional_value',
  },
  {
    name: 'notional amount negative',
    mutate: (b) => {
      twoPackages(b);
      b.packages[0].notional_value.amount = -1;
    },
    code: C.NEGATIVE,
    path: '$.packages[0].notional_value.amount',
  },
  {
    name: 'notional unit invalid',
    mutate: (b) => {
      twoPackages(b);
      b.packages[1].notional_value.unit = 'percent';
    },
    code: C.NOTIONAL_UNIT_INVALID,
    path: '$.packages[1].notional_value.unit',
  },
  { name: 'package id on create', mutate: (b) => (b.packages[0].id = 'PKG0000000001'), code: C.PACKAGE_ID_ON_CREATE, path: '$.packages[0].id' },
  { name: 'package id unknown on update', mutate: (b) => (b.packages[0].id = 'PKG9999999999'), code: C.PACKAGE_ID_UNKNOWN, path: '$.packages[0].id', operation: 'update' },
  { name: 'locations missing', mutate: (b) => delete b.locations, code: C.REQUIRED, path: '$.locations' },
  { name: 'locations empty', mutate: (b) => (b.locations = []), code: C.EMPTY, path: '$.locations' },
  { name: 'location not the seller’s', mutate: (b) => (b.locations[0].id = 'LOC2001'), code: C.LOCATION_NOT_SELLERS, path: '$.locations[0].id' },
  {
    name: 'location twice',
    mutate: (b) => b.locations.push({ id: LOC_A, status: 'ENABLED', inventory: 1 }),
    code: C.LOCATION_DUPLICATE,
    path: '$.locations[1].id',
  },
  { name: 'location status not in enum', mutate: (b) => (b.locations[0].status = 'ON'), code: C.NOT_IN_ENUM, path: '$.locations[0].status' },
  { name: 'inventory negative', mutate: (b) => (b.locations[0].inventory = -3), code: C.NEGATIVE, path: '$.locations[0].inventory' },
  { name: 'inventory a fraction', mutate: (b) => (b.locations[0].inventory = 2.5), code: C.NOT_INTEGER, path: '$.locations[0].inventory' },
  { name: 'inventory missing', mutate: (b) => delete b.locations[0].inventory, code: C.REQUIRED, path: '$.locations[0].inventory' },
  { name: 'address_label missing', mutate: (b) => delete b.address_label, code: C.REQUIRED, path: '$.address_label' },
  {
    name: 'manufacturer_details missing',
    mutate: (b) => delete b.address_label.manufacturer_details,
    code: C.REQUIRED,
    path: '$.address_label.manufacturer_details',
  },
  { name: 'packer_details missing', mutate: (b) => delete b.address_label.packer_details, code: C.REQUIRED, path: '$.address_label.packer_details' },
  { name: 'countries_of_origin missing', mutate: (b) => delete b.address_label.countries_of_origin, code: C.REQUIRED, path: '$.address_label.countries_of_origin' },
  {
    name: 'importer_details missing for a foreign origin',
    mutate: (b) => (b.address_label.countries_of_origin = ['IN', 'CN']),
    code: C.IMPORTER_REQUIRED,
    path: '$.address_label.importer_details',
  },
  {
    name: 'country code not ISO 3166 alpha-2',
    mutate: (b) => (b.address_label.countries_of_origin = ['IN', 'XX']),
    code: C.COUNTRY_CODE_INVALID,
    path: '$.address_label.countries_of_origin[1]',
  },
  { name: 'mfg_date zero', mutate: (b) => (b.dating_label.mfg_date = 0), code: C.NOT_POSITIVE, path: '$.dating_label.mfg_date' },
  {
    name: 'shelf_life above 60 months',
    mutate: (b) => (b.dating_label.shelf_life = MAX_SHELF_LIFE_SECONDS + 1),
    code: C.SHELF_LIFE_TOO_LONG,
    path: '$.dating_label.shelf_life',
  },
  { name: 'shelf_life negative', mutate: (b) => (b.dating_label.shelf_life = -1), code: C.NOT_POSITIVE, path: '$.dating_label.shelf_life' },
  { name: 'archived_status on create', mutate: (b) => (b.archived_status = 'ARCHIVED'), code: C.ARCHIVED_STATUS_ON_CREATE, path: '$.archived_status' },
  { name: 'archived_status not in enum', mutate: (b) => (b.archived_status = 'DELETED'), code: C.NOT_IN_ENUM, path: '$.archived_status', operation: 'update' },
  // Hyperlocal: single package and location objects (spec § Listing record).
  { name: 'hyperlocal with a packages list', mutate: (b) => (b.packages = [b.package]), code: C.WRONG_LISTING_SHAPE, path: '$.packages', hyperlocal: true },
  { name: 'hyperlocal location missing', mutate: (b) => delete b.location, code: C.REQUIRED, path: '$.location', hyperlocal: true },
  { name: 'hyperlocal location not the seller’s', mutate: (b) => (b.location.id = 'LOC9'), code: C.LOCATION_NOT_SELLERS, path: '$.location.id', hyperlocal: true },
  {
    name: 'hyperlocal package name too long',
    mutate: (b) => (b.package.name = 'N'.repeat(MAX_PACKAGE_NAME_LENGTH + 1)),
    code: C.PACKAGE_NAME_TOO_LONG,
    path: '$.package.name',
    hyperlocal: true,
  },
  {
    name: 'hyperlocal foreign origin without importer',
    mutate: (b) => (b.address_label = { countries_of_origin: ['CN'] }),
    code: C.IMPORTER_REQUIRED,
    path: '$.address_label.importer_details',
    hyperlocal: true,
  },
  { name: 'standard listing with a location object', mutate: (b) => (b.location = b.locations[0]), code: C.WRONG_LISTING_SHAPE, path: '$.location' },
];

export function bodyFor(c: RuleCase): Body {
  const b = c.hyperlocal ? validHyperlocal() : validListing();
  c.mutate(b);
  return b;
}
