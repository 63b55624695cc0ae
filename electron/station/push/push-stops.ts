// Holds and cancellations the marketplace pushed, for the packer who has that shipment open: the
// pack desk says it at once (with the failure sound) and refuses Enter until it is released.
// A hold is lifted by its unhold; a cancellation stays (a cancelled shipment is never packed).

export type StopListener = (shipmentId: string, text: string, stopped: boolean) => void;

export const holdWords = (id: string) =>
  `Shipment ${id} was put on hold by the marketplace just now. Do not pack it: put it aside (Esc) and keep its items together until the hold is lifted.`;
/** The notification may name the cancelled items (all or some of them): the words hold for both. */
export const cancelWords = (id: string, items: readonly string[] = []) =>
  items.length > 0
    ? `Shipment ${id} was cancelled by the marketplace just now (items ${items.join(', ')}). Do not pack it: put it aside (Esc) and scan it again to see whether anything is left to pack.`
    : `Shipment ${id} was cancelled by the marketplace just now. Do not pack it: put it aside (Esc) and take its items back to the shelf.`;
export const releaseWords = (id: string) => `The marketplace lifted the hold on shipment ${id}: it can be packed now.`;

export class PushStops {
  private readonly reasons = new Map<string, string>();
  private readonly listeners = new Set<StopListener>();

  /** Why the shipment may not be packed now, or undefined. */
  reason(shipmentId: string): string | undefined {
    return this.reasons.get(shipmentId);
  }

  stop(shipmentId: string, text: string): void {
    this.reasons.set(shipmentId, text);
    for (const fn of this.listeners) fn(shipmentId, text, true);
  }

  release(shipmentId: string, text: string): void {
    if (!this.reasons.delete(shipmentId)) return;
    for (const fn of this.listeners) fn(shipmentId, text, false);
  }

  /**
   * The shipment was just read afresh and may be packed (opened at a desk): a stop whose lifting
   * was never notified (a lost unhold) is dropped.
   */
  forget(shipmentId: string): void {
    this.reasons.delete(shipmentId);
  }

  onChange(fn: StopListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
