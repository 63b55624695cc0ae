// The invoice record in JSON (spec § Invoice record (JSON form); sdk-facts § 7 Invoice model).
// Tax split: a sale within one state carries CGST and SGST, half the rate each; a sale across
// states carries IGST at the full rate (GST law). The seller's state is its dispatch location's.
import type { InvoiceWire } from '../../../shared/api/pack.js';
import type { Seller, ShipmentRec } from '../world/model.js';

export function isIntraState(seller: Seller, s: ShipmentRec): boolean {
  const loc = seller.locations.find((l) => l.locationId === s.locationId);
  return !!loc && loc.address.stateCode === s.deliveryAddress.stateCode;
}

/** Both casings are sent: InvoiceNumber / TaxDetails (spec) and invoiceNumber / taxDetails (SDK). */
export function invoiceWire(seller: Seller, s: ShipmentRec): InvoiceWire {
  const pack = s.pack!;
  const intra = isIntraState(seller, s);
  const orderItems = s.orderItems
    .filter((i) => i.status !== 'CANCELLED')
    .map((i) => {
      const rate = pack.taxItems.find((t) => t.orderItemId === i.orderItemId)?.taxRate ?? 0;
      const taxDetails = intra ? { cgstRate: rate / 2, sgstRate: rate / 2, igstRate: 0 } : { cgstRate: 0, sgstRate: 0, igstRate: rate };
      const serials = pack.serialNumbers.find((e) => e.orderItemId === i.orderItemId)?.serialNumbers;
      return {
        orderItemId: i.orderItemId,
        invoiceAmount: i.priceComponents.totalPrice,
        taxRate: rate,
        ...(i.serialized ? { serialNumbers: serials ?? [] } : {}),
        TaxDetails: taxDetails,
        taxDetails,
      };
    });
  return {
    shipmentId: s.shipmentId,
    invoiceDate: pack.invoiceDate,
    InvoiceNumber: pack.invoiceNumber,
    invoiceNumber: pack.invoiceNumber,
    orderItems,
  };
}
