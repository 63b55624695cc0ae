// Order item states and filter values in the words a packer uses, never the marketplace's codes:
// catalogue keys here, said in the desk's language where they are shown.
import type { OrderItemStatus, ShipmentType, CancellationType } from '../../../../shared/api/enums.js';
import { msgKey, tr } from '../../i18n/i18n.js';

export const STATE_WORDS: Record<OrderItemStatus, string> = {
  APPROVED: msgKey('state.APPROVED'),
  PACKING_IN_PROGRESS: msgKey('state.PACKING_IN_PROGRESS'),
  FORM_FAILED: msgKey('state.FORM_FAILED'),
  PACKED: msgKey('state.PACKED'),
  READY_TO_DISPATCH: msgKey('state.READY_TO_DISPATCH'),
  PICKUP_COMPLETE: msgKey('state.PICKUP_COMPLETE'),
  CANCELLED: msgKey('state.CANCELLED'),
  SHIPPED: msgKey('state.SHIPPED'),
  DELIVERED: msgKey('state.DELIVERED'),
  RETURN_REQUESTED: msgKey('state.RETURN_REQUESTED'),
  RETURNED: msgKey('state.RETURNED'),
  COMPLETED: msgKey('state.COMPLETED'),
};

export const SHIPMENT_TYPE_WORDS: Record<ShipmentType, string> = { NORMAL: msgKey('state.NORMAL'), SELF: msgKey('state.SELF'), EXPRESS: msgKey('state.EXPRESS') };

export const CANCELLATION_WORDS: Record<CancellationType, string> = {
  marketplaceCancellation: msgKey('state.marketplaceCancellation'),
  sellerCancellation: msgKey('state.sellerCancellation'),
  buyerCancellation: msgKey('state.buyerCancellation'),
};

export const SEARCH_TYPE_WORDS = { preDispatch: msgKey('state.preDispatch'), postDispatch: msgKey('state.postDispatch'), cancelled: msgKey('state.cancelled') } as const;

export const stateWords = (state: string): string => {
  const key = STATE_WORDS[state as OrderItemStatus];
  return key ? tr(key) : state;
};
