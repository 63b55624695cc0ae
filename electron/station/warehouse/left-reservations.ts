// What became of the invoice numbers a desk reserved and never settled because it stopped
// mid-pack (killed, a power cut): the marketplace's state of each shipment decides, read back
// exactly as for a refused pack (packing/pack-invoice-numbers.ts): used when the shipment is
// packed with this number, void when packed with another (another desk took the claim over and
// packed it) or cancelled or gone, given back when still approved.
//
// A still-approved shipment does not prove its pack will never land: the desk may have sent it
// just before it stopped, and a slow marketplace may still be working on it. A number given back
// then would be issued to another shipment and the late pack would land with it too (one number
// on two packed shipments). So a number is given back only once its reservation is older than
// IN_FLIGHT_GRACE_MS; a younger one stays reserved for its shipment (the same desk's next pack of
// it reuses it, a desk taking it over packs with a number of its own) and the desk settles it
// again once the grace has passed (DeskWarehouse's later pass).
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../api/http.js';
import { DEFAULT_RETRY } from '../api/retry.js';
import type { Clock } from '../packing/ist-dates.js';
import { settleByMarketplace, type PackNumber, type ShipmentReadBack } from '../packing/pack-invoice-numbers.js';
import type { InvoiceNumbering, InvoiceReservation } from './invoice-numbering.js';

/** The reason recorded on a number given back at the desk's next start. */
export const LEFT_GIVEN_BACK = 'Not packed: the desk stopped mid-pack and the shipment was still approved after any pack with this number could have landed.';


/** For the clocks of the database rows against the desk's, and a refused token's resend (api/http.ts: refused before anything happened). */
const IN_FLIGHT_MARGIN_MS = 30_000;

/**
 * How old a left reservation must be before its number may be given back. The number is stamped
 * when a pack takes it, and the pack is sent at once. The client sends it again only after an
 * answer saying it was not carried out (api/retry.ts DEFAULT_RETRY: at most `attempts` sends,
 * each given up after DEFAULT_REQUEST_TIMEOUT_MS, at most `maxMs` apart), so its last send
 * leaves within that budget; a request the client gave up on may still be finishing at the
 * marketplace, so one more timeout, and the margin. About 4.4 minutes with the defaults.
 */
export const IN_FLIGHT_GRACE_MS = DEFAULT_RETRY.attempts * (DEFAULT_REQUEST_TIMEOUT_MS + DEFAULT_RETRY.maxMs) + DEFAULT_REQUEST_TIMEOUT_MS + IN_FLIGHT_MARGIN_MS;

export interface LeftReservationsDeps {
  /** The desk's reservations not yet settled (read from the database). */
  pending(): Promise<InvoiceReservation[]>;
  invoices: InvoiceNumbering;
  /** The shipment is packed at the marketplace with this desk's number: its claim becomes this desk's packed one. */
  recordPacked(shipmentId: string): Promise<void>;
  clock: Clock;
}

export interface LeftSettlement {
  /** Numbers used, void or given back. */
  settled: number;
  /** Numbers still reserved for their shipment: a pack with them may be in flight, or the shipment could not be read. */
  kept: PackNumber[];
}

export interface LeftSelection {
  /** Shipments still open at the desk (or held by it now): their numbers are theirs, untouched. */
  keep: ReadonlySet<string>;
  /** Only these numbers (a later pass over what an earlier one kept); all the desk's left numbers when absent. */
  only?: ReadonlySet<string>;
}

/** Settles the desk's left numbers; what cannot be settled safely yet is returned as kept. */
export async function settleLeftReservations(deps: LeftReservationsDeps, orders: ShipmentReadBack, which: LeftSelection): Promise<LeftSettlement> {
  const reservations = (await deps.pending()).filter((r) => r.shipmentId && !which.keep.has(r.shipmentId) && (!which.only || which.only.has(r.invoiceNumber)));
  const left = reservations.map((r) => ({ shipmentId: r.shipmentId!, invoiceNumber: r.invoiceNumber }));
  const reservedAt = new Map(reservations.map((r) => [r.invoiceNumber, Date.parse(r.reservedAt)]));
  const now = deps.clock.now().getTime();
  // NaN (no time recorded) compares false: such a number is old enough.
  const mayGiveBack = (n: PackNumber) => !(now - (reservedAt.get(n.invoiceNumber) ?? 0) < IN_FLIGHT_GRACE_MS);
  const outcome = await settleByMarketplace(deps.invoices, orders, left, LEFT_GIVEN_BACK, mayGiveBack);
  let settled = 0;
  const kept: PackNumber[] = [];
  for (const r of left) {
    const what = outcome.get(r.invoiceNumber);
    if (what === 'used') await deps.recordPacked(r.shipmentId);
    if (what === undefined || what === 'kept') kept.push(r);
    else settled++;
  }
  return { settled, kept };
}

export interface LeftNumbersOptions extends LeftReservationsDeps {
  /** Shipments the desk holds now: open at the desk, their numbers are their packs'. */
  holding(): readonly string[];
  /** How long after a settlement the numbers it kept are settled again (IN_FLIGHT_GRACE_MS). */
  delayMs?: number;
  log?: (line: string) => void;
}

/**
 * A desk's left numbers: settled at its start, and what that kept settled again by a later pass
 * once the grace has passed (and again after that while any stays kept), without a restart.
 * The timer does not keep the process alive; stop() clears it and waits for a pass under way.
 */
export class LeftNumbers {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pass: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly options: LeftNumbersOptions) {}

  private get delayMs(): number {
    return this.options.delayMs ?? IN_FLIGHT_GRACE_MS;
  }

  /** At the desk's start: `keep`, the shipments still open at the desk. Returns how many it settled. */
  async atStart(orders: ShipmentReadBack, keep: ReadonlySet<string>): Promise<number> {
    const { settled, kept } = await settleLeftReservations(this.options, orders, { keep });
    if (kept.length > 0) {
      this.options.log?.(
        `Start-up check: ${kept.length} warehouse invoice number(s) stay reserved for their shipments for now (a pack with them may still be under way at the marketplace, or the shipment could not be read); settled again in ${Math.round(this.delayMs / 1000)} s.`,
      );
    }
    this.later(orders, kept);
    return settled;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.pass;
  }

  private later(orders: ShipmentReadBack, kept: readonly PackNumber[]): void {
    if (kept.length === 0 || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const only = new Set(kept.map((k) => k.invoiceNumber));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pass = (async () => {
        let still: readonly PackNumber[] = kept;
        try {
          const r = await settleLeftReservations(this.options, orders, { keep: new Set(this.options.holding()), only });
          if (r.settled > 0) this.options.log?.(`${r.settled} warehouse invoice number(s) an interrupted run had reserved are settled.`);
          still = r.kept;
        } catch (error) {
          this.options.log?.(`The warehouse invoice numbers of an interrupted run wait: ${(error as Error).message}`);
        }
        this.pass = undefined;
        this.later(orders, still);
      })();
    }, this.delayMs);
    this.timer.unref?.();
  }
}
