// Contract handlers of the returns screen (issue "packing desk app", screen 6): the location's
// returns, receiving a standard return by scanning whatever its package carries, and the
// self-ship return steps with the dates the spec requires (spec § Return (standard fulfilment),
// § Self Ship return). Self-ship order steps are in returns-selfship.ts. Every action is
// journaled, and every per-item FAILURE comes back as {ok: false, text: a sentence}.
import { classifyScan } from '../../../../shared/barcodes.js';
import type { ReturnActionResult, ReturnItem } from '../../../../shared/api/returns.js';
import type { ResultOf } from '../../../../shared/contract.js';
import { returnsForProduct } from '../../catalogue/returns-by-product.js';
import { journaled } from '../../journal/journaled-call.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { marketplaceTrouble } from './desk-deps.js';
import { dateWords, refusalText, wireDate } from './returns-messages.js';
import { selfShipHandlers } from './returns-selfship.js';
import { CONDITION_WORDS, productsOf, restock, type ReturnProduct } from './returns-restock.js';
import type { ReturnCondition } from '../../../../shared/contract/returns.js';

type ActionResult = ResultOf<'returns.receive'>;

export function returnsHandlers(ctx: AppContext): Handlers {
  const returns = () => ctx.marketplace().returns;
  return {
    'returns.list': async ({ status }) => {
      const items = await returns()
        .list({ locationId: ctx.locationId() })
        .catch((e) => {
          throw marketplaceTrouble(e, 'read the returns');
        });
      const shown = items.filter((r) => !status || r.status === status);
      const products = await productsOf(ctx, shown);
      return shown.map((r) => toRow(r, r.orderItemId ? products.get(r.orderItemId) : undefined));
    },
    'returns.receive': ({ raw, condition }) => receive(ctx, raw, condition),
    'returns.complete': ({ returnId }) =>
      returnAction(ctx, 'complete', returnId, {}, (loc) => returns().complete([returnId], loc), `Return ${returnId} is completed at the warehouse.`),
    // spec § Self Ship return: reverse pickup confirmation, before the reverse-pickup-by date.
    'returns.pickup': ({ returnId, pickupDate }) => {
      const date = wireDate(pickupDate, 'pickup date');
      return returnAction(ctx, 'pickup', returnId, { pickupDate: date }, (loc) => returns().pickup([{ returnId, pickupDate: date }], loc), `Pickup of return ${returnId} recorded; the return is completed.`);
    },
    // spec § Self Ship return: a pickup attempt needs the attempt date and the new date.
    'returns.pickupAttempt': ({ returnId, pickupDate, newPickupDate, reason }) => {
      const attempt = wireDate(pickupDate, 'attempt date');
      const next = wireDate(newPickupDate, 'new pickup date');
      return returnAction(
        ctx,
        'pickupAttempt',
        returnId,
        { pickupDate: attempt, newPickupDate: next, reason },
        (loc) => returns().pickupAttempt([{ returnId, pickupDate: attempt, newPickupDate: next, reason }], loc),
        `Pickup attempt of return ${returnId} recorded; the next pickup is due by ${dateWords(newPickupDate)}.`,
      );
    },
    // spec § Self Ship return: approve or reject after the tech visit, with its date.
    'returns.approve': ({ returnId, serviceDate, comments }) => {
      const date = wireDate(serviceDate, 'tech visit date');
      return returnAction(ctx, 'approve', returnId, { serviceDate: date }, (loc) => returns().approve([{ returnId, serviceDate: date, comments }], loc), `Return ${returnId} approved; arrange the reverse pickup.`);
    },
    'returns.reject': ({ returnId, serviceDate, comments }) => {
      const date = wireDate(serviceDate, 'tech visit date');
      return returnAction(ctx, 'reject', returnId, { serviceDate: date }, (loc) => returns().reject([{ returnId, serviceDate: date, comments }], loc), `Return ${returnId} rejected after the tech visit.`);
    },
    ...selfShipHandlers(ctx),
  };
}

function toRow(r: ReturnItem, product: ReturnProduct | undefined): ResultOf<'returns.list'>[number] {
  return {
    ...(product?.title ? { title: product.title } : {}),
    ...(product?.sku ? { sku: product.sku } : {}),
    ...(product?.quantity ?? r.quantity ? { quantity: product?.quantity ?? r.quantity } : {}),
    ...(r.comments?.trim() ? { comments: r.comments.trim() } : {}),
    returnId: r.returnId,
    orderItemId: r.orderItemId ?? '',
    shipmentId: r.shipmentId,
    type: r.type ?? 'unknown',
    status: r.status ?? 'unknown',
    reason: r.reason ?? undefined,
    expectedDate: r.expectedDate ?? undefined,
    trackingId: r.trackingId ?? undefined,
    createdDate: r.createdDate ?? undefined,
  };
}

/** One journaled return action; the per-return answer in words. */
async function returnAction(
  ctx: AppContext,
  action: string,
  returnId: string,
  request: Record<string, unknown>,
  call: (locationId: string) => Promise<ReturnActionResult[]>,
  success: string,
): Promise<ActionResult> {
  const locationId = ctx.locationId();
  const results = await settle(ctx, `returns.${action}`, [returnId], { ...request, locationId }, () => call(locationId), `${action} return ${returnId}`);
  const r = results.find((x) => x.returnId === returnId) ?? results[0];
  if (r?.processingStatus === 'SUCCESS') return { id: returnId, ok: true, text: success };
  return { id: returnId, ok: false, text: refusalText(`${capitalise(action)} of return ${returnId}`, r?.errorCode, r?.errorMessage ?? 'no answer for this return') };
}

async function settle(ctx: AppContext, op: string, returnIds: string[], request: Record<string, unknown>, call: () => Promise<ReturnActionResult[]>, what: string): Promise<ReturnActionResult[]> {
  try {
    const { result } = await journaled(ctx.journal, ctx.who(), { op, targets: { returnIds }, request }, call, (r) => ({
      status: r.every((x) => x.processingStatus === 'SUCCESS') ? 'ok' : 'failed',
      errorCode: r.find((x) => x.errorCode)?.errorCode ?? undefined,
      errorMessage: r.find((x) => x.errorMessage)?.errorMessage ?? undefined,
    }));
    return result;
  } catch (e) {
    throw marketplaceTrouble(e, what);
  }
}

/** "Running Shoes (SHO-UK9), 1 unit": what came back, in words. */
function describe(r: ReturnItem, p: ReturnProduct | undefined): string {
  const units = r.quantity ?? p?.quantity;
  const name = p?.title ? `${p.title}${p.sku ? ` (${p.sku})` : ''}` : p?.sku ?? `order item ${r.orderItemId}`;
  return units ? `${name}, ${units} ${units === 1 ? 'unit' : 'units'}` : name;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/([A-Z])/g, ' $1').toLowerCase();

/** A standard return waits for the seller in CREATED; a courier return (RTO) in APPROVED (spec § Return, § Self Ship return). */
const awaitsReceipt = (r: ReturnItem) => r.status === 'CREATED' || (r.type === 'courier_return' && r.status === 'APPROVED');

/**
 * Receives what the package in hand carries: a return id, the courier's tracking id, or the
 * order item id on the invoice. Returns of another location are refused with where they go.
 */
async function receive(ctx: AppContext, raw: string, condition: ReturnCondition | undefined): Promise<ActionResult> {
  const scan = classifyScan(raw);
  if (scan.kind === 'garbled') return { id: raw, ok: false, text: `That scan could not be read: ${scan.reason} Scan the return label again.` };
  const locationId = ctx.locationId();
  const client = ctx.marketplace().returns;
  let found: ReturnItem[];
  // A product barcode of the catalogue finds the one return of that product waiting here.
  const productSku = scan.kind === 'returnId' || scan.kind === 'orderItemId' ? undefined : ctx.barcodes().skuFor(scan.value);
  try {
    if (scan.kind === 'returnId') found = await client.byIds([scan.value]);
    else if (scan.kind === 'orderItemId') found = (await client.list({})).filter((r) => r.orderItemId === scan.value);
    else if (productSku) {
      const byProduct = await returnsForProduct(
        { listReturns: (locationId) => client.list({ locationId }), shipmentsOf: (orderItemIds) => ctx.marketplace().orders.getShipments({ orderItemIds }), awaitsReceipt },
        scan.value,
        productSku,
        locationId,
      );
      if ('refusal' in byProduct) return { id: scan.value, ok: false, text: byProduct.refusal };
      found = byProduct.found;
    } else found = await client.list({ trackingIds: scan.value });
  } catch (e) {
    throw marketplaceTrouble(e, `look up the return ${scan.value}`);
  }
  const name = scan.kind === 'returnId' ? `Return ${scan.value}` : scan.kind === 'orderItemId' ? `Order item ${scan.value}` : `Package ${scan.value}`;
  if (found.length === 0) {
    return { id: scan.value, ok: false, text: `No return matches ${scan.value}. Scan the return id, the courier's tracking id or the order item id from the package.` };
  }
  const here = found.filter((r) => r.locationId === locationId);
  if (here.length === 0) {
    const there = [...new Set(found.map((r) => r.locationId ?? 'another location'))].join(', ');
    return { id: scan.value, ok: false, text: `${name} is not a return of this location (${locationId}): it belongs to ${there}. Do not receive it here; put it aside for that location.` };
  }
  const open = here.filter(awaitsReceipt);
  if (open.length === 0) {
    const r = here[0];
    if (r.status === 'COMPLETED') return { id: r.returnId, ok: false, text: `Return ${r.returnId} was already received. If this is a second package, tell the supervisor.` };
    if (r.type === 'customer_return') {
      return { id: r.returnId, ok: false, text: `Return ${r.returnId} is a self-ship customer return (${r.status}); record its pickup on the self-ship returns tab instead.` };
    }
    return { id: r.returnId, ok: false, text: `Return ${r.returnId} is ${r.status}; it is not expected at the warehouse. Put the package aside and tell the supervisor.` };
  }
  const ids = open.map((r) => r.returnId);
  // The condition is journaled with the receipt: the record a claim for a damaged or wrong item starts from.
  const results = await settle(ctx, 'returns.complete', ids, { locationId, scanned: raw, condition }, () => client.complete(ids, locationId), `receive ${name.toLowerCase()}`);
  const done = results.filter((r) => r.processingStatus === 'SUCCESS').map((r) => r.returnId!);
  const failed = results.filter((r) => r.processingStatus !== 'SUCCESS');
  const id = ids.length === 1 ? ids[0] : scan.value;
  if (failed.length === 0) {
    const received = open.filter((r) => done.includes(r.returnId));
    const products = await productsOf(ctx, received);
    const what = received.map((r) => describe(r, products.get(r.orderItemId ?? ''))).join('; ');
    const state = condition ? `, ${CONDITION_WORDS[condition]}` : '';
    const head = done.length === 1 ? `Return ${done[0]} received: ${what}${state}.` : `${done.length} returns received (${what})${state}.`;
    // Received without saying what came back (the command line, a script): nothing is restocked.
    if (!condition) return { id, ok: true, text: `${head} Check the product and restock it.` };
    if (condition !== 'sellable') return { id, ok: true, text: `${head} Kept out of stock and recorded for a claim; keep the product and its packaging aside.` };
    const restocked: string[] = [];
    let allOk = true;
    for (const r of received) {
      const p = products.get(r.orderItemId ?? '');
      if (!p?.sku) {
        allOk = false;
        restocked.push(`The product of return ${r.returnId} is not known, so the stock was not changed: set it on the Listings screen (Alt+6).`);
        continue;
      }
      const out = await restock(ctx, p.sku, r.quantity ?? p.quantity ?? 1, locationId);
      allOk &&= out.ok;
      restocked.push(out.text);
    }
    return { id, ok: allOk, text: `${head} ${restocked.join(' ')}` };
  }
  const why = failed.map((f) => refusalText(`Receiving return ${f.returnId}`, f.errorCode, f.errorMessage)).join(' ');
  return { id, ok: false, text: done.length > 0 ? `Received ${done.join(', ')}. ${why}` : why };
}
