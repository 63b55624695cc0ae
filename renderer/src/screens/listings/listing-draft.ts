// The listing form's draft and its translation to the request object of spec § Listing create /
// update request. Inputs hold text; numbers are converted only when they are numbers, so a typo
// reaches the shared rules as it is and gets their words ("price.mrp must be ..."), at its field.
export interface PackageDraft {
  /** Marketplace id of the package: kept on update, never typed (spec: update payload only). */
  id: string;
  name: string;
  length: string;
  breadth: string;
  height: string;
  weight: string;
  description: string;
  fragile: boolean;
  notionalAmount: string;
  notionalUnit: string;
}

export interface LocationDraft {
  id: string;
  status: string;
  inventory: string;
}

export interface ListingDraft {
  sku: string;
  mode: 'create' | 'update';
  hyperlocal: boolean;
  productId: string;
  mrp: string;
  sellingPrice: string;
  hsn: string;
  taxCode: string;
  listingStatus: string;
  feeLocal: string;
  feeZonal: string;
  feeNational: string;
  fulfillmentProfile: string;
  dispatchSla: string;
  shippingProvider: string;
  procurementType: string;
  packages: PackageDraft[];
  locations: LocationDraft[];
  manufacturers: string;
  importers: string;
  packers: string;
  countries: string;
  /** YYYY-MM-DD, read as IST midnight. */
  mfgDate: string;
  shelfLifeDays: string;
  archivedStatus: string;
}

export const emptyPackage = (): PackageDraft => ({ id: '', name: '', length: '', breadth: '', height: '', weight: '', description: '', fragile: false, notionalAmount: '', notionalUnit: '' });
export const emptyLocation = (id = ''): LocationDraft => ({ id, status: 'ENABLED', inventory: '' });

export function emptyDraft(locationId = ''): ListingDraft {
  return {
    sku: '', mode: 'create', hyperlocal: false, productId: '', mrp: '', sellingPrice: '', hsn: '', taxCode: '', listingStatus: 'ACTIVE',
    feeLocal: '', feeZonal: '', feeNational: '', fulfillmentProfile: 'NON_FBF', dispatchSla: '', shippingProvider: 'SELLER', procurementType: 'REGULAR',
    packages: [emptyPackage()], locations: [emptyLocation(locationId)], manufacturers: '', importers: '', packers: '', countries: 'IN', mfgDate: '', shelfLifeDays: '', archivedStatus: '',
  };
}

const DAY = 86_400;

/** A number when the text is one; the text itself otherwise (the rules name the mistake); absent when blank. */
function num(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

const lines = (text: string) => text.split('\n').map((s) => s.trim()).filter(Boolean);
const list = (text: string) => text.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);

/** Drops keys whose value is undefined, so "not given" reaches the rules as absent. */
function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function packageOf(p: PackageDraft, mode: 'create' | 'update'): Record<string, unknown> {
  const anyDim = [p.length, p.breadth, p.height].some((v) => v.trim() !== '');
  const anyNotional = p.notionalAmount.trim() !== '' || p.notionalUnit.trim() !== '';
  return compact({
    id: mode === 'update' && p.id ? p.id : undefined,
    name: p.name,
    dimensions: anyDim ? compact({ length: num(p.length), breadth: num(p.breadth), height: num(p.height) }) : undefined,
    weight: num(p.weight),
    description: p.description.trim() === '' ? undefined : p.description,
    handling: { fragile: p.fragile },
    notional_value: anyNotional ? compact({ amount: num(p.notionalAmount), unit: p.notionalUnit.trim() || undefined }) : undefined,
  });
}

const locationOf = (l: LocationDraft) => compact({ id: l.id.trim() || undefined, status: l.status || undefined, inventory: num(l.inventory) });

/** IST midnight of a YYYY-MM-DD date, in epoch seconds (dating_label.mfg_date). */
export function istMidnightSeconds(date: string): number | string | undefined {
  if (date.trim() === '') return undefined;
  const ms = Date.parse(`${date}T00:00:00+05:30`);
  return Number.isNaN(ms) ? date : Math.floor(ms / 1000);
}

export function toListing(d: ListingDraft): Record<string, unknown> {
  const anyFee = [d.feeLocal, d.feeZonal, d.feeNational].some((v) => v.trim() !== '');
  const label = compact({
    manufacturer_details: lines(d.manufacturers).length ? lines(d.manufacturers) : undefined,
    importer_details: lines(d.importers).length ? lines(d.importers) : undefined,
    packer_details: lines(d.packers).length ? lines(d.packers) : undefined,
    countries_of_origin: list(d.countries).length ? list(d.countries) : undefined,
  });
  const life = num(d.shelfLifeDays);
  const dating = compact({ mfg_date: istMidnightSeconds(d.mfgDate), shelf_life: typeof life === 'number' ? Math.round(life * DAY) : life });
  const pkgs = d.packages.map((p) => packageOf(p, d.mode));
  const locs = d.locations.map(locationOf);
  return compact({
    product_id: d.productId.trim() || undefined,
    price: compact({ mrp: num(d.mrp), selling_price: num(d.sellingPrice), currency: 'INR' }),
    tax: compact({ hsn: d.hsn.trim() || undefined, tax_code: d.taxCode || undefined }),
    listing_status: d.listingStatus || undefined,
    shipping_fees: anyFee ? compact({ local: num(d.feeLocal), zonal: num(d.feeZonal), national: num(d.feeNational) }) : undefined,
    fulfillment_profile: d.fulfillmentProfile || undefined,
    fulfillment: compact({ dispatch_sla: num(d.dispatchSla), shipping_provider: d.shippingProvider || undefined, procurement_type: d.procurementType || undefined }),
    // Hyperlocal listings carry one package and one location object (spec § Listing record).
    ...(d.hyperlocal ? { package: pkgs[0], location: locs[0] } : { packages: pkgs.length ? pkgs : undefined, locations: locs }),
    address_label: Object.keys(label).length ? label : undefined,
    dating_label: Object.keys(dating).length ? dating : undefined,
    archived_status: d.mode === 'update' && d.archivedStatus ? d.archivedStatus : undefined,
  });
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

function packageDraftOf(raw: unknown): PackageDraft {
  const p = obj(raw);
  const dims = obj(p.dimensions);
  const nv = obj(p.notional_value);
  return {
    id: text(p.id), name: text(p.name), length: text(dims.length), breadth: text(dims.breadth), height: text(dims.height), weight: text(p.weight),
    description: text(p.description), fragile: obj(p.handling).fragile === true, notionalAmount: text(nv.amount), notionalUnit: text(nv.unit),
  };
}

/** A retrieved listing record (spec § Listing record) as a draft for an update. */
export function draftOfRecord(sku: string, record: Record<string, unknown>, hyperlocal: boolean): ListingDraft {
  const price = obj(record.price);
  const tax = obj(record.tax);
  const fees = obj(record.shipping_fees);
  const f = obj(record.fulfillment);
  const label = obj(record.address_label);
  const dating = obj(record.dating_label);
  const pkgs = hyperlocal ? (record.package ? [record.package] : []) : Array.isArray(record.packages) ? record.packages : [];
  const locs = hyperlocal ? (record.location ? [record.location] : []) : Array.isArray(record.locations) ? record.locations : [];
  const mfg = typeof dating.mfg_date === 'number' ? new Date(dating.mfg_date * 1000 + 330 * 60_000).toISOString().slice(0, 10) : '';
  return {
    sku, mode: 'update', hyperlocal, productId: text(record.product_id), mrp: text(price.mrp), sellingPrice: text(price.selling_price ?? price.marketplace_selling_price),
    hsn: text(tax.hsn), taxCode: text(tax.tax_code), listingStatus: text(record.listing_status), feeLocal: text(fees.local), feeZonal: text(fees.zonal), feeNational: text(fees.national),
    fulfillmentProfile: text(record.fulfillment_profile), dispatchSla: text(f.dispatch_sla), shippingProvider: text(f.shipping_provider), procurementType: text(f.procurement_type),
    packages: pkgs.map(packageDraftOf),
    locations: locs.map((l) => ({ id: text(obj(l).id), status: text(obj(l).status) || 'ENABLED', inventory: text(obj(l).inventory) })),
    manufacturers: strings(label.manufacturer_details).join('\n'), importers: strings(label.importer_details).join('\n'), packers: strings(label.packer_details).join('\n'),
    countries: strings(label.countries_of_origin).join(', '), mfgDate: mfg, shelfLifeDays: typeof dating.shelf_life === 'number' ? String(dating.shelf_life / DAY) : '',
    archivedStatus: text(record.archived_status),
  };
}

/** The DOM id of the input for an attribute path: `$.packages[0].name` -> `lf-packages-0-name`. */
export function fieldId(path: string): string {
  return `lf${path.slice(1).replace(/\[(\d+)\]/g, '-$1').replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** The path one level up: `$.packages[0].name` -> `$.packages[0]` -> `$.packages` -> `$`. */
export function parentPath(path: string): string {
  const m = /^(.*)(\.[A-Za-z_][A-Za-z0-9_]*|\[[^\]]*\])$/.exec(path);
  return m && m[1] ? m[1] : '$';
}

/** The nearest path the form shows: the exact field, else its group, else the form itself ('$'). */
export function placeOf(path: string, shown: ReadonlySet<string>): string {
  let p = path;
  while (p !== '$' && !shown.has(p)) p = parentPath(p);
  return p;
}
