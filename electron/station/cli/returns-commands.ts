// `station returns ...` and `station selfship ...` (spec § Self Ship return, § Self Ship order and
// service item; shapes from sdk-facts § 8 and § 10). Per-return and per-shipment results are
// printed one by one: a batch may succeed for some and fail for others.
import type { Station } from '../station.js';
import { EXIT_FAILED, EXIT_OK, type Invocation } from './cli-args.js';
import type { Output } from './cli-io.js';

type Opts = Record<string, string | undefined>;
interface ItemResult {
  id: string | null;
  ok: boolean;
  code?: string | null;
  message?: string | null;
}

/** An ISO date-time with offset, as the SDK sends (sdk-facts: date-time is OffsetDateTime). */
const iso = (s: string) => new Date(s).toISOString();

function report(out: Output, what: string, results: ItemResult[]): number {
  out.result({ results });
  for (const r of results) out.line(r.ok ? `${r.id}: ${what}` : `FAILED ${r.id}: ${r.code ?? 'FAILURE'} ${r.message ?? ''}`);
  return results.every((r) => r.ok) ? EXIT_OK : EXIT_FAILED;
}

const fromReturns = (rs: { returnId: string | null; processingStatus: string; errorCode: string | null; errorMessage: string | null }[]): ItemResult[] =>
  rs.map((r) => ({ id: r.returnId, ok: r.processingStatus === 'SUCCESS', code: r.errorCode, message: r.errorMessage }));
const fromShipments = (rs: { shipmentId: string | null; processingStatus: string; errorCode: string | null; errorMessage: string | null }[]): ItemResult[] =>
  rs.map((r) => ({ id: r.shipmentId, ok: r.processingStatus === 'SUCCESS', code: r.errorCode, message: r.errorMessage }));

export async function returnsCommand(station: Station, inv: Invocation, out: Output): Promise<number> {
  const o = inv.options as Opts;
  const r = station.client.returns;
  switch (inv.command) {
    case 'returns list': {
      const items = await r.list({ ...(o.type ? { source: o.type as 'courier_return' | 'customer_return' } : {}), ...(o.location ? { locationId: o.location } : {}) });
      out.result({ returns: items });
      for (const i of items) {
        const x = i as Record<string, unknown>;
        out.line(`${x.returnId}  ${x.status ?? x.returnStatus ?? ''}  ${x.source ?? x.returnType ?? ''}  ${x.shipmentId ?? ''}  ${x.orderItemId ?? ''}`);
      }
      out.line(`${items.length} return(s).`);
      return EXIT_OK;
    }
    case 'returns complete':
      return report(out, 'received', fromReturns(await r.complete(inv.ids, o.location!)));
    case 'returns pickup':
      return report(out, 'picked up', fromReturns(await r.pickup(inv.ids.map((returnId) => ({ returnId, pickupDate: iso(o.date!) })), o.location!)));
    case 'returns pickup-attempt':
      return report(
        out,
        'pickup attempt recorded',
        fromReturns(await r.pickupAttempt(inv.ids.map((returnId) => ({ returnId, pickupDate: iso(o.date!), newPickupDate: iso(o['new-date']!), reason: o.reason! })), o.location!)),
      );
    case 'returns approve':
      return report(out, 'approved', fromReturns(await r.approve(inv.ids.map((returnId) => ({ returnId, ...(o.date ? { serviceDate: iso(o.date) } : {}), ...(o.comments ? { comments: o.comments } : {}) })), o.location)));
    case 'returns reject':
      return report(out, 'rejected', fromReturns(await r.reject(inv.ids.map((returnId) => ({ returnId, serviceDate: iso(o.date!), ...(o.comments ? { comments: o.comments } : {}) })), o.location)));
  }
  throw new Error(`unhandled ${inv.command}`);
}

export async function selfShipCommand(station: Station, inv: Invocation, out: Output): Promise<number> {
  const o = inv.options as Opts;
  const s = station.client.selfShip;
  switch (inv.command) {
    case 'selfship dispatch': {
      // The invoice lists the shipment's items, so they are read first (one GET for all ids).
      const shipments = await station.client.orders.getShipments({ shipmentIds: inv.ids });
      const request = {
        shipments: shipments.map((sh) => ({
          shipmentId: sh.shipmentId,
          locationId: o.location,
          dispatchDate: iso(o.date!),
          tentativeDeliveryDate: iso(o['delivery-date']!),
          ...(o.partner ? { deliveryPartner: o.partner } : {}),
          ...(o['tracking-id'] ? { trackingId: o['tracking-id'] } : {}),
          invoice: {
            ...(o['invoice-number'] ? { invoiceNumber: o['invoice-number'] } : {}),
            invoiceDate: iso(o.date!),
            items: sh.orderItems.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })),
          },
        })),
      };
      const missing = inv.ids.filter((id) => !shipments.some((sh) => sh.shipmentId === id)).map((id) => ({ id, ok: false, code: 'NOT_FOUND', message: `No shipment ${id}.` }));
      const results = request.shipments.length > 0 ? fromShipments(await s.dispatch(request)) : [];
      return report(out, 'dispatched', [...results, ...missing]);
    }
    case 'selfship deliver':
      return report(out, 'delivered', fromShipments(await s.delivery({ shipments: inv.ids.map((shipmentId) => ({ shipmentId, locationId: o.location, deliveryDate: iso(o.date!) })) })));
    case 'selfship attempt':
      return report(
        out,
        'delivery attempt recorded',
        fromShipments(
          await s.deliveryAttempt({
            shipments: inv.ids.map((shipmentId) => ({ shipmentId, locationId: o.location, deliveryDate: iso(o.date!), newDeliveryDate: iso(o['new-date']!), ...(o.reason ? { reason: o.reason } : {}) })),
          }),
        ),
      );
  }
  throw new Error(`unhandled ${inv.command}`);
}
