// Receiving a standard return at the desk, in the order the person works: the scan finds the
// return and checks it belongs here and waits to be received (returns.find, nothing changes);
// the person confirms it and its location, says what came back and takes photos; then
// returns.receive completes it at the marketplace (spec § Return (standard fulfilment)),
// restocks sellable units at the location (a journaled listings inventory update) and keeps
// anything else for a claim with its photos. A refused scan is journaled with its reason.
import { classifyScan } from '../../../../shared/barcodes.js';
import type { ReturnItem } from '../../../../shared/api/returns.js';
import type { ArgsOf, ResultOf } from '../../../../shared/contract.js';
import type { ReturnCondition } from '../../../../shared/contract/claims.js';
import { returnsForProduct } from '../../catalogue/returns-by-product.js';
import { isClaim } from '../../returns/claim-store.js';
import { checkPhoto, type CheckedPhoto } from '../../returns/return-photos.js';
import type { AppContext } from '../app-context.js';
import { marketplaceTrouble } from './desk-deps.js';
import { journalEvent } from './desk-events.js';
import { refusalText } from './returns-messages.js';
import { CONDITION_WORDS, productsOf, restock, type ReturnProduct } from './returns-restock.js';
import { settleReturns } from './returns-settle.js';

type ActionResult = ResultOf<'returns.receive'>;
type Found = ResultOf<'returns.find'>;

/** A standard return waits for the seller in CREATED; a courier return (RTO) in APPROVED (spec § Return, § Self Ship return). */
export const awaitsReceipt = (r: ReturnItem) => r.status === 'CREATED' || (r.type === 'courier_return' && r.status === 'APPROVED');

interface Located {
  scanned: string;
  name: string;
  open: ReturnItem[];
  products: Map<string, ReturnProduct>;
}

/** Journals a refused return scan (nothing changed at the marketplace) and answers it. */
async function refuse(ctx: AppContext, raw: string, id: string, text: string, returnIds: string[] = []): Promise<{ ok: false; id: string; text: string }> {
  await journalEvent(ctx, { op: 'returns.refused', targets: { returnIds }, request: { scanned: raw, locationId: ctx.locationId() } }, { status: 'failed', errorMessage: text });
  return { ok: false, id, text };
}

/**
 * What the package in hand carries: a return id, the courier's tracking id, the order item id on
 * the invoice, or a product barcode of the catalogue. Returns of another location, and returns
 * not waiting to be received, are refused with what to do instead.
 */
async function locate(ctx: AppContext, raw: string): Promise<Located | { ok: false; id: string; text: string }> {
  const scan = classifyScan(raw);
  if (scan.kind === 'garbled') return refuse(ctx, raw, raw, `That scan could not be read: ${scan.reason} Scan the return label again.`);
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
      if ('refusal' in byProduct) return refuse(ctx, raw, scan.value, byProduct.refusal);
      found = byProduct.found;
    } else found = await client.list({ trackingIds: scan.value });
  } catch (e) {
    throw marketplaceTrouble(e, `look up the return ${scan.value}`);
  }
  const name = scan.kind === 'returnId' ? `Return ${scan.value}` : scan.kind === 'orderItemId' ? `Order item ${scan.value}` : `Package ${scan.value}`;
  if (found.length === 0) {
    return refuse(ctx, raw, scan.value, `No return matches ${scan.value}. Scan the return id, the courier's tracking id or the order item id from the package.`);
  }
  const ids = found.map((r) => r.returnId);
  const here = found.filter((r) => r.locationId === locationId);
  if (here.length === 0) {
    const there = [...new Set(found.map((r) => r.locationId ?? 'another location'))].join(', ');
    return refuse(ctx, raw, scan.value, `${name} is not a return of this location (${locationId}): it belongs to ${there}. Do not receive it here; put it aside for that location.`, ids);
  }
  const open = here.filter(awaitsReceipt);
  if (open.length === 0) {
    const r = here[0]!;
    if (r.status === 'COMPLETED') return refuse(ctx, raw, r.returnId, `Return ${r.returnId} was already received. If this is a second package, tell the supervisor.`, ids);
    if (r.type === 'customer_return') {
      return refuse(ctx, raw, r.returnId, `Return ${r.returnId} is a self-ship customer return (${r.status}); record its pickup on the self-ship returns tab instead.`, ids);
    }
    return refuse(ctx, raw, r.returnId, `Return ${r.returnId} is ${r.status}; it is not expected at the warehouse. Put the package aside and tell the supervisor.`, ids);
  }
  return { scanned: scan.value, name, open, products: await productsOf(ctx, open) };
}

export async function findReturn(ctx: AppContext, raw: string): Promise<Found> {
  const at = await locate(ctx, raw);
  if ('ok' in at) return at;
  return {
    ok: true,
    scanned: at.scanned,
    locationId: ctx.locationId(),
    returns: at.open.map((r) => {
      const p = at.products.get(r.orderItemId ?? '');
      const quantity = r.quantity ?? p?.quantity;
      return {
        returnId: r.returnId,
        ...(r.orderItemId ? { orderItemId: r.orderItemId } : {}),
        ...((r.orderId ?? p?.orderId) ? { orderId: r.orderId ?? p?.orderId } : {}),
        ...((r.shipmentId ?? p?.shipmentId) ? { shipmentId: r.shipmentId ?? p?.shipmentId } : {}),
        ...(p?.title ? { title: p.title } : {}),
        ...(p?.sku ? { sku: p.sku } : {}),
        ...(quantity ? { quantity } : {}),
        ...(r.reason ? { reason: r.reason } : {}),
        ...(r.comments?.trim() ? { comments: r.comments.trim() } : {}),
      };
    }),
  };
}

/** "Running Shoes (SHO-UK9), 1 unit": what came back, in words. */
function describe(r: ReturnItem, p: ReturnProduct | undefined): string {
  const units = r.quantity ?? p?.quantity;
  const name = p?.title ? `${p.title}${p.sku ? ` (${p.sku})` : ''}` : (p?.sku ?? `order item ${r.orderItemId}`);
  return units ? `${name}, ${units} ${units === 1 ? 'unit' : 'units'}` : name;
}

export async function receiveReturn(ctx: AppContext, args: ArgsOf<'returns.receive'>): Promise<ActionResult> {
  const { raw, condition, returnIds, notes } = args;
  // Photos are checked before anything changes: a bad one is taken again, nothing is half done.
  const photos: CheckedPhoto[] = (args.photos ?? []).map((p, i) => checkPhoto(p, i + 1));
  const at = await locate(ctx, raw);
  if ('ok' in at) return { id: at.id, ok: false, text: at.text };
  const ids = at.open.map((r) => r.returnId);
  if (returnIds && (returnIds.length !== ids.length || returnIds.some((id) => !ids.includes(id)))) {
    return refuse(ctx, raw, at.scanned, `${at.name} now finds ${ids.join(', ')}, not what was confirmed (${returnIds.join(', ')}). Nothing was received; scan it again.`, ids);
  }
  const locationId = ctx.locationId();
  // The condition is journaled with the receipt: the record a claim for a damaged or wrong item starts from.
  const results = await settleReturns(ctx, 'returns.complete', ids, { locationId, scanned: raw, condition, photos: photos.length }, () => ctx.marketplace().returns.complete(ids, locationId), `receive ${at.name.toLowerCase()}`);
  const done = results.filter((r) => r.processingStatus === 'SUCCESS').map((r) => r.returnId!);
  const failed = results.filter((r) => r.processingStatus !== 'SUCCESS');
  const id = ids.length === 1 ? ids[0]! : at.scanned;
  if (failed.length > 0) {
    const why = failed.map((f) => refusalText(`Receiving return ${f.returnId}`, f.errorCode, f.errorMessage)).join(' ');
    return { id, ok: false, text: done.length > 0 ? `Received ${done.join(', ')}. ${why}` : why };
  }
  const received = at.open.filter((r) => done.includes(r.returnId));
  const what = received.map((r) => describe(r, at.products.get(r.orderItemId ?? ''))).join('; ');
  const state = condition ? `, ${CONDITION_WORDS[condition]}` : '';
  const head = done.length === 1 ? `Return ${done[0]} received: ${what}${state}.` : `${done.length} returns received (${what})${state}.`;
  const kept = keepPhotosAndClaim(ctx, received, at, { condition, notes, photos, locationId });
  const photoWords = photos.length > 0 ? ` ${photos.length} ${photos.length === 1 ? 'photo' : 'photos'} kept.` : '';
  if (!kept.ok) return { id, ok: false, text: `${head} ${kept.text}` };
  // Received without saying what came back (the command line, a script): nothing is restocked.
  if (!condition) return { id, ok: true, text: `${head}${photoWords} Check the product and restock it.` };
  if (isClaim(condition)) return { id, ok: true, text: `${head} Kept out of stock and recorded for a claim${photos.length ? ` with ${photos.length} ${photos.length === 1 ? 'photo' : 'photos'}` : ''}; keep the product and its packaging aside.` };
  const restocked: string[] = [];
  let allOk = true;
  for (const r of received) {
    const p = at.products.get(r.orderItemId ?? '');
    if (!p?.sku) {
      allOk = false;
      restocked.push(`The product of return ${r.returnId} is not known, so the stock was not changed: set it on the Listings screen (Alt+6).`);
      continue;
    }
    const out = await restock(ctx, p.sku, r.quantity ?? p.quantity ?? 1, locationId);
    allOk &&= out.ok;
    restocked.push(out.text);
  }
  return { id, ok: allOk, text: `${head}${photoWords} ${restocked.join(' ')}` };
}

/** Writes the photos (any condition) and, for a claim, its record; says so when the disk refuses. */
function keepPhotosAndClaim(
  ctx: AppContext,
  received: ReturnItem[],
  at: Located,
  what: { condition: ReturnCondition | undefined; notes: string | undefined; photos: CheckedPhoto[]; locationId: string },
): { ok: true } | { ok: false; text: string } {
  const first = received[0];
  if (!first || (what.photos.length === 0 && !isClaim(what.condition))) return { ok: true };
  try {
    const saved = ctx.claims().savePhotos(first.returnId, what.photos);
    if (isClaim(what.condition)) {
      const p = at.products.get(first.orderItemId ?? '');
      const who = ctx.who();
      const quantity = received.reduce((n, r) => n + (r.quantity ?? at.products.get(r.orderItemId ?? '')?.quantity ?? 0), 0);
      ctx.claims().saveClaim({
        returnId: first.returnId,
        returnIds: received.map((r) => r.returnId),
        ...((first.shipmentId ?? p?.shipmentId) ? { shipmentId: first.shipmentId ?? p?.shipmentId } : {}),
        ...((first.orderId ?? p?.orderId) ? { orderId: first.orderId ?? p?.orderId } : {}),
        ...(first.orderItemId ? { orderItemId: first.orderItemId } : {}),
        ...(p?.title ? { title: p.title } : {}),
        ...(p?.sku ? { sku: p.sku } : {}),
        ...(quantity ? { quantity } : {}),
        ...(first.reason ? { reason: first.reason } : {}),
        condition: what.condition,
        ...(what.notes?.trim() ? { notes: what.notes.trim() } : {}),
        photos: saved,
        operator: who.operator,
        desk: who.desk,
        locationId: what.locationId,
        at: ctx.clock.now().toISOString(),
      });
    }
    return { ok: true };
  } catch (e) {
    return { ok: false, text: `The photos and the claim record could not be written to this computer's disk (${(e as Error).message}). Keep the product aside and tell the supervisor.` };
  }
}
