// Packs a desk made while the warehouse database was away (or before it answered): the claims to
// mark packed and the serials to register, kept on the desk and recorded when the link is back
// (desk-warehouse.ts calls record() after each pack and on its catch-up timer). One recording
// runs at a time, so batches finishing together never mark the same shipment twice.
import type { PackedSerialIn } from '../packing/desk-claims.js';
import type { ClaimService } from './claims.js';
import type { SerialRegistry } from './serials.js';
import { WarehouseUnreachableError } from './warehouse-pool.js';
import { deskKey, type DeskRef } from './desk-ref.js';

export interface OutagePacksDeps {
  /** The desk (identity and name), as its claims know it. */
  desk: DeskRef;
  claims: ClaimService;
  serials: SerialRegistry;
  /** Runs a database call, keeping the desk's view of the link (DeskWarehouse.online). */
  online<T>(work: () => Promise<T>): Promise<T>;
  /** The pack is recorded: the desk stops renewing the claim. */
  recorded(shipmentId: string): void;
  log?: (line: string) => void;
}

export class OutagePacks {
  /** Packed at the marketplace, the claim not yet marked packed in the database. */
  private readonly unrecorded = new Set<string>();
  /** Serials scanned while the database was away, registered with the pack. */
  private readonly pendingSerials = new Map<string, { operator: string; serials: PackedSerialIn[] }>();
  private recording: Promise<void> = Promise.resolve();

  constructor(private readonly deps: OutagePacksDeps) {}

  /** Packs not yet recorded in the database. */
  get size(): number {
    return this.unrecorded.size;
  }

  /** Serials that could not be registered before the pack: registered when it is recorded. */
  holdSerials(shipmentId: string, operator: string, serials: readonly PackedSerialIn[]): void {
    this.pendingSerials.set(shipmentId, { operator, serials: [...serials] });
  }

  /** The pack was refused: its serials are not registered. */
  forgetSerials(shipmentId: string): void {
    this.pendingSerials.delete(shipmentId);
  }

  /** The marketplace took these packs: recorded now, or as soon as the database answers. */
  add(shipmentIds: readonly string[]): Promise<void> {
    for (const id of shipmentIds) this.unrecorded.add(id);
    return this.record();
  }

  /** Records what waits; stops quietly at the first call the database does not answer. */
  record(): Promise<void> {
    const run = this.recording.then(() => this.recordNow());
    this.recording = run.catch(() => undefined);
    return run;
  }

  private async recordNow(): Promise<void> {
    const { desk, claims, serials, online, log } = this.deps;
    for (const id of [...this.unrecorded]) {
      try {
        const pending = this.pendingSerials.get(id);
        if (pending) {
          const r = await online(() => serials.register(id, deskKey(desk).name, pending.operator, pending.serials));
          if (!r.ok) log?.(`Packed during the outage with a serial already packed elsewhere: ${r.message}`);
          this.pendingSerials.delete(id);
        }
        const recorded = await online(() => claims.markPacked(id, desk));
        if (!recorded) log?.(`Shipment ${id} was packed here while this desk no longer held its claim (the marketplace refuses any second pack).`);
        this.unrecorded.delete(id);
        this.deps.recorded(id);
      } catch (error) {
        if (error instanceof WarehouseUnreachableError) return;
        throw error;
      }
    }
  }
}
