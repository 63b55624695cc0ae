// Returns and self ship (issue "packing desk app", screen 6). Dates the spec requires are
// arguments, so the form cannot send an action without them.
import { z } from 'zod';
import { command, KeyedSentence, NoArgs } from './define.js';
import { base64Length, MAX_CLAIM_NOTES, MAX_RETURN_PHOTOS, MAX_RETURN_PHOTOS_TOTAL_BYTES, PhotoData, ReturnCondition } from './claims.js';

export const ReturnRow = z.object({
  returnId: z.string(),
  orderItemId: z.string(),
  shipmentId: z.string().optional(),
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  expectedDate: z.string().optional(),
  trackingId: z.string().optional(),
  createdDate: z.string().optional(),
  /** The product of the order item (the return record carries ids only). */
  title: z.string().optional(),
  sku: z.string().optional(),
  quantity: z.number().int().optional(),
  /** The buyer's words, where the marketplace gives them. */
  comments: z.string().optional(),
});
export type ReturnRow = z.infer<typeof ReturnRow>;

export { ReturnCondition } from './claims.js';

/** A return found by a scan, before it is received: what the person should have in hand. */
export const FoundReturn = z.object({
  returnId: z.string(),
  orderItemId: z.string().optional(),
  orderId: z.string().optional(),
  shipmentId: z.string().optional(),
  title: z.string().optional(),
  sku: z.string().optional(),
  quantity: z.number().int().optional(),
  reason: z.string().optional(),
  comments: z.string().optional(),
});
export type FoundReturn = z.infer<typeof FoundReturn>;

/** The sentences of `text` as catalogue keys, said again in the desk's language. */
const Sentences = z.array(KeyedSentence).max(60);
export const ActionResult = z.object({ id: z.string(), ok: z.boolean(), text: z.string(), sentences: Sentences.optional() });
export type ActionResult = z.infer<typeof ActionResult>;

const IsoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Give a date like 2026-11-21 or 2026-11-21T10:00+05:30.');

export const SelfShipRow = z.object({
  shipmentId: z.string(),
  orderIds: z.array(z.string()),
  status: z.string(),
  dispatchByDate: z.string(),
  hasService: z.boolean(),
});

export const returnsCommands = {
  'returns.list': command(z.object({ status: z.string().optional() }), z.array(ReturnRow), 'Returns of this location.'),
  'returns.find': command(
    z.object({ raw: z.string().max(512) }),
    z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), scanned: z.string(), locationId: z.string(), returns: z.array(FoundReturn).min(1) }),
      z.object({ ok: z.literal(false), id: z.string(), text: z.string(), sentences: Sentences.optional() }),
    ]),
    'Find the return a package carries (return id, tracking id, order item id or product barcode) and check it belongs to this location and waits to be received; nothing changes.',
  ),
  'returns.receive': command(
    z.object({
      raw: z.string().max(512),
      condition: ReturnCondition.optional(),
      /** The returns the person confirmed after returns.find: refused when the scan now finds others. */
      returnIds: z.array(z.string().max(64)).max(50).optional(),
      notes: z.string().max(MAX_CLAIM_NOTES).optional(),
      /** Stills from the camera, base64 JPEG. */
      photos: z
        .array(PhotoData)
        .max(MAX_RETURN_PHOTOS)
        .refine((photos) => photos.reduce((n, p) => n + p.length, 0) <= base64Length(MAX_RETURN_PHOTOS_TOTAL_BYTES), `The photos of one return may hold ${MAX_RETURN_PHOTOS_TOTAL_BYTES / 1024 / 1024} MB in all; drop one or take them at a lower resolution.`)
        .optional(),
    }),
    ActionResult,
    'Receive a standard return by scanning its return id, tracking id or order item id, with the condition of what came back (sellable units go back in stock; the others are kept for a claim with the photos; without a condition, nothing is restocked).',
  ),
  'returns.pickup': command(z.object({ returnId: z.string(), pickupDate: IsoDate }), ActionResult, 'Reverse pickup done (self ship).'),
  'returns.pickupAttempt': command(z.object({ returnId: z.string(), pickupDate: IsoDate, newPickupDate: IsoDate, reason: z.string().min(3) }), ActionResult, 'Reverse pickup attempted (self ship).'),
  'returns.complete': command(z.object({ returnId: z.string() }), ActionResult, 'Return completed at the warehouse.'),
  'returns.approve': command(z.object({ returnId: z.string(), serviceDate: IsoDate, comments: z.string().optional() }), ActionResult, 'Approve after the tech visit.'),
  'returns.reject': command(z.object({ returnId: z.string(), serviceDate: IsoDate, comments: z.string().optional() }), ActionResult, 'Reject after the tech visit.'),
  'selfship.list': command(NoArgs, z.array(SelfShipRow), 'Self-ship shipments of this location.'),
  'selfship.vendors': command(NoArgs, z.array(z.object({ vendorId: z.string(), name: z.string(), trackingIdRequired: z.boolean() })), 'The delivery partners a self-ship dispatch may name.'),
  'selfship.dispatch': command(
    z.object({ shipmentId: z.string(), dispatchDate: IsoDate, tentativeDeliveryDate: IsoDate, deliveryPartner: z.string().optional(), trackingId: z.string().optional(), invoiceNumber: z.string().optional() }),
    ActionResult,
    'Dispatch a self-ship order.',
  ),
  'selfship.deliveryAttempt': command(z.object({ shipmentId: z.string(), attemptDate: IsoDate, newDeliveryDate: IsoDate, reason: z.string().min(3) }), ActionResult, 'Delivery attempted.'),
  'selfship.delivered': command(z.object({ shipmentId: z.string(), deliveryDate: IsoDate }), ActionResult, 'Delivered.'),
  'selfship.serviceAttempt': command(z.object({ shipmentId: z.string(), attemptDate: IsoDate, newServiceDate: IsoDate }), ActionResult, 'Service (installation) attempted.'),
  'selfship.serviceComplete': command(z.object({ shipmentId: z.string(), serviceDate: IsoDate }), ActionResult, 'Service (installation) completed.'),
} as const;
