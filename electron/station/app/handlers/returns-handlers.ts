// Contract handlers of the returns screen (issue "packing desk app", screen 6): the location's
// returns, receiving a standard return (returns-receive.ts), and the
// self-ship return steps with the dates the spec requires (spec § Return (standard fulfilment),
// § Self Ship return). Self-ship order steps are in returns-selfship.ts. Every action is
// journaled, and every per-item FAILURE comes back as {ok: false, text: a sentence}.
import type { ReturnActionResult, ReturnItem } from '../../../../shared/api/returns.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { marketplaceTrouble } from './desk-deps.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { keyed, said } from '../../../../shared/i18n/station-sentences.js';
import { dateWords, refusalSaid, wireDate } from './returns-messages.js';
import { selfShipHandlers } from './returns-selfship.js';
import { productsOf, type ReturnProduct } from './returns-restock.js';
import { findReturn, receiveReturn } from './returns-receive.js';
import { settleReturns } from './returns-settle.js';

type ActionResult = ResultOf<'returns.receive'>;

export function returnsHandlers(ctx: AppContext): Handlers {
  const returns = () => ctx.marketplace().returns;
  return {
    'returns.list': async ({ status }) => {
      const items = await returns()
        .list({ locationId: ctx.locationId() })
        .catch((e) => {
          throw marketplaceTrouble(e, keyed('station.marketplace.what.readReturns'));
        });
      const shown = items.filter((r) => !status || r.status === status);
      const products = await productsOf(ctx, shown);
      return shown.map((r) => toRow(r, r.orderItemId ? products.get(r.orderItemId) : undefined));
    },
    'returns.find': ({ raw }) => findReturn(ctx, raw),
    'returns.receive': (args) => receiveReturn(ctx, args),
    'returns.complete': ({ returnId }) =>
      returnAction(ctx, 'complete', returnId, {}, (loc) => returns().complete([returnId], loc), keyed('returns.done.complete', { id: returnId })),
    // spec § Self Ship return: reverse pickup confirmation, before the reverse-pickup-by date.
    'returns.pickup': ({ returnId, pickupDate }) => {
      const date = wireDate(pickupDate, 'pickup date');
      return returnAction(ctx, 'pickup', returnId, { pickupDate: date }, (loc) => returns().pickup([{ returnId, pickupDate: date }], loc), keyed('returns.done.pickup', { id: returnId }));
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
        keyed('returns.done.pickupAttempt', { id: returnId, date: dateWords(newPickupDate) }),
      );
    },
    // spec § Self Ship return: approve or reject after the tech visit, with its date.
    'returns.approve': ({ returnId, serviceDate, comments }) => {
      const date = wireDate(serviceDate, 'tech visit date');
      return returnAction(ctx, 'approve', returnId, { serviceDate: date }, (loc) => returns().approve([{ returnId, serviceDate: date, comments }], loc), keyed('returns.done.approve', { id: returnId }));
    },
    'returns.reject': ({ returnId, serviceDate, comments }) => {
      const date = wireDate(serviceDate, 'tech visit date');
      return returnAction(ctx, 'reject', returnId, { serviceDate: date }, (loc) => returns().reject([{ returnId, serviceDate: date, comments }], loc), keyed('returns.done.reject', { id: returnId }));
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
  success: KeyedSentence,
): Promise<ActionResult> {
  const locationId = ctx.locationId();
  const results = await settleReturns(ctx, `returns.${action}`, [returnId], { ...request, locationId }, () => call(locationId), ACTION_WORDS[action]!.what(returnId));
  const r = results.find((x) => x.returnId === returnId) ?? results[0];
  if (r?.processingStatus === 'SUCCESS') return { id: returnId, ok: true, ...said(success) };
  return { id: returnId, ok: false, ...said(...refusalSaid(ACTION_WORDS[action]!.notDone(returnId), r?.errorCode, r?.errorMessage ?? 'no answer for this return')) };
}

/** Per return action: what the desk was doing (for a marketplace failure) and what was not done (for a refusal). */
const ACTION_WORDS: Record<string, { what: (id: string) => KeyedSentence; notDone: (id: string) => KeyedSentence }> = {
  complete: { what: (id) => keyed('station.marketplace.what.returnComplete', { id }), notDone: (id) => keyed('returns.notDone.complete', { id }) },
  pickup: { what: (id) => keyed('station.marketplace.what.returnPickup', { id }), notDone: (id) => keyed('returns.notDone.pickup', { id }) },
  pickupAttempt: { what: (id) => keyed('station.marketplace.what.returnPickupAttempt', { id }), notDone: (id) => keyed('returns.notDone.pickupAttempt', { id }) },
  approve: { what: (id) => keyed('station.marketplace.what.returnApprove', { id }), notDone: (id) => keyed('returns.notDone.approve', { id }) },
  reject: { what: (id) => keyed('station.marketplace.what.returnReject', { id }), notDone: (id) => keyed('returns.notDone.reject', { id }) },
};
