// From a seller's listing request to the stored record and back out to the wire (spec § Listing
// record, § Product search item). ListingRec.data holds the record exactly as GET returns it, so
// the seed, create, update and the narrow price/inventory updates all keep one shape.
import type { InternalState } from '../../../shared/api/enums.js';
import type {
  HyperlocalListingInput,
  ListingInput,
  ListingRecord,
  PackageInput,
  ProductSearchItem,
} from '../../../shared/api/listings.js';
import { FSN_RE } from '../../../shared/api/ids.js';
import type { ListingRec, ShipmentRec } from '../world/model.js';
import type { World } from '../world/world.js';

type ArchivedStatus = 'ARCHIVED' | 'NONE';

/** Listing id: 'LST', the FSN and a five-digit sequence (the project's format, README § Listings). */
export function newListingId(world: World, fsn: string): string {
  return `LST${fsn}${String(world.nextCounter('listing')).padStart(5, '0')}`;
}

/** Package id: 'PKG' and ten digits; sub-shipments of multi-package orders are named after them. */
export function newPackageId(world: World): string {
  return `PKG${String(world.nextCounter('package')).padStart(10, '0')}`;
}

export function productUrl(fsn: string): string {
  return `https://www.marketplace.example/p/itm?pid=${fsn}`;
}

/** The product image of a search item: only products that carry an FSN have catalogue pictures. */
export function productImageUrl(fsn: string): string {
  return `https://img.marketplace.example/image/${fsn.toLowerCase()}.jpeg`;
}

/** Persistence key of a listing (World.touch); SKUs are per seller (spec § Listing operations). */
export function listingKey(sellerId: string, sku: string): string {
  return `${sellerId}/${sku}`;
}

/**
 * Stores a package list with ids: kept ids stay, new packages get one (spec § Listing create /
 * update request: "packages[].id ... system id of the package").
 */
function withIds(world: World, packages: PackageInput[]): (PackageInput & { id: string })[] {
  return packages.map((p) => ({ ...p, id: p.id ?? newPackageId(world) }));
}

function datingLabel(input: ListingInput['dating_label']): ListingInput['dating_label'] {
  if (!input) return undefined;
  const out = { ...input };
  // expiry_date is derived when both inputs are known (spec § Listing record: all epoch seconds).
  if (out.mfg_date !== undefined && out.shelf_life !== undefined) out.expiry_date = out.mfg_date + out.shelf_life;
  return out;
}

/** Catalogue facts of a product: kept from the SKU's listing, else from any listing of the product. */
export interface CatalogueFacts {
  fsn: string;
  title: string;
  vertical: string;
  serialized: boolean;
  refurbished: boolean;
  selfShip: boolean;
}

export function catalogueFacts(world: World, productId: string): CatalogueFacts {
  for (const map of world.listings.values()) {
    for (const l of map.values()) {
      if (l.data.product_id === productId) {
        return { fsn: l.fsn, title: l.title, vertical: l.vertical, serialized: l.serialized, refurbished: l.refurbished, selfShip: l.selfShip };
      }
    }
  }
  // A product the catalogue has not seen: an FSN-shaped product_id is its FSN, anything else
  // gets one derived from it so that order items can still name the product.
  const fsn = FSN_RE.test(productId) ? productId : `GEN${productId.replace(/[^A-Za-z0-9]/g, '').toUpperCase().padEnd(13, '0').slice(0, 13)}`;
  return { fsn, title: `Product ${productId}`, vertical: 'general', serialized: false, refurbished: false, selfShip: false };
}

/**
 * The stored record of a created or updated listing. System fields (listing_id, title, url,
 * marketplace) are kept across updates; price carries both spellings of the selling price.
 */
export function buildData(
  world: World,
  input: ListingInput | HyperlocalListingInput,
  facts: CatalogueFacts,
  hyperlocal: boolean,
  previous: ListingRec | undefined,
  archived: ArchivedStatus,
): Record<string, unknown> {
  const listingId = (previous?.data.listing_id as string | undefined) ?? newListingId(world, facts.fsn);
  const common = {
    listing_id: listingId,
    product_id: input.product_id,
    product_title: facts.title,
    product_url: productUrl(facts.fsn),
    price: { mrp: input.price.mrp, selling_price: input.price.selling_price, marketplace_selling_price: input.price.selling_price, currency: 'INR' },
    tax: { ...input.tax },
    listing_status: input.listing_status,
    // The fees are in INR, like every amount of the marketplace; the official SDK's model requires the field.
    ...(input.shipping_fees ? { shipping_fees: { ...input.shipping_fees, currency: SHIPPING_FEES_CURRENCY } } : {}),
    marketplace: 'MARKETPLACE',
    fulfillment_profile: input.fulfillment_profile,
    fulfillment: { ...input.fulfillment },
  };
  const labels = {
    ...(input.address_label ? { address_label: { ...input.address_label } } : {}),
    ...(input.dating_label ? { dating_label: datingLabel(input.dating_label) } : {}),
    archived_status: archived,
  };
  if (hyperlocal) {
    const h = input as HyperlocalListingInput;
    return { ...common, ...(h.package ? { package: withIds(world, [h.package])[0] } : {}), location: { ...h.location }, ...labels };
  }
  const s = input as ListingInput;
  return { ...common, ...(s.packages ? { packages: withIds(world, s.packages) } : {}), locations: s.locations.map((l) => ({ ...l })), ...labels };
}

/** Currency of listing shipping fees (sdk-facts § 14: the SDK's shipping_fees model has currency M). */
export const SHIPPING_FEES_CURRENCY = 'INR';

/** Package ids the stored listing has, for the update rule on packages[].id. */
export function packageIdsOf(rec: ListingRec): string[] {
  const list = rec.hyperlocal ? (rec.data.package ? [rec.data.package] : []) : ((rec.data.packages as unknown[] | undefined) ?? []);
  return (list as { id?: string }[]).map((p) => p.id).filter((id): id is string => typeof id === 'string');
}

/** Location entries of a listing: the list, or the hyperlocal listing's single location. */
export function locationsOf(rec: ListingRec): { id: string; status: string; inventory: number }[] {
  if (rec.hyperlocal) return rec.data.location ? [rec.data.location as { id: string; status: string; inventory: number }] : [];
  return (rec.data.locations as { id: string; status: string; inventory: number }[] | undefined) ?? [];
}

/** internal state after a seller's write (spec § Listing: transitions "not shown"; README § Listings). */
export function stateAfterWrite(previous: InternalState | undefined, listingStatus: 'ACTIVE' | 'INACTIVE', archived: ArchivedStatus): InternalState {
  if (archived === 'ARCHIVED') return 'ARCHIVED';
  // The marketplace's own deactivation is not the seller's to lift.
  if (previous === 'INACTIVATED_BY_MARKETPLACE') return previous;
  return listingStatus;
}

/** Orders of a SKU that still have to be fulfilled: order items not shipped and not cancelled. */
const OPEN_STATES = new Set(['APPROVED', 'PACKING_IN_PROGRESS', 'FORM_FAILED', 'PACKED', 'READY_TO_DISPATCH']);

export function ordersToBeFulfilled(shipments: Iterable<ShipmentRec>, sellerId: string, sku: string): number {
  const orders = new Set<string>();
  for (const s of shipments) {
    if (s.sellerId !== sellerId) continue;
    for (const i of s.orderItems) if (i.sku === sku && OPEN_STATES.has(i.status)) orders.add(i.orderId);
  }
  return orders.size;
}

/** The record GET and details return for one SKU (spec § Listing record). */
export function toWire(rec: ListingRec, openOrders: number): ListingRecord {
  const data = structuredClone(rec.data) as ListingRecord;
  data.archived_status = rec.internalState === 'ARCHIVED' ? 'ARCHIVED' : 'NONE';
  data.orders_to_be_fulfilled = openOrders;
  // Records stored before the currency was recorded get it on the way out.
  if (data.shipping_fees && typeof data.shipping_fees === 'object' && !('currency' in data.shipping_fees)) {
    (data.shipping_fees as Record<string, unknown>).currency = SHIPPING_FEES_CURRENCY;
  }
  return data;
}

/** One item of product search (spec § Product search item). */
export function toSearchItem(rec: ListingRec): ProductSearchItem {
  const d = rec.data as ListingRecord;
  const pkg = rec.hyperlocal ? d.package : d.packages?.[0];
  return {
    listingId: d.listing_id,
    sellerId: rec.sellerId,
    productId: d.product_id,
    sku: rec.sku,
    status: d.listing_status,
    product_name: rec.title,
    // Conditional in the spec: generic products created from an unknown product_id have no picture.
    ...(rec.vertical !== 'general' ? { product_image_url: productImageUrl(rec.fsn) } : {}),
    vertical: rec.vertical,
    product_description: {
      ssp: d.price.selling_price ?? d.price.marketplace_selling_price ?? 0,
      // No promotion runs in the sandbox: the effective selling price is null (the spec allows it).
      esp: null,
      mrp: d.price.mrp,
      dimensions: {
        breadth: pkg?.dimensions?.breadth ?? 0,
        length: pkg?.dimensions?.length ?? 0,
        height: pkg?.dimensions?.height ?? 0,
        weight: pkg?.weight ?? 0,
      },
    },
  };
}
