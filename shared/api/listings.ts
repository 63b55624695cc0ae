// Wire shapes of the listing operations (spec § Listing record, § Listing create / update
// request, § Listing operations, § Product search item) as zod schemas. The sandbox builds its
// answers from them and the station parses answers with them. The per-attribute rules that a
// zod schema cannot say well (conditions, JSON paths, numeric codes) live in listing-rules.ts.
import { z } from 'zod';
import {
  ArchivedStatus,
  FulfillmentProfile,
  ForbidShipping,
  InternalState,
  ListingStatus,
  LocationStatus,
  ProcurementType,
  ShippingProvider,
  TaxCode,
} from './enums.js';
import { LISTINGS_PER_SEARCH_BATCH, MAX_SKUS_PER_REQUEST } from './limits.js';

/**
 * Listing operations live under the order base (sdk-facts § 1 fills the spec's "listing prefix:
 * not shown"): the spec's `/listings/v3/...` becomes `/sellers/listings/v3/...`.
 */
export const LISTINGS_BASE_PATH = '/sellers/listings/v3';

/**
 * The spec sets no SKU format. The sandbox's contract (electron/sandbox/README.md § Listings):
 * 1 to 64 characters, no control characters, no comma (GET joins SKUs with commas), no
 * leading or trailing blank. A SKU outside it is "invalid by contract" (spec § Listing operations).
 */
export const MAX_SKU_LENGTH = 64;
// eslint-disable-next-line no-control-regex
const SKU_FORBIDDEN = /[\u0000-\u001f\u007f,]/;

export function isValidSku(sku: string): boolean {
  return sku.length >= 1 && sku.length <= MAX_SKU_LENGTH && !SKU_FORBIDDEN.test(sku) && sku.trim() === sku;
}

// ---------------------------------------------------------------------------------------------
// Answers common to every listing operation (spec § Listing operations (common rules)).

export const Severity = z.enum(['ERROR', 'WARNING']);
export type Severity = z.infer<typeof Severity>;

export const ListingError = z.object({
  severity: Severity,
  code: z.number().int(),
  description: z.string(),
  /** Path of the failed JSON node; present in 400 answers (spec § Listing operations). */
  path: z.string().optional(),
});
export type ListingError = z.infer<typeof ListingError>;

export const AttributeError = z.object({
  severity: Severity,
  code: z.number().int(),
  description: z.string(),
  /** The attribute as the request table names it, e.g. `packages[].name`. */
  attribute: z.string(),
  /** JSON path of the attribute in the SKU's object, e.g. `$.packages[0].name`. */
  path: z.string(),
});
export type AttributeError = z.infer<typeof AttributeError>;

/**
 * Per-SKU status. The spec writes success, failure, warning and the sandbox sends exactly that;
 * the SDK's model is upper case (sdk-facts § 15.25), so a parser accepts either spelling.
 */
export const ListingChangeStatus = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : v),
  z.enum(['success', 'failure', 'warning']),
);
export type ListingChangeStatus = z.infer<typeof ListingChangeStatus>;

export const ListingChangeResult = z.object({
  status: ListingChangeStatus,
  errors: z.array(ListingError),
  attribute_errors: z.array(AttributeError),
});
export type ListingChangeResult = z.infer<typeof ListingChangeResult>;

/** 200 answer of create, update, hyperlocal, price and inventory: SKU -> result. */
export const ListingChangeResponse = z.record(z.string(), ListingChangeResult);
export type ListingChangeResponse = z.infer<typeof ListingChangeResponse>;

/** 400 (and 500) answer: errors[] only (spec § Listing operations). */
export const ListingBatchErrorBody = z.object({ errors: z.array(ListingError) });

// ---------------------------------------------------------------------------------------------
// The listing object a seller writes (spec § Listing create / update request). Typed shape of a
// request that passed listing-rules.ts; unknown attributes are stripped.

export const PriceInput = z.object({
  mrp: z.number().int().nonnegative(),
  selling_price: z.number().int().nonnegative(),
  currency: z.literal('INR').default('INR'),
});
export const TaxInput = z.object({ hsn: z.string(), tax_code: TaxCode });
export const ShippingFees = z.object({
  local: z.number().int().nonnegative(),
  zonal: z.number().int().nonnegative(),
  national: z.number().int().nonnegative(),
});
export const FulfillmentInput = z.object({
  dispatch_sla: z.number().int().nonnegative().optional(),
  shipping_provider: ShippingProvider,
  procurement_type: ProcurementType,
  forbid_shipping: ForbidShipping.optional(),
});
export const Dimensions = z.object({ length: z.number().nonnegative(), breadth: z.number().nonnegative(), height: z.number().nonnegative() });
export const NotionalValue = z.object({ amount: z.number().int().nonnegative(), unit: z.string() });
export const PackageInput = z.object({
  id: z.string().optional(),
  name: z.string(),
  dimensions: Dimensions.optional(),
  /** Kilograms: product search reports the same number as weight in kg (spec § Product search item). */
  weight: z.number().nonnegative().optional(),
  description: z.string().optional(),
  handling: z.object({ fragile: z.boolean() }).optional(),
  notional_value: NotionalValue.optional(),
});
export type PackageInput = z.infer<typeof PackageInput>;
export const LocationInput = z.object({ id: z.string(), status: LocationStatus, inventory: z.number().int().nonnegative() });
export type LocationInput = z.infer<typeof LocationInput>;
export const AddressLabel = z.object({
  manufacturer_details: z.array(z.string()).optional(),
  importer_details: z.array(z.string()).optional(),
  packer_details: z.array(z.string()).optional(),
  countries_of_origin: z.array(z.string()).optional(),
});
export const DatingLabel = z.object({
  mfg_date: z.number().int().positive().optional(),
  shelf_life: z.number().int().positive().optional(),
  expiry_date: z.number().int().positive().optional(),
});

const listingCommon = {
  product_id: z.string(),
  price: PriceInput,
  tax: TaxInput,
  listing_status: ListingStatus,
  shipping_fees: ShippingFees.optional(),
  fulfillment_profile: FulfillmentProfile,
  fulfillment: FulfillmentInput,
  address_label: AddressLabel.optional(),
  dating_label: DatingLabel.optional(),
  archived_status: ArchivedStatus.optional(),
};
export const ListingInput = z.object({ ...listingCommon, packages: z.array(PackageInput).optional(), locations: z.array(LocationInput) });
export type ListingInput = z.infer<typeof ListingInput>;
/** Hyperlocal: a single `package` and a single `location` object (spec § Listing record). */
export const HyperlocalListingInput = z.object({ ...listingCommon, package: PackageInput.optional(), location: LocationInput });
export type HyperlocalListingInput = z.infer<typeof HyperlocalListingInput>;

/** POST /listings/v3/update/price, per SKU (spec § Listing operations). */
export const PriceUpdateInput = z.object({
  product_id: z.string(),
  price: z.object({ mrp: z.number().int().nonnegative(), selling_price: z.number().int().positive(), currency: z.literal('INR') }),
});
export type PriceUpdateInput = z.infer<typeof PriceUpdateInput>;
/** POST /listings/v3/update/inventory, per SKU. */
export const InventoryUpdateInput = z.object({
  product_id: z.string(),
  locations: z.array(z.object({ id: z.string(), inventory: z.number().int().nonnegative() })),
});
export type InventoryUpdateInput = z.infer<typeof InventoryUpdateInput>;

// ---------------------------------------------------------------------------------------------
// Retrieval (spec § Listing record, GET /listings/v3/{sku-ids}, POST /listings/v3/details).

const RecordPrice = z.looseObject({
  mrp: z.number(),
  /** The record's name (spec § Listing record) ... */
  marketplace_selling_price: z.number().optional(),
  /** ... and the SDK's (sdk-facts § 15.26): the sandbox sends both. */
  selling_price: z.number().optional(),
  currency: z.string(),
});
const RecordPackage = PackageInput.extend({ id: z.string() }).loose();
const RecordLocation = LocationInput.loose();

export const ListingRecord = z.looseObject({
  listing_id: z.string(),
  product_id: z.string(),
  product_title: z.string().optional(),
  product_url: z.string().optional(),
  price: RecordPrice,
  tax: z.looseObject({ hsn: z.string(), tax_code: z.string().optional() }),
  listing_status: ListingStatus,
  shipping_fees: ShippingFees.loose().optional(),
  marketplace: z.string().optional(),
  fulfillment_profile: z.string(),
  fulfillment: FulfillmentInput.extend({ shipping_provider: z.string(), procurement_type: z.string() }).loose().optional(),
  packages: z.array(RecordPackage).optional(),
  locations: z.array(RecordLocation).optional(),
  /** Hyperlocal records carry single objects instead of the two lists. */
  package: RecordPackage.optional(),
  location: RecordLocation.optional(),
  address_label: AddressLabel.loose().optional(),
  dating_label: DatingLabel.loose().optional(),
  archived_status: ArchivedStatus.optional(),
  /** Orders of this SKU not yet shipped; sits beside the record's fields (spec § Listing record). */
  orders_to_be_fulfilled: z.number().int().nonnegative().optional(),
});
export type ListingRecord = z.infer<typeof ListingRecord>;

export const GetListingsResponse = z.object({
  available: z.record(z.string(), ListingRecord),
  unavailable: z.array(z.string()),
  invalid: z.array(z.string()),
});
export type GetListingsResponse = z.infer<typeof GetListingsResponse>;

export const DetailsRequest = z.object({ sku_ids: z.array(z.string()).min(1).max(MAX_SKUS_PER_REQUEST) });
export type DetailsRequest = z.infer<typeof DetailsRequest>;

// ---------------------------------------------------------------------------------------------
// Product search (spec § Listing operations, § Product search item).

export const ProductSearchRequest = z.object({
  batchNo: z.number().int().nonnegative(),
  internalState: InternalState,
  searchText: z.string().optional(),
});
export type ProductSearchRequest = z.infer<typeof ProductSearchRequest>;

export const ProductSearchItem = z.object({
  listingId: z.string(),
  sellerId: z.string(),
  productId: z.string(),
  sku: z.string(),
  status: ListingStatus,
  product_name: z.string(),
  product_image_url: z.string().optional(),
  vertical: z.string(),
  product_description: z.object({
    ssp: z.number(),
    esp: z.number().nullable(),
    mrp: z.number(),
    dimensions: z.object({ breadth: z.number(), length: z.number(), height: z.number(), weight: z.number() }),
  }),
});
export type ProductSearchItem = z.infer<typeof ProductSearchItem>;

export const ProductSearchResponse = z.object({
  totalListingsCount: z.number().int().nonnegative(),
  listingData: z.array(ProductSearchItem).max(LISTINGS_PER_SEARCH_BATCH),
});
export type ProductSearchResponse = z.infer<typeof ProductSearchResponse>;
