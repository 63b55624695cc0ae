// A shipment put aside and scanned again carries on in a new session that names the session it
// resumes (SessionRecord.resumes) instead of copying its scans: every scan stands in the journal
// once, so the audit trail and the counts per operator see it once, and the steps of the shipment
// are the chain of its sessions. The journal copies that chain into each new segment while the
// resuming session is open (journal.ts, rotate), so pruning never loses what a restart replays.
import type { JournalRecord, ScanRecord } from './records.js';

/** Scan kinds that name a shipment (open it) without verifying a unit. */
const SHIPMENT_NAMING_KINDS: readonly string[] = ['shipmentId', 'orderId', 'orderItemId'];

/**
 * The shipment's latest session at this desk when it ended with "put aside" and nothing packed
 * the shipment since: reopening the shipment carries on from it.
 */
export function putAsideSession(records: readonly JournalRecord[], shipmentId: string): string | undefined {
  let session: string | undefined;
  let aside = false;
  for (const r of records) {
    if (r.type === 'session' && r.event === 'opened' && r.shipmentId === shipmentId) {
      session = r.sessionId;
      aside = false;
    } else if (r.type === 'session' && r.event === 'closed' && r.sessionId === session) {
      aside = r.reason === 'put-aside';
    } else if (r.type === 'intent' && r.op === 'pack' && (r.targets.shipmentIds ?? []).includes(shipmentId)) {
      aside = false;
    }
  }
  return aside ? session : undefined;
}

/**
 * The steps of a session in the order the packer saw them: its opening scan, then the steps of
 * the session it resumes (and so on back), then its own later steps. Refused scans changed
 * nothing and are left out; so is a resumed session's opening scan when it only named the
 * shipment (it verified nothing).
 */
export function sessionSteps(records: readonly JournalRecord[], sessionId: string): ScanRecord[] {
  const resumes = new Map<string, string>();
  const scans = new Map<string, ScanRecord[]>();
  for (const r of records) {
    if (r.type === 'session' && r.event === 'opened' && r.resumes) resumes.set(r.sessionId, r.resumes);
    if (r.type === 'scan' && r.refused === undefined) scans.set(r.sessionId, [...(scans.get(r.sessionId) ?? []), r]);
  }
  const seen = new Set<string>();
  const steps = (id: string): ScanRecord[] => {
    seen.add(id);
    const own = scans.get(id) ?? [];
    const earlier = resumes.get(id);
    if (earlier === undefined || seen.has(earlier)) return own;
    const inherited = withoutNamingOpener(steps(earlier));
    return own.length === 0 ? inherited : [own[0]!, ...inherited, ...own.slice(1)];
  };
  return steps(sessionId);
}

/** What reopening a put-aside shipment replays: the put-aside session's steps without the scan that only named it. */
export function putAsideSteps(records: readonly JournalRecord[], sessionId: string): ScanRecord[] {
  return withoutNamingOpener(sessionSteps(records, sessionId));
}

/** The records of the sessions that the given sessions resume, back to the first: what an open session's restart needs besides its own. */
export function resumedRecords(records: readonly JournalRecord[], sessionIds: Iterable<string>): JournalRecord[] {
  const resumes = new Map<string, string>();
  for (const r of records) if (r.type === 'session' && r.event === 'opened' && r.resumes) resumes.set(r.sessionId, r.resumes);
  const chain = new Set<string>();
  for (const id of sessionIds) {
    for (let earlier = resumes.get(id); earlier !== undefined && !chain.has(earlier); earlier = resumes.get(earlier)) chain.add(earlier);
  }
  return records.filter((r) => (r.type === 'scan' || r.type === 'session') && chain.has(r.sessionId));
}

function withoutNamingOpener(steps: ScanRecord[]): ScanRecord[] {
  const opener = steps[0];
  return opener && SHIPMENT_NAMING_KINDS.includes(opener.kind) ? steps.slice(1) : steps;
}
