// Rules of the two narrow updates, price and inventory (spec § Listing operations), and the
// product_id and price rules they share with the full listing request (spec § Listing create /
// update request). Pure, like listing-rules.ts.
import { MAX_PRODUCT_ID_LENGTH, MIN_PRODUCT_ID_LENGTH } from './limits.js';
import { LISTING_CODES } from './listing-codes.js';
import { InventoryUpdateInput, PriceUpdateInput, type AttributeError } from './listings.js';
import {
  Issues,
  JsonObjectSchema,
  ROOT,
  child,
  item,
  readArray,
  readInt,
  readObject,
  readString,
  shown,
  warnUnknown,
  type JsonObject,
} from './listing-check.js';

/** product_id: mandatory, 13 to 16 characters (spec § Listing create / update request, § Limits). */
export function checkProductId(issues: Issues, body: JsonObject, expected?: string): void {
  const at = child(ROOT, 'product_id');
  const id = readString(issues, body, 'product_id', at, true);
  if (id === undefined) return;
  if (id.length < MIN_PRODUCT_ID_LENGTH || id.length > MAX_PRODUCT_ID_LENGTH) {
    issues.add(
      LISTING_CODES.PRODUCT_ID_LENGTH,
      at,
      `product_id has ${id.length} characters; it must have ${MIN_PRODUCT_ID_LENGTH} to ${MAX_PRODUCT_ID_LENGTH}.`,
    );
  } else if (expected !== undefined && id !== expected) {
    issues.add(LISTING_CODES.PRODUCT_ID_MISMATCH, at, `product_id ${JSON.stringify(id)} is not the product of this SKU (${expected}).`);
  }
}

/**
 * price{mrp, selling_price, currency}. selling_price is Non-negative in the listing request and
 * Positive in the price update (spec § Listing operations); in both it may not exceed mrp
 * (spec § Order item: "sellingPrice ... less than or equal to MRP"). currency may be left out of
 * a listing request (it can only be INR) but is mandatory in a price update.
 */
export function checkPrice(issues: Issues, body: JsonObject, sellingSign: 'non-negative' | 'positive'): void {
  const at = child(ROOT, 'price');
  const price = readObject(issues, body, 'price', at, true);
  if (!price) return;
  warnUnknown(issues, price, at, ['mrp', 'selling_price', 'currency', 'marketplace_selling_price', 'mop', 'nlc', 'dealer_price'], {
    sellingPrice: 'The payload spells it selling_price.',
  });
  const mrp = readInt(issues, price, 'mrp', child(at, 'mrp'), true, 'non-negative');
  const spAt = child(at, 'selling_price');
  const sp = readInt(issues, price, 'selling_price', spAt, true, sellingSign);
  if (mrp !== undefined && sp !== undefined && sp > mrp) {
    issues.add(LISTING_CODES.SELLING_PRICE_ABOVE_MRP, spAt, `price.selling_price (${sp}) must not be above price.mrp (${mrp}).`);
  }
  const curAt = child(at, 'currency');
  const currency = readString(issues, price, 'currency', curAt, sellingSign === 'positive');
  if (currency !== undefined && currency !== 'INR') {
    issues.add(LISTING_CODES.CURRENCY_NOT_INR, curAt, `price.currency is ${JSON.stringify(currency)}; the only currency is INR.`);
  }
}

export interface PriceUpdateContext {
  /** product_id of the listing being changed; omit when not known (the form). */
  productId?: string;
}

/** POST /listings/v3/update/price, one SKU (spec § Listing operations). */
export function checkPriceUpdate(input: unknown, ctx: PriceUpdateContext = {}): { issues: AttributeError[]; value?: PriceUpdateInput } {
  const issues = new Issues();
  if (!JsonObjectSchema.safeParse(input).success) {
    issues.add(LISTING_CODES.LISTING_NOT_OBJECT, ROOT, 'The price update of this SKU must be a JSON object.');
    return { issues: issues.list };
  }
  const body = input as JsonObject;
  warnUnknown(issues, body, ROOT, ['product_id', 'price']);
  checkProductId(issues, body, ctx.productId);
  checkPrice(issues, body, 'positive');
  if (issues.hasErrors) return { issues: issues.list };
  const parsed = PriceUpdateInput.safeParse(body);
  return parsed.success ? { issues: issues.list, value: parsed.data } : { issues: [...issues.list, schemaIssue(parsed.error.message)] };
}

export interface InventoryUpdateContext {
  productId?: string;
  /** Location ids the listing sells from; omit when not known. */
  listingLocationIds?: readonly string[];
}

/** POST /listings/v3/update/inventory, one SKU (spec § Listing operations). */
export function checkInventoryUpdate(input: unknown, ctx: InventoryUpdateContext = {}): { issues: AttributeError[]; value?: InventoryUpdateInput } {
  const issues = new Issues();
  if (!JsonObjectSchema.safeParse(input).success) {
    issues.add(LISTING_CODES.LISTING_NOT_OBJECT, ROOT, 'The inventory update of this SKU must be a JSON object.');
    return { issues: issues.list };
  }
  const body = input as JsonObject;
  warnUnknown(issues, body, ROOT, ['product_id', 'locations']);
  checkProductId(issues, body, ctx.productId);
  const at = child(ROOT, 'locations');
  const seen = new Set<string>();
  readArray(issues, body, 'locations', at, true)?.forEach((l, i) => {
    const lAt = item(at, i);
    if (!JsonObjectSchema.safeParse(l).success) {
      issues.wrongType(lAt, 'an object');
      return;
    }
    const loc = l as JsonObject;
    warnUnknown(issues, loc, lAt, ['id', 'inventory', 'status']);
    const idAt = child(lAt, 'id');
    const id = readString(issues, loc, 'id', idAt, true);
    if (id !== undefined) {
      if (ctx.listingLocationIds && !ctx.listingLocationIds.includes(id)) {
        issues.add(
          LISTING_CODES.LOCATION_NOT_ON_LISTING,
          idAt,
          `${shown(idAt)} ${JSON.stringify(id)} is not a selling location of this SKU (${ctx.listingLocationIds.join(', ')}); add it with an update first.`,
        );
      } else if (seen.has(id)) {
        issues.add(LISTING_CODES.LOCATION_DUPLICATE, idAt, `${shown(idAt)} ${JSON.stringify(id)} is listed twice.`);
      }
      seen.add(id);
    }
    readInt(issues, loc, 'inventory', child(lAt, 'inventory'), true, 'non-negative');
  });
  if (issues.hasErrors) return { issues: issues.list };
  const parsed = InventoryUpdateInput.safeParse(body);
  return parsed.success ? { issues: issues.list, value: parsed.data } : { issues: [...issues.list, schemaIssue(parsed.error.message)] };
}

function schemaIssue(message: string): AttributeError {
  return { severity: 'ERROR', code: LISTING_CODES.WRONG_TYPE, description: `The request does not have the expected shape: ${message}`, attribute: '$', path: '$' };
}
