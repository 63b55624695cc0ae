// Self-ship order steps on the returns screen (spec § Self Ship order and service item): the
// location's self-ship shipments, dispatch with the invoice, delivery attempts and delivery,
// service attempts and completion. The bodies follow shared/api/selfship.ts (sdk-facts § 8-§ 9)
// and the choices electron/sandbox/README.md records where the spec shows no shape. Every step
// is journaled; a per-shipment FAILURE comes back as {ok: false, text: a sentence}.
import type { SelfShipShipmentResult, ServiceResult } from '../../../../shared/api/selfship.js';
import type { ShipmentWire } from '../../../../shared/api/shipments.js';
import type { ResultOf } from '../../../../shared/contract.js';
import { journaled } from '../../journal/journaled-call.js';
import { todayIst } from '../../packing/ist-dates.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { marketplaceTrouble, readShipment, shipmentStatus } from './desk-deps.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { keyed, said } from '../../../../shared/i18n/station-sentences.js';
import { dateWords, refusalSaid, wireDate } from './returns-messages.js';

type ActionResult = ResultOf<'selfship.dispatch'>;
type Answer = { ok: boolean; code?: string | null; message?: string | null };

export function selfShipHandlers(ctx: AppContext): Handlers {
  const selfShip = () => ctx.marketplace().selfShip;
  return {
    'selfship.list': () => listSelfShip(ctx),
    // The delivery partners a dispatch may name (spec § Operations: GET /selfship/vendors).
    'selfship.vendors': async () => {
      const vendors = await selfShip()
        .vendors()
        .catch((e) => {
          throw marketplaceTrouble(e, keyed('station.marketplace.what.selfShipPartners'));
        });
      return vendors.map((v) => ({ vendorId: v.vendorId, name: v.name, trackingIdRequired: v.trackingIdRequired }));
    },
    'selfship.dispatch': (args) => dispatch(ctx, args),
    // spec § Self Ship order and service item: an attempt needs its date and the new expected date.
    'selfship.deliveryAttempt': ({ shipmentId, attemptDate, newDeliveryDate, reason }) => {
      const deliveryDate = wireDate(attemptDate, 'attempt date');
      const next = wireDate(newDeliveryDate, 'new delivery date');
      return step(ctx, 'selfship.deliveryAttempt', shipmentId, { deliveryDate, newDeliveryDate: next, reason }, (locationId) =>
        selfShip()
          .deliveryAttempt({ shipments: [{ shipmentId, locationId, deliveryDate, newDeliveryDate: next, reason }] })
          .then(shipmentAnswers),
        keyed('returns.selfShip.done.deliveryAttempt', { id: shipmentId, date: dateWords(newDeliveryDate) }),
      );
    },
    'selfship.delivered': ({ shipmentId, deliveryDate }) => {
      const date = wireDate(deliveryDate, 'delivery date');
      return step(ctx, 'selfship.delivered', shipmentId, { deliveryDate: date }, (locationId) =>
        selfShip().delivery({ shipments: [{ shipmentId, locationId, deliveryDate: date }] }).then(shipmentAnswers),
        keyed('returns.selfShip.done.delivered', { id: shipmentId }),
      );
    },
    'selfship.serviceAttempt': ({ shipmentId, attemptDate, newServiceDate }) => {
      const deliveryDate = wireDate(attemptDate, 'attempt date');
      const next = wireDate(newServiceDate, 'new service date');
      return step(ctx, 'selfship.serviceAttempt', shipmentId, { deliveryDate, newServiceDate: next }, (locationId) =>
        selfShip().serviceAttempt({ services: [{ shipmentId, locationId, deliveryDate, newServiceDate: next }] }).then(serviceAnswers),
        keyed('returns.selfShip.done.serviceAttempt', { id: shipmentId, date: dateWords(newServiceDate) }),
      );
    },
    'selfship.serviceComplete': ({ shipmentId, serviceDate }) => {
      const date = wireDate(serviceDate, 'service date');
      return step(ctx, 'selfship.serviceComplete', shipmentId, { deliveryDate: date }, (locationId) =>
        selfShip().serviceComplete({ services: [{ shipmentId, locationId, deliveryDate: date }] }).then(serviceAnswers),
        keyed('returns.selfShip.done.serviceComplete', { id: shipmentId }),
      );
    },
  };
}

const shipmentAnswers = (r: SelfShipShipmentResult[]): Answer[] => r.map((x) => ({ ok: x.processingStatus === 'SUCCESS', code: x.errorCode, message: x.errorMessage }));
const serviceAnswers = (r: ServiceResult[]): Answer[] => r.map((x) => ({ ok: x.status === 'SUCCESS', code: x.errorCode, message: x.failureReason }));

async function step(ctx: AppContext, op: string, shipmentId: string, request: Record<string, unknown>, call: (locationId: string) => Promise<Answer[]>, success: KeyedSentence): Promise<ActionResult> {
  const locationId = ctx.locationId();
  let answers: Answer[];
  try {
    ({ result: answers } = await journaled(ctx.journal, ctx.who(), { op, targets: { shipmentIds: [shipmentId] }, request: { ...request, locationId } }, () => call(locationId), (r) => ({
      status: r.every((x) => x.ok) ? 'ok' : 'failed',
      errorCode: r.find((x) => x.code)?.code ?? undefined,
      errorMessage: r.find((x) => x.message)?.message ?? undefined,
    })));
  } catch (e) {
    throw marketplaceTrouble(e, stepWords(op).what(shipmentId));
  }
  const a = answers[0];
  if (a?.ok) return { id: shipmentId, ok: true, ...said(success) };
  return { id: shipmentId, ok: false, ...said(...refusalSaid(stepWords(op).notDone(shipmentId), a?.code, a?.message ?? 'no answer for this shipment')) };
}

/** Per self-ship step: what the desk was recording (for a marketplace failure) and what was not done (for a refusal). */
type StepWords = { what: (id: string) => KeyedSentence; notDone: (id: string) => KeyedSentence };
const DISPATCH_WORDS: StepWords = {
  what: (id) => keyed('station.marketplace.what.selfShipDispatch', { id }),
  notDone: (id) => keyed('returns.selfShip.notDone.dispatch', { id }),
};
const STEP_WORDS: Record<string, StepWords> = {
  'selfship.dispatch': DISPATCH_WORDS,
  'selfship.deliveryAttempt': {
    what: (id) => keyed('station.marketplace.what.selfShipDeliveryAttempt', { id }),
    notDone: (id) => keyed('returns.selfShip.notDone.deliveryAttempt', { id }),
  },
  'selfship.delivered': {
    what: (id) => keyed('station.marketplace.what.selfShipDelivered', { id }),
    notDone: (id) => keyed('returns.selfShip.notDone.delivered', { id }),
  },
  'selfship.serviceAttempt': {
    what: (id) => keyed('station.marketplace.what.selfShipServiceAttempt', { id }),
    notDone: (id) => keyed('returns.selfShip.notDone.serviceAttempt', { id }),
  },
  'selfship.serviceComplete': {
    what: (id) => keyed('station.marketplace.what.selfShipServiceComplete', { id }),
    notDone: (id) => keyed('returns.selfShip.notDone.serviceComplete', { id }),
  },
};
const stepWords = (op: string): StepWords => STEP_WORDS[op] ?? DISPATCH_WORDS;

async function listSelfShip(ctx: AppContext): Promise<ResultOf<'selfship.list'>> {
  const locationId = ctx.locationId();
  const orders = ctx.marketplace().orders;
  const base = { locationId, shipmentTypes: ['SELF' as const] };
  let found: ShipmentWire[];
  try {
    // Pre- and post-dispatch are separate searches (spec § POST /v3/shipments/filter/ states per type).
    const [pre, post] = await Promise.all([
      orders.search({ filter: { type: 'preDispatch', states: ['APPROVED'], ...base }, pagination: { pageSize: 20 } }),
      orders.search({ filter: { type: 'postDispatch', states: ['SHIPPED', 'DELIVERED'], ...base }, pagination: { pageSize: 20 } }),
    ]);
    found = [...pre.shipments, ...post.shipments];
  } catch (e) {
    throw marketplaceTrouble(e, keyed('station.marketplace.what.selfShipShipments'));
  }
  return found.map((s) => {
    const status = shipmentStatus(s);
    return {
      shipmentId: s.shipmentId,
      orderIds: [...new Set(s.orderItems.map((i) => i.orderId))],
      status,
      dispatchByDate: s.dispatchByDate,
      // The shipment record does not carry the service item (spec: service item fields "not
      // shown"). A delivered order is the only one a service step can apply to, so the screen
      // offers the service steps there and words the marketplace's NO_SERVICE_ITEM if it has none.
      hasService: status === 'DELIVERED',
    };
  });
}

async function dispatch(ctx: AppContext, args: { shipmentId: string; dispatchDate: string; tentativeDeliveryDate: string; deliveryPartner?: string; trackingId?: string; invoiceNumber?: string }): Promise<ActionResult> {
  const { shipmentId } = args;
  const dispatchDate = wireDate(args.dispatchDate, 'dispatch date');
  const tentativeDeliveryDate = wireDate(args.tentativeDeliveryDate, 'expected delivery date');
  const shipment = await readShipment(ctx, shipmentId);
  if (!shipment) return { id: shipmentId, ok: false, ...said(keyed('returns.selfShip.noShipment', { id: shipmentId })) };
  if (shipment.shipmentType && shipment.shipmentType !== 'SELF') {
    return { id: shipmentId, ok: false, ...said(...refusalSaid(DISPATCH_WORDS.notDone(shipmentId), 'NOT_SELF_SHIP_SHIPMENT', undefined)) };
  }
  const items = shipment.orderItems.filter((i) => i.status !== 'CANCELLED');
  // The seller's own invoice number unless the form gives one (or the marketplace numbers invoices).
  // In warehouse mode the shared series numbers it, like every pack of the desk.
  const series = ctx.numbering?.() ?? ctx.invoices();
  const reserved = args.invoiceNumber ? undefined : await series.reserve(items[0]?.orderId ?? shipment.orderItems[0].orderId, shipmentId);
  const invoiceNumber = args.invoiceNumber ?? reserved?.invoiceNumber;
  const invoice = { invoiceNumber, invoiceDate: reserved?.invoiceDate ?? todayIst(ctx.clock), items: items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })) };
  const result = await step(
    ctx,
    'selfship.dispatch',
    shipmentId,
    { dispatchDate, tentativeDeliveryDate, deliveryPartner: args.deliveryPartner, trackingId: args.trackingId, invoiceNumber },
    (locationId) =>
      ctx
        .marketplace()
        .selfShip.dispatch({ shipments: [{ shipmentId, locationId, dispatchDate, tentativeDeliveryDate, deliveryPartner: args.deliveryPartner, trackingId: args.trackingId, invoice }] })
        .then(shipmentAnswers),
    invoiceNumber
      ? keyed('returns.selfShip.done.dispatchInvoice', { id: shipmentId, invoice: invoiceNumber, date: dateWords(args.tentativeDeliveryDate) })
      : keyed('returns.selfShip.done.dispatch', { id: shipmentId, date: dateWords(args.tentativeDeliveryDate) }),
  );
  if (result.ok && reserved?.invoiceNumber) await series.markUsed(reserved.invoiceNumber);
  return result;
}
