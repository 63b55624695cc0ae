// The sandbox's whole state in memory, with the bookkeeping every route shares: the clock,
// the event log, id counters and the set of records changed by the current request (which the
// persistence layer writes out after the handler returns).
import { randomBytes } from 'node:crypto';
import type { EventKind } from '../../../shared/api/enums.js';
import type { SandboxClock } from './clock.js';
import type {
  AppRec,
  AuthCodeRec,
  EntityKind,
  EventRec,
  ListingRec,
  ReturnRec,
  Seller,
  ShipmentRec,
  TokenRec,
} from './model.js';
import { labelDelays } from './label-delays.js';

export interface WorldOptions {
  clock: SandboxClock;
  /** Delay between an accepted pack and PACKED (spec § Shipment: "Labels and invoices are generated asynchronously"). */
  labelDelayMs: number;
  /** Instead of the fixed delay, the spec's spread of delays (label-delays.ts), drawn with this seed. */
  labelDelaySpreadSeed?: number;
}

export class World {
  readonly clock: SandboxClock;
  /** The fixed delay (tests set it directly); ignored while the spread is on. */
  labelDelayMs: number;
  private readonly spread?: () => number;

  readonly sellers = new Map<string, Seller>();
  readonly apps = new Map<string, AppRec>();
  readonly tokens = new Map<string, TokenRec>();
  readonly codes = new Map<string, AuthCodeRec>();
  readonly shipments = new Map<string, ShipmentRec>();
  /** orderItemId -> shipmentId */
  readonly orderItemIndex = new Map<string, string>();
  /** orderId -> shipmentIds */
  readonly orderIndex = new Map<string, string[]>();
  readonly returns = new Map<string, ReturnRec>();
  /** sellerId -> sku -> listing */
  readonly listings = new Map<string, Map<string, ListingRec>>();
  readonly events: EventRec[] = [];
  /** Shipments waiting for their documents (PACKING_IN_PROGRESS); the sweep settles them. */
  readonly packing = new Set<string>();
  /** Counters for ids; persisted as part of 'meta'. */
  readonly counters: Record<string, number> = {};

  /** Records changed since the last flush, as `${kind}:${id}`. */
  readonly dirty = new Set<string>();
  /** Events appended since the last flush. */
  readonly newEvents: EventRec[] = [];
  /**
   * Called with every event as it is appended, while the world is in the state the event
   * describes (push/ builds its notifications here). Restored and seeded events are not emitted.
   */
  readonly emitListeners: ((event: EventRec) => void)[] = [];

  constructor(options: WorldOptions) {
    this.clock = options.clock;
    this.labelDelayMs = options.labelDelayMs;
    if (options.labelDelaySpreadSeed !== undefined) this.spread = labelDelays({ spread: 'spec', seed: options.labelDelaySpreadSeed });
  }

  /** The documents delay of the pack being accepted now. */
  nextLabelDelayMs(): number {
    return this.spread ? this.spread() : this.labelDelayMs;
  }

  now(): number {
    return this.clock.now();
  }

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Marks a record as changed so that it is persisted after the current request. */
  touch(kind: EntityKind, id: string): void {
    this.dirty.add(`${kind}:${id}`);
  }

  /** Next value of a named counter (ids are deterministic for a given seed and history). */
  nextCounter(name: string): number {
    const n = (this.counters[name] ?? 0) + 1;
    this.counters[name] = n;
    this.touch('meta', 'counters');
    return n;
  }

  /** A random, unguessable token or code. */
  secret(bytes = 24): string {
    return randomBytes(bytes).toString('base64url');
  }

  /** Appends one of the spec's events (spec § Events) to the event log. */
  emit(kind: EventKind, ids: { shipmentId?: string; returnId?: string; orderItemIds?: string[] }, at = this.now()): EventRec {
    const event: EventRec = { seq: this.events.length + 1, kind, ...ids, at: new Date(at).toISOString() };
    this.events.push(event);
    this.newEvents.push(event);
    for (const listener of this.emitListeners) listener(event);
    return event;
  }

  addShipment(shipment: ShipmentRec): void {
    this.shipments.set(shipment.shipmentId, shipment);
    this.indexShipment(shipment);
    this.touch('shipment', shipment.shipmentId);
  }

  indexShipment(shipment: ShipmentRec): void {
    for (const item of shipment.orderItems) {
      this.orderItemIndex.set(item.orderItemId, shipment.shipmentId);
      const list = this.orderIndex.get(item.orderId);
      if (!list) this.orderIndex.set(item.orderId, [shipment.shipmentId]);
      else if (!list.includes(shipment.shipmentId)) list.push(shipment.shipmentId);
    }
  }

  /**
   * Brings a shipment up to date with the clock: documents that became ready move it from
   * PACKING_IN_PROGRESS to PACKED with the Packed event (spec § Shipment, "Documents become
   * ready: no seller action triggers this"). Called on every read and by a periodic sweep.
   */
  settle(shipment: ShipmentRec): ShipmentRec {
    const pack = shipment.pack;
    if (pack && this.now() >= pack.documentsReadyAt && shipment.orderItems.some((i) => i.status === 'PACKING_IN_PROGRESS')) {
      for (const item of shipment.orderItems) if (item.status === 'PACKING_IN_PROGRESS') item.status = 'PACKED';
      shipment.updatedAt = new Date(Math.max(pack.documentsReadyAt, Date.parse(shipment.updatedAt))).toISOString();
      this.touch('shipment', shipment.shipmentId);
      this.packing.delete(shipment.shipmentId);
      // Dated when the documents became ready, which is when the marketplace marked it PACKED,
      // not when a read or the sweep happened to notice.
      this.emit('Packed', { shipmentId: shipment.shipmentId, orderItemIds: shipment.orderItems.map((i) => i.orderItemId) }, Math.min(pack.documentsReadyAt, this.now()));
    }
    return shipment;
  }

  listingsOf(sellerId: string): Map<string, ListingRec> {
    let map = this.listings.get(sellerId);
    if (!map) {
      map = new Map();
      this.listings.set(sellerId, map);
    }
    return map;
  }

  /** Issues an access token for an application (used by the token endpoints and by tests). */
  issueToken(app: AppRec, kind: 'access' | 'refresh', ttlSeconds: number, scope: string): TokenRec {
    const now = this.now();
    const rec: TokenRec = {
      token: this.secret(),
      kind,
      appId: app.appId,
      sellerId: app.sellerId,
      scope,
      issuedAt: now,
      expiresAt: now + ttlSeconds * 1000,
    };
    this.tokens.set(rec.token, rec);
    this.touch('token', rec.token);
    return rec;
  }
}
