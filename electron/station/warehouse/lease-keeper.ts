// Keeps a desk's claims alive: every shipment open at the desk is renewed every third of the
// lease, so a desk that dies stops renewing and its claims expire for another desk to take
// over. A claim found lost (a lead released it, or the desk was away longer than the lease and
// another desk took it) is reported, so the desk can stop the packer before the pack. While the
// database is away renewals fail quietly into status(); the next tick tries again.
import type { ClaimService } from './claims.js';
import { DEFAULT_LEASE_MS } from './claims.js';
import { asWarehouseError } from './warehouse-pool.js';
import type { DeskRef } from './desk-ref.js';

export interface LeaseKeeperOptions {
  desk: DeskRef;
  leaseMs?: number;
  /** Told of shipments the desk no longer holds. */
  onLost: (shipmentIds: string[]) => void;
  /** Told of the shipments whose leases a renewal extended. */
  onRenewed?: (shipmentIds: string[]) => void;
}

export class LeaseKeeper {
  private readonly held = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastError: string | undefined;

  constructor(
    private readonly claims: ClaimService,
    private readonly options: LeaseKeeperOptions,
  ) {}

  hold(shipmentId: string): void {
    this.held.add(shipmentId);
  }

  drop(shipmentId: string): void {
    this.held.delete(shipmentId);
  }

  holding(): string[] {
    return [...this.held];
  }

  status(): { holding: number; lastError?: string } {
    return { holding: this.held.size, ...(this.lastError ? { lastError: this.lastError } : {}) };
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.renewNow(), (this.options.leaseMs ?? DEFAULT_LEASE_MS) / 3);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Renews every held claim now; returns the lost ones (also told to onLost). Never rejects. */
  async renewNow(): Promise<string[]> {
    const ids = this.holding();
    if (ids.length === 0) return [];
    try {
      const lost = await this.claims.renew(ids, this.options.desk);
      this.lastError = undefined;
      for (const id of lost) this.held.delete(id);
      this.options.onRenewed?.(ids.filter((id) => !lost.includes(id)));
      if (lost.length > 0) this.options.onLost(lost);
      return lost;
    } catch (error) {
      this.lastError = (asWarehouseError(error) as Error).message;
      return [];
    }
  }
}
