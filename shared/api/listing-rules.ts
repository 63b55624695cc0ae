// The rules of a listing create / update request, one SKU at a time (spec § Listing create /
// update request, § Listing operations, § Limits). Pure: the sandbox judges requests with it and
// the station's listing form shows the same errors under the same fields before sending.
//
// Where the spec leaves a condition open (Occ "C"), the choice made here:
// - price.selling_price <= price.mrp (spec § Order item: "sellingPrice ... less than or equal to MRP").
// - price.currency may be left out (it can only be INR); when given it must be INR.
// - tax.hsn: 4, 6 or 8 digits (the lengths of HSN codes in use).
// - shipping_fees are required unless fulfillment.shipping_provider is MARKETPLACE: whenever the
//   seller may ship an order, the seller's delivery charges must be known.
// - fulfillment.dispatch_sla is required unless fulfillment_profile is FBF: only when the
//   marketplace's warehouse fulfils every order does the seller need no time to make it ready.
// - packages (hyperlocal: package) are required unless shipping_provider is SELLER: marketplace
//   logistics must know what it carries. Several packages each need notional_value.
// - packages[].id is refused on create and, on update, must name a package of the listing.
// - address_label: manufacturer_details, packer_details and countries_of_origin are mandatory
//   for standard listings; for hyperlocal listings they are optional but checked when given.
//   importer_details are mandatory whenever a country of origin other than IN is given.
// - dating_label is optional; mfg_date and shelf_life are checked when given.
import {
  ArchivedStatus,
  FulfillmentProfile,
  ForbidShipping,
  ListingStatus,
  LocationStatus,
  ProcurementType,
  ShippingProvider,
  TaxCode,
} from './enums.js';
import {
  MAX_PACKAGE_DESCRIPTION_LENGTH,
  MAX_PACKAGE_NAME_LENGTH,
  MAX_SHELF_LIFE_SECONDS,
} from './limits.js';
import { LISTING_CODES } from './listing-codes.js';
import { HOME_COUNTRY, isCountryCode } from './country-codes.js';
import {
  HyperlocalListingInput,
  ListingInput,
  type AttributeError,
} from './listings.js';
import {
  Issues,
  JsonObjectSchema,
  ROOT,
  child,
  item,
  readArray,
  readBoolean,
  readDecimal,
  readEnum,
  readInt,
  readObject,
  readString,
  shown,
  warnUnknown,
  type At,
  type JsonObject,
} from './listing-check.js';
import { checkPrice, checkProductId } from './listing-update-rules.js';

export interface ListingRuleContext {
  operation: 'create' | 'update';
  hyperlocal: boolean;
  /** Location ids of the seller (spec: "Location id from the onboarding operation"). */
  sellerLocationIds: readonly string[];
  /** Package ids of the listing being updated; omit when unknown (the form, before sending). */
  existingPackageIds?: readonly string[];
}

export interface RuleResult<T> {
  /** Every violation, errors and warnings, in the order of the request table. */
  issues: AttributeError[];
  /** The typed request, present when no issue is an ERROR. */
  value?: T;
}

/** Attributes a client may echo from a retrieved record or send from the SDK; never warned about. */
const TOLERATED_TOP = ['listing_id', 'product_title', 'product_url', 'marketplace', 'subsidized_shipping', 'orders_to_be_fulfilled'];

export function checkListing(input: unknown, ctx: ListingRuleContext & { hyperlocal: false }): RuleResult<ListingInput>;
export function checkListing(input: unknown, ctx: ListingRuleContext & { hyperlocal: true }): RuleResult<HyperlocalListingInput>;
export function checkListing(input: unknown, ctx: ListingRuleContext): RuleResult<ListingInput | HyperlocalListingInput>;
export function checkListing(input: unknown, ctx: ListingRuleContext): RuleResult<ListingInput | HyperlocalListingInput> {
  const issues = new Issues();
  if (!JsonObjectSchema.safeParse(input).success) {
    issues.add(LISTING_CODES.LISTING_NOT_OBJECT, ROOT, 'The listing of this SKU must be a JSON object.');
    return { issues: issues.list };
  }
  const body = input as JsonObject;
  const [pkgKey, locKey, wrongPkg, wrongLoc] = ctx.hyperlocal
    ? ['package', 'location', 'packages', 'locations']
    : ['packages', 'locations', 'package', 'location'];
  for (const wrong of [wrongPkg, wrongLoc]) {
    if (body[wrong] !== undefined) {
      const right = wrong === wrongPkg ? pkgKey : locKey;
      const kind = ctx.hyperlocal ? 'Hyperlocal listings take' : 'Standard listings take';
      issues.add(LISTING_CODES.WRONG_LISTING_SHAPE, child(ROOT, wrong), `${kind} "${right}", not "${wrong}".`);
    }
  }
  warnUnknown(issues, body, ROOT, [
    'product_id', 'price', 'tax', 'listing_status', 'shipping_fees', 'fulfillment_profile', 'fulfillment',
    pkgKey, locKey, wrongPkg, wrongLoc, 'address_label', 'dating_label', 'archived_status', ...TOLERATED_TOP,
  ]);

  checkProductId(issues, body);
  checkPrice(issues, body, 'non-negative');
  checkTax(issues, body);
  readEnum(issues, body, 'listing_status', child(ROOT, 'listing_status'), true, ListingStatus.options);
  const profile = readEnum(issues, body, 'fulfillment_profile', child(ROOT, 'fulfillment_profile'), true, FulfillmentProfile.options);
  const provider = checkFulfillment(issues, body, profile);
  checkShippingFees(issues, body, provider);
  checkPackages(issues, body, ctx, pkgKey, provider);
  checkLocations(issues, body, ctx, locKey);
  checkAddressLabel(issues, body, ctx.hyperlocal);
  checkDatingLabel(issues, body);
  const archivedAt = child(ROOT, 'archived_status');
  if (ctx.operation === 'create' && body.archived_status !== undefined) {
    issues.add(LISTING_CODES.ARCHIVED_STATUS_ON_CREATE, archivedAt, 'archived_status is accepted by update operations only.');
  } else {
    readEnum(issues, body, 'archived_status', archivedAt, false, ArchivedStatus.options);
  }

  if (issues.hasErrors) return { issues: issues.list };
  // The rules above are stricter than the typed schema; this parse only types the value. Should
  // they ever disagree, the SKU fails with the schema's own words instead of a crash.
  const parsed = (ctx.hyperlocal ? HyperlocalListingInput : ListingInput).safeParse(body);
  if (!parsed.success) {
    for (const zi of parsed.error.issues) {
      const at = zi.path.reduce<At>((a, k) => (typeof k === 'number' ? item(a, k) : child(a, String(k))), ROOT);
      issues.add(LISTING_CODES.WRONG_TYPE, at, `${shown(at)}: ${zi.message}.`);
    }
    return { issues: issues.list };
  }
  return { issues: issues.list, value: parsed.data };
}

function checkTax(issues: Issues, body: JsonObject): void {
  const at = child(ROOT, 'tax');
  const tax = readObject(issues, body, 'tax', at, true);
  if (!tax) return;
  warnUnknown(issues, tax, at, ['hsn', 'tax_code', 'is_gst_sellable', 'goods_services_rate', 'luxury_cess_percentage']);
  const hsnAt = child(at, 'hsn');
  const hsn = readString(issues, tax, 'hsn', hsnAt, true);
  if (hsn !== undefined && !/^\d{4}(\d{2}){0,2}$/.test(hsn)) {
    issues.add(LISTING_CODES.HSN_FORMAT, hsnAt, `tax.hsn is ${JSON.stringify(hsn)}; an HSN code has 4, 6 or 8 digits.`);
  }
  const codeAt = child(at, 'tax_code');
  const code = readString(issues, tax, 'tax_code', codeAt, true);
  if (code !== undefined && !TaxCode.safeParse(code).success) {
    issues.add(LISTING_CODES.TAX_CODE_UNKNOWN, codeAt, `tax.tax_code ${JSON.stringify(code)} is not a tax code (for example GST_18, GST_APPAREL, GST_Old_12_New_5).`);
  }
}

function checkFulfillment(issues: Issues, body: JsonObject, profile: string | undefined): string | undefined {
  const at = child(ROOT, 'fulfillment');
  const f = readObject(issues, body, 'fulfillment', at, true);
  if (!f) return undefined;
  warnUnknown(issues, f, at, ['dispatch_sla', 'shipping_provider', 'procurement_type', 'forbid_shipping', 'region_restriction']);
  const slaAt = child(at, 'dispatch_sla');
  if ((f.dispatch_sla === undefined || f.dispatch_sla === null) && profile !== undefined && profile !== 'FBF') {
    issues.add(LISTING_CODES.DISPATCH_SLA_REQUIRED, slaAt, `fulfillment.dispatch_sla is mandatory when fulfillment_profile is ${profile}: the seller makes the product ready.`);
  } else {
    readInt(issues, f, 'dispatch_sla', slaAt, false, 'non-negative');
  }
  const provider = readEnum(issues, f, 'shipping_provider', child(at, 'shipping_provider'), true, ShippingProvider.options);
  readEnum(issues, f, 'procurement_type', child(at, 'procurement_type'), true, ProcurementType.options);
  readEnum(issues, f, 'forbid_shipping', child(at, 'forbid_shipping'), false, ForbidShipping.options);
  return provider;
}

function checkShippingFees(issues: Issues, body: JsonObject, provider: string | undefined): void {
  const at = child(ROOT, 'shipping_fees');
  const absent = body.shipping_fees === undefined || body.shipping_fees === null;
  if (absent) {
    if (provider !== undefined && provider !== 'MARKETPLACE') {
      issues.add(LISTING_CODES.SHIPPING_FEES_REQUIRED, at, `shipping_fees (local, zonal, national) are mandatory when fulfillment.shipping_provider is ${provider}: the seller may ship.`);
    }
    return;
  }
  const fees = readObject(issues, body, 'shipping_fees', at, true);
  if (!fees) return;
  warnUnknown(issues, fees, at, ['local', 'zonal', 'national', 'currency']);
  for (const k of ['local', 'zonal', 'national']) readInt(issues, fees, k, child(at, k), true, 'non-negative');
}

function checkPackages(issues: Issues, body: JsonObject, ctx: ListingRuleContext, key: string, provider: string | undefined): void {
  const at = child(ROOT, key);
  const needed = provider !== undefined && provider !== 'SELLER';
  const absent = body[key] === undefined || body[key] === null;
  const emptyList = Array.isArray(body[key]) && (body[key] as unknown[]).length === 0;
  if ((absent || emptyList) && needed) {
    issues.add(LISTING_CODES.PACKAGES_REQUIRED, at, `${key} is mandatory when fulfillment.shipping_provider is ${provider}: marketplace logistics must know the packages.`);
    return;
  }
  if (absent) return;
  if (ctx.hyperlocal) {
    const pkg = readObject(issues, body, key, at, true);
    if (pkg) checkPackage(issues, pkg, at, ctx, false, new Set());
    return;
  }
  const list = readArray(issues, body, key, at, false);
  if (!list) return;
  const seenIds = new Set<string>();
  list.forEach((p, i) => {
    const pAt = item(at, i);
    if (!JsonObjectSchema.safeParse(p).success) issues.wrongType(pAt, 'an object');
    else checkPackage(issues, p as JsonObject, pAt, ctx, list.length > 1, seenIds);
  });
}

function checkPackage(issues: Issues, pkg: JsonObject, at: At, ctx: ListingRuleContext, severalPackages: boolean, seenIds: Set<string>): void {
  warnUnknown(issues, pkg, at, ['id', 'name', 'dimensions', 'weight', 'description', 'handling', 'notional_value']);
  const idAt = child(at, 'id');
  if (ctx.operation === 'create') {
    if (pkg.id !== undefined && pkg.id !== null) {
      issues.add(LISTING_CODES.PACKAGE_ID_ON_CREATE, idAt, `${shown(idAt)} is given by the marketplace; send it in update payloads only.`);
    }
  } else {
    const id = readString(issues, pkg, 'id', idAt, false);
    if (id !== undefined && ((ctx.existingPackageIds && !ctx.existingPackageIds.includes(id)) || seenIds.has(id))) {
      issues.add(LISTING_CODES.PACKAGE_ID_UNKNOWN, idAt, `${shown(idAt)} ${JSON.stringify(id)} is not a package of this listing (or appears twice).`);
    }
    if (id !== undefined) seenIds.add(id);
  }
  const nameAt = child(at, 'name');
  const name = readString(issues, pkg, 'name', nameAt, true);
  if (name !== undefined && name.length > MAX_PACKAGE_NAME_LENGTH) {
    issues.add(LISTING_CODES.PACKAGE_NAME_TOO_LONG, nameAt, `${shown(nameAt)} has ${name.length} characters; the maximum is ${MAX_PACKAGE_NAME_LENGTH}.`);
  }
  const dimAt = child(at, 'dimensions');
  const dims = readObject(issues, pkg, 'dimensions', dimAt, false);
  if (dims) {
    warnUnknown(issues, dims, dimAt, ['length', 'breadth', 'height']);
    for (const k of ['length', 'breadth', 'height']) readDecimal(issues, dims, k, child(dimAt, k), true, 'non-negative');
  }
  const weightAt = child(at, 'weight');
  if (dims && (pkg.weight === undefined || pkg.weight === null)) {
    issues.add(LISTING_CODES.WEIGHT_REQUIRED_WITH_DIMENSIONS, weightAt, `${shown(weightAt)} is mandatory when dimensions are given.`);
  } else {
    readDecimal(issues, pkg, 'weight', weightAt, false, 'non-negative');
  }
  const descAt = child(at, 'description');
  const desc = readString(issues, pkg, 'description', descAt, false);
  if (desc !== undefined && desc.length > MAX_PACKAGE_DESCRIPTION_LENGTH) {
    issues.add(LISTING_CODES.DESCRIPTION_TOO_LONG, descAt, `${shown(descAt)} has ${desc.length} characters; the maximum is ${MAX_PACKAGE_DESCRIPTION_LENGTH}.`);
  }
  const handlingAt = child(at, 'handling');
  const handling = readObject(issues, pkg, 'handling', handlingAt, false);
  if (handling) {
    warnUnknown(issues, handling, handlingAt, ['fragile']);
    readBoolean(issues, handling, 'fragile', child(handlingAt, 'fragile'), true);
  }
  const nvAt = child(at, 'notional_value');
  if (severalPackages && (pkg.notional_value === undefined || pkg.notional_value === null)) {
    issues.add(LISTING_CODES.NOTIONAL_VALUE_REQUIRED, nvAt, `${shown(nvAt)} is mandatory when the lot has several packages.`);
    return;
  }
  const nv = readObject(issues, pkg, 'notional_value', nvAt, false);
  if (!nv) return;
  warnUnknown(issues, nv, nvAt, ['amount', 'unit']);
  readInt(issues, nv, 'amount', child(nvAt, 'amount'), true, 'non-negative');
  const unitAt = child(nvAt, 'unit');
  const unit = readString(issues, nv, 'unit', unitAt, true);
  if (unit !== undefined && unit !== 'PERCENTAGE' && !/^[A-Z]{3}$/.test(unit)) {
    issues.add(LISTING_CODES.NOTIONAL_UNIT_INVALID, unitAt, `${shown(unitAt)} is ${JSON.stringify(unit)}; it must be PERCENTAGE or a currency code such as INR.`);
  }
}

function checkLocations(issues: Issues, body: JsonObject, ctx: ListingRuleContext, key: string): void {
  const at = child(ROOT, key);
  const seen = new Set<string>();
  if (ctx.hyperlocal) {
    const loc = readObject(issues, body, key, at, true);
    if (loc) checkLocation(issues, loc, at, ctx, seen);
    return;
  }
  const list = readArray(issues, body, key, at, true);
  list?.forEach((l, i) => {
    const lAt = item(at, i);
    if (!JsonObjectSchema.safeParse(l).success) issues.wrongType(lAt, 'an object');
    else checkLocation(issues, l as JsonObject, lAt, ctx, seen);
  });
}

function checkLocation(issues: Issues, loc: JsonObject, at: At, ctx: ListingRuleContext, seen: Set<string>): void {
  warnUnknown(issues, loc, at, ['id', 'status', 'inventory', 'pending_inventory']);
  const idAt = child(at, 'id');
  const id = readString(issues, loc, 'id', idAt, true);
  if (id !== undefined) {
    if (!ctx.sellerLocationIds.includes(id)) {
      issues.add(LISTING_CODES.LOCATION_NOT_SELLERS, idAt, `${shown(idAt)} ${JSON.stringify(id)} is not one of your locations (${ctx.sellerLocationIds.join(', ')}).`);
    } else if (seen.has(id)) {
      issues.add(LISTING_CODES.LOCATION_DUPLICATE, idAt, `${shown(idAt)} ${JSON.stringify(id)} is listed twice.`);
    }
    seen.add(id);
  }
  readEnum(issues, loc, 'status', child(at, 'status'), true, LocationStatus.options);
  readInt(issues, loc, 'inventory', child(at, 'inventory'), true, 'non-negative');
}

function checkStringList(issues: Issues, parent: JsonObject, key: string, at: At, required: boolean): string[] | undefined {
  const list = readArray(issues, parent, key, at, required);
  if (!list) return undefined;
  const out: string[] = [];
  list.forEach((v, i) => {
    const iAt = item(at, i);
    if (typeof v !== 'string') issues.wrongType(iAt, 'a string');
    else if (v.trim() === '') issues.add(LISTING_CODES.EMPTY, iAt, `${shown(iAt)} must not be blank.`);
    else out.push(v);
  });
  return out;
}

function checkAddressLabel(issues: Issues, body: JsonObject, hyperlocal: boolean): void {
  const at = child(ROOT, 'address_label');
  const label = readObject(issues, body, 'address_label', at, !hyperlocal);
  if (!label) return;
  warnUnknown(issues, label, at, ['manufacturer_details', 'importer_details', 'packer_details', 'countries_of_origin']);
  checkStringList(issues, label, 'manufacturer_details', child(at, 'manufacturer_details'), !hyperlocal);
  checkStringList(issues, label, 'packer_details', child(at, 'packer_details'), !hyperlocal);
  const originAt = child(at, 'countries_of_origin');
  const origins = checkStringList(issues, label, 'countries_of_origin', originAt, !hyperlocal) ?? [];
  let foreign: string | undefined;
  const rawOrigins = Array.isArray(label.countries_of_origin) ? (label.countries_of_origin as unknown[]) : [];
  rawOrigins.forEach((v, i) => {
    if (typeof v !== 'string' || v.trim() === '') return;
    if (!isCountryCode(v)) {
      const hint = isCountryCode(v.toUpperCase()) ? ` (write it in capitals: ${v.toUpperCase()})` : '';
      issues.add(LISTING_CODES.COUNTRY_CODE_INVALID, item(originAt, i), `${shown(item(originAt, i))} ${JSON.stringify(v)} is not an ISO 3166 alpha-2 country code${hint}.`);
    } else if (v !== HOME_COUNTRY) foreign ??= v;
  });
  const importerAt = child(at, 'importer_details');
  const importers = checkStringList(issues, label, 'importer_details', importerAt, false);
  if (foreign && origins.length > 0 && (!importers || importers.length === 0)) {
    issues.add(LISTING_CODES.IMPORTER_REQUIRED, importerAt, `address_label.importer_details are mandatory because a country of origin (${foreign}) is not ${HOME_COUNTRY}.`);
  }
}

function checkDatingLabel(issues: Issues, body: JsonObject): void {
  const at = child(ROOT, 'dating_label');
  const label = readObject(issues, body, 'dating_label', at, false);
  if (!label) return;
  warnUnknown(issues, label, at, ['mfg_date', 'shelf_life', 'expiry_date']);
  readInt(issues, label, 'mfg_date', child(at, 'mfg_date'), false, 'positive');
  const lifeAt = child(at, 'shelf_life');
  const life = readInt(issues, label, 'shelf_life', lifeAt, false, 'positive');
  if (life !== undefined && life > MAX_SHELF_LIFE_SECONDS) {
    issues.add(LISTING_CODES.SHELF_LIFE_TOO_LONG, lifeAt, `dating_label.shelf_life is ${life} seconds; the maximum is ${MAX_SHELF_LIFE_SECONDS} (60 months).`);
  }
  readInt(issues, label, 'expiry_date', child(at, 'expiry_date'), false, 'positive');
}
