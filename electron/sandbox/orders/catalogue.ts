// The products behind order items. Orders are placed against a seller's listings (spec § Order
// item: fsn, sku, listingId); when a seller has no listing suited to the kind of order asked
// for, a small built-in catalogue is listed for it first, so every order item points at a real
// listing with a tax code, packages and locations (spec § Listing record).
import type { ListingRec, Seller } from '../world/model.js';
import type { World } from '../world/world.js';
import { listingKey } from '../listings/record.js';

export type ProductNeed = 'single' | 'serialized' | 'mps' | 'selfship';

export interface PackageTemplate {
  packageId: string;
  packageTitle: string;
  packageSku: string;
  /** Shared by every package record made from this template; never mutated. */
  dimensions: { length: number; breadth: number; height: number; weight: number };
}

/** What an order item needs to know about its listing, read once per factory call. */
export interface Product {
  sku: string;
  fsn: string;
  title: string;
  listingId: string;
  hsn: string;
  taxCode: string;
  mrp: number;
  sellingPrice: number;
  serialized: boolean;
  refurbished: boolean;
  selfShip: boolean;
  packages: PackageTemplate[];
}

interface CatalogueEntry {
  sku: string;
  fsn: string;
  title: string;
  vertical: string;
  hsn: string;
  taxCode: string;
  mrp: number;
  sellingPrice: number;
  serialized?: boolean;
  refurbished?: boolean;
  selfShip?: boolean;
  packages: { name: string; l: number; b: number; h: number; kg: number }[];
}

const CATALOGUE: readonly CatalogueEntry[] = [
  { sku: 'PS-MOB-001', fsn: 'MOBG7X2K9QPLA4ZT', title: 'Nimbus 5G Smartphone (8 GB, 128 GB)', vertical: 'mobile', hsn: '85171300', taxCode: 'GST_18', mrp: 24999, sellingPrice: 21999, serialized: true, packages: [{ name: 'Phone box', l: 18, b: 10, h: 7, kg: 0.45 }] },
  { sku: 'PS-MOB-002', fsn: 'MOBH3K8P2WQZ7N1R', title: 'Nimbus Lite Smartphone (4 GB, 64 GB)', vertical: 'mobile', hsn: '85171300', taxCode: 'GST_18', mrp: 12999, sellingPrice: 10499, serialized: true, packages: [{ name: 'Phone box', l: 17, b: 9, h: 6, kg: 0.4 }] },
  { sku: 'PS-MOB-R01', fsn: 'MOBR5T9Y2U8I3O6P', title: 'Refurbished Orion X Smartphone (6 GB, 128 GB)', vertical: 'mobile', hsn: '85171300', taxCode: 'GST_18', mrp: 15999, sellingPrice: 9999, serialized: true, refurbished: true, packages: [{ name: 'Phone box', l: 18, b: 10, h: 7, kg: 0.45 }] },
  { sku: 'PS-TSH-001', fsn: 'TSHF8D2K4L6M9N3B', title: 'Cotton Crew Neck T-Shirt', vertical: 't_shirt', hsn: '61091000', taxCode: 'GST_APPAREL', mrp: 799, sellingPrice: 449, packages: [{ name: 'Polybag', l: 30, b: 25, h: 3, kg: 0.25 }] },
  { sku: 'PS-SHO-001', fsn: 'SHOE4R7T1Y5U8I2O', title: 'Running Shoes', vertical: 'shoe', hsn: '64041100', taxCode: 'GST_Footwear', mrp: 2999, sellingPrice: 1799, packages: [{ name: 'Shoe box', l: 33, b: 22, h: 12, kg: 0.9 }] },
  { sku: 'PS-BOK-001', fsn: 'BOKP2A6S9D3F7G1H', title: 'The Packing Handbook (Paperback)', vertical: 'book', hsn: '49011010', taxCode: 'GST_0', mrp: 499, sellingPrice: 399, packages: [{ name: 'Book', l: 24, b: 16, h: 3, kg: 0.4 }] },
  { sku: 'PS-KIT-001', fsn: 'MIXJ8K2L5Z9X3C7V', title: 'Mixer Grinder 750 W', vertical: 'mixer_grinder_juicer', hsn: '85094010', taxCode: 'GST_18', mrp: 4999, sellingPrice: 3299, packages: [{ name: 'Carton', l: 40, b: 30, h: 30, kg: 4.2 }] },
  { sku: 'PS-SPK-R01', fsn: 'SPKB4N8M2Q6W1E5R', title: 'Refurbished Bluetooth Speaker', vertical: 'speaker', hsn: '85182200', taxCode: 'GST_18', mrp: 3999, sellingPrice: 1999, refurbished: true, packages: [{ name: 'Carton', l: 20, b: 12, h: 12, kg: 0.8 }] },
  { sku: 'PS-LAP-001', fsn: 'COMT7Y3U9I1O5P2A', title: 'Laptop 14 inch (16 GB, 512 GB SSD)', vertical: 'laptop', hsn: '84713010', taxCode: 'GST_18', mrp: 74990, sellingPrice: 62990, packages: [{ name: 'Laptop carton', l: 45, b: 32, h: 8, kg: 2.3 }] },
  { sku: 'PS-WRD-001', fsn: 'WRDS6D1F4G8H2J5K', title: 'Three-Door Wardrobe (flat pack)', vertical: 'wardrobe', hsn: '94036000', taxCode: 'GST_18', mrp: 32999, sellingPrice: 24999, packages: [{ name: 'Side panels', l: 200, b: 60, h: 8, kg: 38 }, { name: 'Doors', l: 200, b: 50, h: 6, kg: 30 }, { name: 'Shelves and fittings', l: 90, b: 45, h: 15, kg: 18 }] },
  { sku: 'PS-BED-001', fsn: 'BEDL9Z3X7C1V5B8N', title: 'Queen Bed with Storage (flat pack)', vertical: 'bed', hsn: '94035010', taxCode: 'GST_18', mrp: 29999, sellingPrice: 21499, packages: [{ name: 'Headboard and rails', l: 210, b: 40, h: 12, kg: 34 }, { name: 'Base panels', l: 160, b: 80, h: 10, kg: 41 }] },
  { sku: 'PS-TV-001', fsn: 'TVSM2Q7W4E9R1T6Y', title: '55 inch 4K Smart TV', vertical: 'television', hsn: '85287219', taxCode: 'GST_18', mrp: 54999, sellingPrice: 42999, selfShip: true, packages: [{ name: 'TV carton', l: 140, b: 18, h: 85, kg: 22 }] },
  { sku: 'PS-WSH-001', fsn: 'WMNU5I8O2P6A3S9D', title: 'Front Load Washing Machine 7 kg', vertical: 'washing_machine', hsn: '84501100', taxCode: 'GST_18', mrp: 36990, sellingPrice: 29990, selfShip: true, packages: [{ name: 'Machine crate', l: 65, b: 65, h: 90, kg: 62 }] },
];

/** Which products an order of this need may use. */
export function suits(p: Product, need: ProductNeed): boolean {
  switch (need) {
    case 'serialized':
      return p.serialized && !p.selfShip;
    case 'mps':
      return p.packages.length > 1 && !p.selfShip;
    case 'selfship':
      return p.selfShip;
    case 'single':
      return !p.serialized && !p.selfShip && p.packages.length === 1;
  }
}

/** The seller's products suited to a need, listing built-in catalogue entries when none is. */
export function productsFor(world: World, seller: Seller, need: ProductNeed): Product[] {
  const listings = world.listingsOf(seller.sellerId);
  const pick = (): Product[] => {
    const out: Product[] = [];
    for (const l of listings.values()) {
      // Customers can order only what is listed and visible (spec § Listing: ACTIVE).
      if (l.hyperlocal || l.internalState !== 'ACTIVE') continue;
      const p = productOf(l);
      if (suits(p, need)) out.push(p);
    }
    return out;
  };
  let products = pick();
  if (products.length === 0) {
    for (const entry of CATALOGUE) {
      if (listings.has(entry.sku)) continue;
      const rec = listingOf(entry, seller, world.nowIso());
      listings.set(entry.sku, rec);
      world.touch('listing', listingKey(seller.sellerId, entry.sku));
    }
    products = pick();
  }
  return products;
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v.length > 0 ? v : fallback);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** Reads the facts order items copy from a listing, whoever wrote it (defaults for gaps). */
export function productOf(l: ListingRec): Product {
  const data = obj(l.data);
  const price = obj(data.price);
  const tax = obj(data.tax);
  const listingId = str(data.listing_id, `LST${l.fsn}`);
  const mrp = num(price.mrp, 999);
  const sellingPrice = Math.min(mrp, num(price.selling_price, num(price.marketplace_selling_price, mrp)));
  const rawPackages = Array.isArray(data.packages) ? data.packages : [];
  const packages: PackageTemplate[] = rawPackages.map((raw, i) => {
    const p = obj(raw);
    const d = obj(p.dimensions);
    return {
      packageId: str(p.id, `${listingId}-P${i + 1}`),
      packageTitle: str(p.name, `${l.title} (package ${i + 1})`),
      packageSku: `${l.sku}-P${i + 1}`,
      dimensions: { length: num(d.length, 20), breadth: num(d.breadth, 15), height: num(d.height, 10), weight: num(p.weight, 1) },
    };
  });
  if (packages.length === 0) {
    packages.push({ packageId: `${listingId}-P1`, packageTitle: l.title, packageSku: `${l.sku}-P1`, dimensions: { length: 20, breadth: 15, height: 10, weight: 1 } });
  }
  return {
    sku: l.sku,
    fsn: l.fsn,
    title: l.title,
    listingId,
    hsn: str(tax.hsn, '00000000'),
    taxCode: str(tax.tax_code, 'GST_18'),
    mrp,
    sellingPrice,
    serialized: l.serialized,
    refurbished: l.refurbished,
    selfShip: l.selfShip,
    packages,
  };
}

function listingOf(e: CatalogueEntry, seller: Seller, nowIso: string): ListingRec {
  const listingId = `LST${e.fsn}${seller.sellerId.replace(/\D/g, '')}`;
  return {
    sku: e.sku,
    sellerId: seller.sellerId,
    hyperlocal: false,
    fsn: e.fsn,
    title: e.title,
    vertical: e.vertical,
    serialized: e.serialized ?? false,
    refurbished: e.refurbished ?? false,
    selfShip: e.selfShip ?? false,
    internalState: 'ACTIVE',
    updatedAt: nowIso,
    data: {
      listing_id: listingId,
      product_id: e.fsn,
      product_title: e.title,
      price: { mrp: e.mrp, selling_price: e.sellingPrice, currency: 'INR' },
      tax: { hsn: e.hsn, tax_code: e.taxCode },
      listing_status: 'ACTIVE',
      fulfillment_profile: 'NON_FBF',
      fulfillment: { dispatch_sla: e.selfShip ? 3 : 1, shipping_provider: e.selfShip ? 'SELLER' : 'MARKETPLACE', procurement_type: 'REGULAR' },
      shipping_fees: { local: 0, zonal: 0, national: 0, currency: 'INR' },
      packages: e.packages.map((p, i) => ({
        id: `${listingId}-P${i + 1}`,
        name: p.name,
        dimensions: { length: p.l, breadth: p.b, height: p.h },
        weight: p.kg,
        description: `${e.title}: ${p.name}`,
        handling: { fragile: e.vertical === 'television' || e.vertical === 'mobile' },
        ...(e.packages.length > 1 ? { notional_value: { amount: Math.round(100 / e.packages.length), unit: 'PERCENTAGE' } } : {}),
      })),
      locations: seller.locations.map((loc) => ({ id: loc.locationId, status: 'ENABLED', inventory: 50 })),
      archived_status: 'NONE',
    },
  };
}
