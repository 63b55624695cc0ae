// What the journal must know at every moment without rereading the disk: which intents still
// wait for an outcome and which pack sessions are still open. Built by replaying the records in
// seq order, then kept up to date on every append.
import type { JournalRecord, OpenIntent, OpenSession } from './records.js';

/** The reason a session closed by Esc is journaled with (pack-desk.ts putAside). */
export const PUT_ASIDE = 'put-aside';

export class JournalState {
  private readonly intents = new Map<string, OpenIntent>();
  private readonly sessions = new Map<string, OpenSession>();
  /**
   * Shipments put aside (Esc) and not sent for packing since. Reopening one reads the journal for
   * its scans (session-lineage.ts putAsideSession); every other shipment is opened without reading the
   * segments, so opening costs the same at the last pack of a shift as at the first. Bounded by
   * what the packers set aside: a pack intent for the shipment takes it out.
   */
  private readonly putAside = new Set<string>();

  apply(record: JournalRecord): void {
    switch (record.type) {
      case 'intent':
        if (!this.intents.has(record.id)) this.intents.set(record.id, { intent: record });
        if (record.op === 'pack') for (const id of record.targets.shipmentIds ?? []) this.putAside.delete(id);
        return;
      case 'outcome': {
        const open = this.intents.get(record.intentId);
        if (!open) return;
        // Only a definite answer settles an intent; 'unknown' still needs reconciliation.
        if (record.status === 'unknown') open.lastOutcome = record;
        else this.intents.delete(record.intentId);
        return;
      }
      case 'scan':
        this.sessions.get(record.sessionId)?.scans.push(record);
        return;
      case 'session':
        if (record.event === 'opened') {
          if (!this.sessions.has(record.sessionId)) {
            this.sessions.set(record.sessionId, { sessionId: record.sessionId, opened: record, scans: [], packed: [] });
          }
        } else if (record.event === 'packed') {
          this.sessions.get(record.sessionId)?.packed.push(record);
        } else {
          const shipmentId = record.shipmentId ?? this.sessions.get(record.sessionId)?.opened.shipmentId;
          if (record.reason === PUT_ASIDE && shipmentId) this.putAside.add(shipmentId);
          this.sessions.delete(record.sessionId);
        }
        return;
    }
  }

  hasIntent(id: string): boolean {
    return this.intents.has(id);
  }

  /** True when the shipment's put-aside scans may be in the journal: false means there are none. */
  mayHavePutAside(shipmentId: string): boolean {
    return this.putAside.has(shipmentId);
  }

  /** How many shipments are held as put aside (bounded by the packers' Esc, not by the packs). */
  get putAsideCount(): number {
    return this.putAside.size;
  }

  hasSession(id: string): boolean {
    return this.sessions.has(id);
  }

  openIntents(): OpenIntent[] {
    return [...this.intents.values()].sort((a, b) => a.intent.seq - b.intent.seq);
  }

  openSessions(): OpenSession[] {
    return [...this.sessions.values()].sort((a, b) => a.opened.seq - b.opened.seq);
  }

  /** Every record that open state depends on, in seq order: what a new segment must carry. */
  carriedRecords(): JournalRecord[] {
    const carried: JournalRecord[] = [];
    for (const open of this.intents.values()) {
      carried.push(open.intent);
      if (open.lastOutcome) carried.push(open.lastOutcome);
    }
    for (const session of this.sessions.values()) carried.push(session.opened, ...session.scans, ...session.packed);
    return carried.sort((a, b) => a.seq - b.seq);
  }
}

/** The open-state ids a record belongs to (intent id or session id). */
export function stateKeyOf(record: JournalRecord): string {
  switch (record.type) {
    case 'intent':
      return `i:${record.id}`;
    case 'outcome':
      return `i:${record.intentId}`;
    default:
      return `s:${record.sessionId}`;
  }
}
