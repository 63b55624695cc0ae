// Order item states and filter values in the words a packer uses, never the marketplace's codes.
import type { OrderItemStatus, ShipmentType, CancellationType } from '../../../../shared/api/enums.js';

export const STATE_WORDS: Record<OrderItemStatus, string> = {
  APPROVED: 'To pack',
  PACKING_IN_PROGRESS: 'Packing',
  FORM_FAILED: 'Form failed',
  PACKED: 'Packed',
  READY_TO_DISPATCH: 'Ready to dispatch',
  PICKUP_COMPLETE: 'Picked up',
  CANCELLED: 'Cancelled',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  RETURN_REQUESTED: 'Return requested',
  RETURNED: 'Returned',
  COMPLETED: 'Completed',
};

export const SHIPMENT_TYPE_WORDS: Record<ShipmentType, string> = { NORMAL: 'Marketplace courier', SELF: 'Self ship', EXPRESS: 'Express' };

export const CANCELLATION_WORDS: Record<CancellationType, string> = {
  marketplaceCancellation: 'By the marketplace',
  sellerCancellation: 'By the seller',
  buyerCancellation: 'By the buyer',
};

export const SEARCH_TYPE_WORDS = { preDispatch: 'Before dispatch', postDispatch: 'After dispatch', cancelled: 'Cancelled' } as const;

export const stateWords = (state: string): string => STATE_WORDS[state as OrderItemStatus] ?? state;
