// Which actions each return and self-ship shipment offers in its state (spec § Self Ship return,
// § Self Ship order and service item), with the fields each needs and the command it sends.
import type { StationApi } from '../../../../shared/contract.js';
import type { ActionResult } from '../../../../shared/contract/returns.js';
import type { ReturnRow, SelfShipRow } from '../../stores/returns-store.js';
import type { ActionField } from './action-form.js';
import { msgKey, tr } from '../../i18n/i18n.js';

export interface ActionDef {
  /** The catalogue key of its name (the button and the form's title). */
  name: string;
  fields: ActionField[];
  send(api: StationApi, id: string, v: Record<string, string>): Promise<ActionResult>;
}

/** `label`: the catalogue key of the field's name. */
const date = (key: string, label: string, more: Partial<ActionField> = {}): ActionField => ({ key, label, kind: 'date', required: true, ...more });
const reason: ActionField = { key: 'reason', label: msgKey('returns.field.reason'), kind: 'text', required: true, minLength: 3 };
const comments: ActionField = { key: 'comments', label: msgKey('returns.field.comments'), kind: 'text' };

export const RETURN_ACTIONS: Record<string, ActionDef> = {
  pickup: { name: msgKey('returns.action.pickup'), fields: [date('pickupDate', msgKey('returns.field.pickupDate'), { notBeforeCreated: true })], send: (api, returnId, v) => api.invoke('returns.pickup', { returnId, pickupDate: v.pickupDate }) },
  pickupAttempt: {
    name: msgKey('returns.action.pickupAttempt'),
    fields: [date('pickupDate', msgKey('returns.field.attemptDate'), { notBeforeCreated: true }), date('newPickupDate', msgKey('returns.field.newPickupDate'), { ahead: true, after: 'pickupDate' }), reason],
    send: (api, returnId, v) => api.invoke('returns.pickupAttempt', { returnId, pickupDate: v.pickupDate, newPickupDate: v.newPickupDate, reason: v.reason }),
  },
  approve: { name: msgKey('returns.action.approve'), fields: [date('serviceDate', msgKey('returns.field.serviceDate'), { notBeforeCreated: true }), comments], send: (api, returnId, v) => api.invoke('returns.approve', { returnId, serviceDate: v.serviceDate, comments: v.comments }) },
  reject: { name: msgKey('returns.action.reject'), fields: [date('serviceDate', msgKey('returns.field.serviceDate'), { notBeforeCreated: true }), comments], send: (api, returnId, v) => api.invoke('returns.reject', { returnId, serviceDate: v.serviceDate, comments: v.comments }) },
  complete: { name: msgKey('returns.action.complete'), fields: [], send: (api, returnId) => api.invoke('returns.complete', { returnId }) },
};

export const SELFSHIP_ACTIONS: Record<string, ActionDef> = {
  dispatch: {
    name: msgKey('returns.action.dispatch'),
    fields: [
      date('dispatchDate', msgKey('returns.field.dispatchDate')),
      date('tentativeDeliveryDate', msgKey('returns.field.expectedDeliveryDate'), { ahead: true, after: 'dispatchDate' }),
      { key: 'deliveryPartner', label: msgKey('returns.field.deliveryPartner'), kind: 'vendor' },
      { key: 'trackingId', label: msgKey('returns.field.trackingId'), kind: 'text' },
    ],
    send: (api, shipmentId, v) =>
      api.invoke('selfship.dispatch', { shipmentId, dispatchDate: v.dispatchDate, tentativeDeliveryDate: v.tentativeDeliveryDate, deliveryPartner: v.deliveryPartner, trackingId: v.trackingId }),
  },
  deliveryAttempt: {
    name: msgKey('returns.action.deliveryAttempt'),
    fields: [date('attemptDate', msgKey('returns.field.attemptDate')), date('newDeliveryDate', msgKey('returns.field.newDeliveryDate'), { ahead: true, after: 'attemptDate' }), reason],
    send: (api, shipmentId, v) => api.invoke('selfship.deliveryAttempt', { shipmentId, attemptDate: v.attemptDate, newDeliveryDate: v.newDeliveryDate, reason: v.reason }),
  },
  delivered: { name: msgKey('returns.action.delivered'), fields: [date('deliveryDate', msgKey('returns.field.deliveryDate'))], send: (api, shipmentId, v) => api.invoke('selfship.delivered', { shipmentId, deliveryDate: v.deliveryDate }) },
  serviceAttempt: {
    name: msgKey('returns.action.serviceAttempt'),
    fields: [date('attemptDate', msgKey('returns.field.attemptDate')), date('newServiceDate', msgKey('returns.field.newServiceDate'), { ahead: true, after: 'attemptDate' })],
    send: (api, shipmentId, v) => api.invoke('selfship.serviceAttempt', { shipmentId, attemptDate: v.attemptDate, newServiceDate: v.newServiceDate }),
  },
  serviceComplete: { name: msgKey('returns.action.serviceComplete'), fields: [date('serviceDate', msgKey('returns.field.serviceDate'))], send: (api, shipmentId, v) => api.invoke('selfship.serviceComplete', { shipmentId, serviceDate: v.serviceDate }) },
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
  CREATED: msgKey('returns.status.created'),
  REQUESTED: msgKey('returns.status.requested'),
  APPROVED: msgKey('returns.status.approved'),
  REJECTED: msgKey('returns.status.rejected'),
  COMPLETED: msgKey('returns.status.completed'),
  COMPLETE: msgKey('returns.status.complete'),
  CANCELLED: msgKey('returns.status.cancelled'),
  SHIPPED: msgKey('returns.status.shipped'),
  DELIVERED: msgKey('returns.status.delivered'),
};

export function statusWords(status: string): string {
  const key = STATUS_WORDS[status.toUpperCase()];
  return key ? tr(key) : status.replace(/_/g, ' ').toLowerCase();
}
