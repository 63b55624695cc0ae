// Which actions each return and self-ship shipment offers in its state (spec § Self Ship return,
// § Self Ship order and service item), with the fields each needs and the command it sends.
import type { StationApi } from '../../../../shared/contract.js';
import type { ActionResult } from '../../../../shared/contract/returns.js';
import type { ReturnRow, SelfShipRow } from '../../stores/returns-store.js';
import type { ActionField } from './action-form.js';

export interface ActionDef {
  name: string;
  fields: ActionField[];
  send(api: StationApi, id: string, v: Record<string, string>): Promise<ActionResult>;
}

const date = (key: string, label: string, more: Partial<ActionField> = {}): ActionField => ({ key, label, kind: 'date', required: true, ...more });
const reason: ActionField = { key: 'reason', label: 'Reason', kind: 'text', required: true, minLength: 3 };
const comments: ActionField = { key: 'comments', label: 'Comments', kind: 'text' };

export const RETURN_ACTIONS: Record<string, ActionDef> = {
  pickup: { name: 'Pickup', fields: [date('pickupDate', 'Pickup date', { notBeforeCreated: true })], send: (api, returnId, v) => api.invoke('returns.pickup', { returnId, pickupDate: v.pickupDate }) },
  pickupAttempt: {
    name: 'Pickup attempt',
    fields: [date('pickupDate', 'Attempt date', { notBeforeCreated: true }), date('newPickupDate', 'New pickup date', { ahead: true, after: 'pickupDate' }), reason],
    send: (api, returnId, v) => api.invoke('returns.pickupAttempt', { returnId, pickupDate: v.pickupDate, newPickupDate: v.newPickupDate, reason: v.reason }),
  },
  approve: { name: 'Approve', fields: [date('serviceDate', 'Service date', { notBeforeCreated: true }), comments], send: (api, returnId, v) => api.invoke('returns.approve', { returnId, serviceDate: v.serviceDate, comments: v.comments }) },
  reject: { name: 'Reject', fields: [date('serviceDate', 'Service date', { notBeforeCreated: true }), comments], send: (api, returnId, v) => api.invoke('returns.reject', { returnId, serviceDate: v.serviceDate, comments: v.comments }) },
  complete: { name: 'Complete', fields: [], send: (api, returnId) => api.invoke('returns.complete', { returnId }) },
};

export const SELFSHIP_ACTIONS: Record<string, ActionDef> = {
  dispatch: {
    name: 'Dispatch',
    fields: [
      date('dispatchDate', 'Dispatch date'),
      date('tentativeDeliveryDate', 'Expected delivery date', { ahead: true, after: 'dispatchDate' }),
      { key: 'deliveryPartner', label: 'Delivery partner', kind: 'vendor' },
      { key: 'trackingId', label: 'Tracking ID', kind: 'text' },
    ],
    send: (api, shipmentId, v) =>
      api.invoke('selfship.dispatch', { shipmentId, dispatchDate: v.dispatchDate, tentativeDeliveryDate: v.tentativeDeliveryDate, deliveryPartner: v.deliveryPartner, trackingId: v.trackingId }),
  },
  deliveryAttempt: {
    name: 'Delivery attempt',
    fields: [date('attemptDate', 'Attempt date'), date('newDeliveryDate', 'New delivery date', { ahead: true, after: 'attemptDate' }), reason],
    send: (api, shipmentId, v) => api.invoke('selfship.deliveryAttempt', { shipmentId, attemptDate: v.attemptDate, newDeliveryDate: v.newDeliveryDate, reason: v.reason }),
  },
  delivered: { name: 'Delivered', fields: [date('deliveryDate', 'Delivery date')], send: (api, shipmentId, v) => api.invoke('selfship.delivered', { shipmentId, deliveryDate: v.deliveryDate }) },
  serviceAttempt: {
    name: 'Service attempt',
    fields: [date('attemptDate', 'Attempt date'), date('newServiceDate', 'New service date', { ahead: true, after: 'attemptDate' })],
    send: (api, shipmentId, v) => api.invoke('selfship.serviceAttempt', { shipmentId, attemptDate: v.attemptDate, newServiceDate: v.newServiceDate }),
  },
  serviceComplete: { name: 'Service complete', fields: [date('serviceDate', 'Service date')], send: (api, shipmentId, v) => api.invoke('selfship.serviceComplete', { shipmentId, serviceDate: v.serviceDate }) },
};

/**
 * Self-ship returns move through REQUESTED / APPROVED / REJECTED; standard ones through CREATED.
 * A finished return says nothing of its kind, so a type naming self ship decides when given.
 */
export function isSelfShipReturn(r: ReturnRow): boolean {
  return /self/i.test(r.type) || ['REQUESTED', 'APPROVED', 'REJECTED'].includes(r.status.toUpperCase());
}

export function returnActionsFor(r: ReturnRow): string[] {
  switch (r.status.toUpperCase()) {
    case 'REQUESTED':
      return ['approve', 'reject'];
    case 'APPROVED':
      // Customer returns are picked up from the buyer; courier returns (RTO) come back by themselves.
      return r.type === 'courier_return' ? ['complete'] : ['pickup', 'pickupAttempt', 'complete'];
    default:
      return [];
  }
}

export function selfShipActionsFor(s: SelfShipRow): string[] {
  switch (s.status.toUpperCase()) {
    case 'APPROVED':
      return ['dispatch'];
    case 'SHIPPED':
      return ['deliveryAttempt', 'delivered'];
    case 'DELIVERED':
      return s.hasService ? ['serviceAttempt', 'serviceComplete'] : [];
    default:
      return [];
  }
}

const STATUS_WORDS: Record<string, string> = {
  CREATED: 'On its way back',
  REQUESTED: 'Requested (tech visit due)',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  COMPLETED: 'Received',
  COMPLETE: 'Complete',
  CANCELLED: 'Cancelled',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
};

export function statusWords(status: string): string {
  return STATUS_WORDS[status.toUpperCase()] ?? status.replace(/_/g, ' ').toLowerCase();
}
