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
import type { KeyedSentence, SentencePart } from '../../../../shared/contract/define.js';
import { keyed, said } from '../../../../shared/i18n/station-sentences.js';
import { refusalSaid } from './returns-messages.js';
import { CONDITION_PHRASES } from '../../returns/condition-words.js';
import { productsOf, restock, type ReturnProduct } from './returns-restock.js';
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
type Refused = { ok: false; id: string; text: string; sentences: KeyedSentence[] };
async function refuse(ctx: AppContext, raw: string, id: string, sentence: KeyedSentence, returnIds: string[] = []): Promise<Refused> {
  const answer = said(sentence);
  await journalEvent(ctx, { op: 'returns.refused', targets: { returnIds }, request: { scanned: raw, locationId: ctx.locationId() } }, { status: 'failed', errorMessage: answer.text });
  return { ok: false, id, ...answer };
}

/**
 * What the package in hand carries: a return id, the courier's tracking id, the order item id on
 * the invoice, or a product barcode of the catalogue. Returns of another location, and returns
 * not waiting to be received, are refused with what to do instead.
 */
async function locate(ctx: AppContext, raw: string): Promise<Located | Refused> {
  const scan = classifyScan(raw);
  if (scan.kind === 'garbled') return refuse(ctx, raw, raw, keyed('returns.scan.garbled', { reason: scan.reason }));
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
    throw marketplaceTrouble(e, keyed('station.marketplace.what.lookUpReturn', { code: scan.value }));
  }
  const name = scan.kind === 'returnId' ? `Return ${scan.value}` : scan.kind === 'orderItemId' ? `Order item ${scan.value}` : `Package ${scan.value}`;
  if (found.length === 0) return refuse(ctx, raw, scan.value, keyed('returns.scan.noMatch', { code: scan.value }));
  const ids = found.map((r) => r.returnId);
  const here = found.filter((r) => r.locationId === locationId);
  if (here.length === 0) {
    const there = [...new Set(found.map((r) => r.locationId ?? 'another location'))].join(', ');
    const params = { code: scan.value, location: locationId, there };
    const sentence =
      scan.kind === 'returnId'
        ? keyed('returns.scan.otherLocation.returnId', params)
        : scan.kind === 'orderItemId'
          ? keyed('returns.scan.otherLocation.orderItemId', params)
          : keyed('returns.scan.otherLocation.package', params);
    return refuse(ctx, raw, scan.value, sentence, ids);
  }
  const open = here.filter(awaitsReceipt);
  if (open.length === 0) {
    const r = here[0]!;
    if (r.status === 'COMPLETED') return refuse(ctx, raw, r.returnId, keyed('returns.scan.alreadyReceived', { id: r.returnId }), ids);
    if (r.type === 'customer_return') return refuse(ctx, raw, r.returnId, keyed('returns.scan.selfShipCustomer', { id: r.returnId, status: r.status ?? 'unknown' }), ids);
    return refuse(ctx, raw, r.returnId, keyed('returns.scan.notExpected', { id: r.returnId, status: r.status ?? 'unknown' }), ids);
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
function describe(r: ReturnItem, p: ReturnProduct | undefined): { item: SentencePart; name: string } {
  const units = r.quantity ?? p?.quantity;
  const name = p?.title ? `${p.title}${p.sku ? ` (${p.sku})` : ''}` : (p?.sku ?? r.orderItemId ?? r.returnId);
  if (!p?.title && !p?.sku) {
    const id = r.orderItemId ?? '?';
    return { name, item: units ? keyed('returns.receive.itemUnits', { id, count: units }) : keyed('returns.receive.item', { id }) };
  }
  return { name, item: units ? keyed('returns.receive.productUnits', { name, count: units }) : keyed('returns.receive.product', { name }) };
}

export async function receiveReturn(ctx: AppContext, args: ArgsOf<'returns.receive'>): Promise<ActionResult> {
  const { raw, condition, returnIds, notes } = args;
  // Photos are checked before anything changes: a bad one is taken again, nothing is half done.
  const photos: CheckedPhoto[] = (args.photos ?? []).map((p, i) => checkPhoto(p, i + 1));
  const at = await locate(ctx, raw);
  if ('ok' in at) return { id: at.id, ok: false, text: at.text, sentences: at.sentences };
  const ids = at.open.map((r) => r.returnId);
  if (returnIds && (returnIds.length !== ids.length || returnIds.some((id) => !ids.includes(id)))) {
    return refuse(ctx, raw, at.scanned, keyed('returns.receive.changed', { code: at.scanned, ids: ids.join(', '), confirmed: returnIds.join(', ') }), ids);
  }
  const locationId = ctx.locationId();
  // The condition is journaled with the receipt: the record a claim for a damaged or wrong item starts from.
  const results = await settleReturns(ctx, 'returns.complete', ids, { locationId, scanned: raw, condition, photos: photos.length }, () => ctx.marketplace().returns.complete(ids, locationId), keyed('station.marketplace.what.receiveReturns', { ids: ids.join(', ') }));
  const done = results.filter((r) => r.processingStatus === 'SUCCESS').map((r) => r.returnId!);
  const failed = results.filter((r) => r.processingStatus !== 'SUCCESS');
  const id = ids.length === 1 ? ids[0]! : at.scanned;
  if (failed.length > 0) {
    const why = failed.flatMap((f) => refusalSaid(keyed('returns.notDone.receive', { id: f.returnId ?? '?' }), f.errorCode, f.errorMessage));
    return { id, ok: false, ...said(...(done.length > 0 ? [keyed('returns.receive.someReceived', { ids: done.join(', ') })] : []), ...why) };
  }
  const received = at.open.filter((r) => done.includes(r.returnId));
  const head = receivedSentence(done, received.map((r) => describe(r, at.products.get(r.orderItemId ?? ''))), condition);
  const kept = keepPhotosAndClaim(ctx, received, at, { condition, notes, photos, locationId });
  const photoWords = photos.length > 0 ? [keyed('returns.receive.photosKept', { count: photos.length })] : [];
  if (!kept.ok) return { id, ok: false, ...said(head, kept.sentence) };
  // Received without saying what came back (the command line, a script): nothing is restocked.
  if (!condition) return { id, ok: true, ...said(head, ...photoWords, keyed('returns.receive.checkAndRestock')) };
  if (isClaim(condition)) {
    return { id, ok: true, ...said(head, photos.length ? keyed('returns.receive.claimPhotos', { count: photos.length }) : keyed('returns.receive.claim')) };
  }
  const restocked: KeyedSentence[] = [];
  let allOk = true;
  for (const r of received) {
    const p = at.products.get(r.orderItemId ?? '');
    if (!p?.sku) {
      allOk = false;
      restocked.push(keyed('returns.restock.unknownProduct', { id: r.returnId }));
      continue;
    }
    const out = await restock(ctx, p.sku, r.quantity ?? p.quantity ?? 1, locationId);
    allOk &&= out.ok;
    restocked.push(out.sentence);
  }
  return { id, ok: allOk, ...said(head, ...photoWords, ...restocked) };
}

/**
 * "Return R1 received: Running Shoes (SHO-UK9), 1 unit, sellable." What came back is said inside
 * the sentence, in the desk's language; several returns are named by their products.
 */
function receivedSentence(done: string[], received: { item: SentencePart; name: string }[], condition: ReturnCondition | undefined): KeyedSentence {
  if (done.length === 1 && received[0]) {
    const what = received[0].item;
    return condition ? keyed('returns.receive.oneAs', { id: done[0]! }, { what, condition: CONDITION_PHRASES[condition] }) : keyed('returns.receive.one', { id: done[0]! }, { what });
  }
  const params = { count: done.length, items: received.map((r) => r.name).join('; ') };
  return condition ? keyed('returns.receive.manyAs', params, { condition: CONDITION_PHRASES[condition] }) : keyed('returns.receive.many', params);
}

/** Writes the photos (any condition) and, for a claim, its record; says so when the disk refuses. */
function keepPhotosAndClaim(
  ctx: AppContext,
  received: ReturnItem[],
  at: Located,
  what: { condition: ReturnCondition | undefined; notes: string | undefined; photos: CheckedPhoto[]; locationId: string },
): { ok: true } | { ok: false; sentence: KeyedSentence } {
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
    return { ok: false, sentence: keyed('returns.receive.diskRefused', { detail: (e as Error).message }) };
  }
}
