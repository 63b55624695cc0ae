// What the journal remembers of this desk's shipments, read from its records: which shipments
// the packer put aside (and has not come back to), and which ones this desk sent a pack for.
// Both outlive a restart because they come from the journal's segments, not from memory.
import type { JournalRecord } from './records.js';

/**
 * Shipments whose latest pack session at this desk ended with "put aside" (Esc): the packer
 * set them apart on purpose, so a wave leaves them out unless the packer picks them.
 */
export function putAsideShipments(records: readonly JournalRecord[]): string[] {
  const shipmentOf = new Map<string, string>();
  const last = new Map<string, 'aside' | 'other'>();
  for (const r of records) {
    if (r.type === 'session') {
      if (r.event === 'opened' && r.shipmentId) {
        shipmentOf.set(r.sessionId, r.shipmentId);
        last.set(r.shipmentId, 'other');
      }
      const id = r.shipmentId ?? shipmentOf.get(r.sessionId);
      if (r.event === 'closed' && id) last.set(id, r.reason === 'put-aside' ? 'aside' : 'other');
    }
    // A pack sent for it by any path (a wave the packer picked it into, the command line) ends it.
    if (r.type === 'intent' && r.op === 'pack') for (const id of r.targets.shipmentIds ?? []) last.set(id, 'other');
  }
  return [...last].filter(([, state]) => state === 'aside').map(([id]) => id);
}

/** Shipments this desk sent a pack for (desk or wave), whatever the answer: the marketplace says what became of them. */
export function packTargets(records: readonly JournalRecord[]): string[] {
  const ids = new Set<string>();
  for (const r of records) if (r.type === 'intent' && r.op === 'pack') for (const id of r.targets.shipmentIds ?? []) ids.add(id);
  return [...ids];
}

/**
 * The labels this desk printed, newest last, at most `limit`: the Pack screen's "Labels" list as
 * it was before a restart (each label printed is journaled with its printer).
 */
export function printedLabels(records: readonly JournalRecord[], limit: number): { shipmentId: string; printer: string }[] {
  const printed = new Map<string, string>();
  for (const r of records) {
    if (r.type === 'session' && r.event === 'closed' && r.reason === LABEL_PRINTED && r.shipmentId && r.printer) {
      printed.delete(r.shipmentId);
      printed.set(r.shipmentId, r.printer);
    }
  }
  return [...printed].slice(-limit).map(([shipmentId, printer]) => ({ shipmentId, printer }));
}

/** The reason a desk's label print is journaled with (pack-submit.ts). */
export const LABEL_PRINTED = 'label printed';
