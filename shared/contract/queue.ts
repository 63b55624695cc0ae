// The queue of pre-dispatch shipments (issue "packing desk app", screen 2): rows small enough
// that 5,000 of them travel and render quickly, with what the packer needs to decide what next.
import { z } from 'zod';
import { CancellationType, OrderItemStatus, ShipmentType } from '../api/enums.js';
import { command, event, NoArgs } from './define.js';

export const QueueRow = z.object({
  shipmentId: z.string(),
  orderIds: z.array(z.string()),
  skus: z.array(z.string()),
  titles: z.array(z.string()),
  units: z.number().int(),
  status: OrderItemStatus,
  dispatchByDate: z.string(),
  dispatchAfterDate: z.string(),
  hold: z.boolean(),
  mps: z.boolean(),
  locationId: z.string(),
  updatedAt: z.string(),
});
export type QueueRow = z.infer<typeof QueueRow>;

/** The spec's search filters (spec § POST /v3/shipments/filter/), as the queue screen offers them. */
export const QueueFilter = z.object({
  type: z.enum(['preDispatch', 'postDispatch', 'cancelled']).default('preDispatch'),
  states: z.array(OrderItemStatus).optional(),
  hold: z.boolean().optional(),
  sku: z.string().optional(),
  shipmentTypes: z.array(ShipmentType).optional(),
  cancellationType: CancellationType.optional(),
  dispatchByTo: z.string().optional(),
  /** Any id: shipment, order, order item; or a SKU. */
  search: z.string().max(64).optional(),
});
export type QueueFilter = z.infer<typeof QueueFilter>;

export const QueueView = z.object({
  rows: z.array(QueueRow),
  counts: z.record(z.string(), z.number().int()),
  /** The search stopped at maxDataRetrievalAllowed (5000). */
  capped: z.boolean(),
  fetchedAt: z.string(),
  /** Push notifications: whether the desk hears them now, and what the reconciliation found they missed. */
  push: z
    .object({
      live: z.boolean(),
      received: z.number().int(),
      reconciliations: z.number().int(),
      missed: z.number().int(),
      lastReconciledAt: z.string().optional(),
    })
    .optional(),
});
export type QueueView = z.infer<typeof QueueView>;

export const queueCommands = {
  'queue.list': command(QueueFilter, QueueView, 'Shipments matching the filter (pulled from the marketplace).'),
  'queue.refresh': command(NoArgs, QueueView, 'Pull changes since the last list (incremental).'),
} as const;

export const queueEvents = {
  'queue.changed': event(QueueView, 'The queue was refreshed.'),
} as const;
