// Which window of the desk films. Every window of the app at one desk (the desktop window, a
// browser-mode tab) follows the same open shipment; if each filmed, one shipment would get two
// clips from two recorders. The first window with the camera ready holds the lease and renews it
// while it is open; the others wait, and take over once it lapses (the window closed or hung).
import type { Clock } from '../packing/ist-dates.js';

/** A lease not renewed for this long has lapsed: its window closed, crashed or lost the station. */
export const FILMING_LEASE_MS = 6000;

export class FilmingLease {
  private holder?: { windowId: string; until: number };

  constructor(private readonly clock: Clock) {}

  /** Grants (or renews) the lease to `windowId` unless another window holds a live one. */
  claim(windowId: string): boolean {
    const now = this.clock.now().getTime();
    if (this.holder && this.holder.windowId !== windowId && this.holder.until > now) return false;
    this.holder = { windowId, until: now + FILMING_LEASE_MS };
    return true;
  }

  release(windowId: string): void {
    if (this.holder?.windowId === windowId) this.holder = undefined;
  }

  holds(windowId: string): boolean {
    return this.holder?.windowId === windowId && this.holder.until > this.clock.now().getTime();
  }
}
