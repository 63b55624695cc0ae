// A shipment put aside at this desk (Esc) opens where the packer left it when it is scanned
// again, and a restart replays a resumed session's whole chain: the journal's session lineage
// (session-lineage.ts) says which steps, session-replay.ts applies them. The steps of the
// put-aside session are replayed, not journaled again: the new session names the one it resumes.
import type { Journal } from '../journal/journal.js';
import type { OpenSession } from '../journal/records.js';
import { putAsideSession, putAsideSteps, sessionSteps } from '../journal/session-lineage.js';
import { saying, sentence } from '../../../shared/i18n/station-sentences.js';
import { replayStep, type JournaledStep, type ReplayContext } from './session-replay.js';
import { nextStepSentences, type PackSessionState } from './pack-session.js';
import { unitProgressWords } from './session-progress.js';

/** The put-aside session a new session of the shipment resumes, and the steps it carries over. */
export interface PutAside {
  resumes: string;
  carried: JournaledStep[];
}

/**
 * The shipment's put-aside session at this desk, if any. Read before the new session is
 * journaled (its "opened" record would end the lineage). Reading every kept segment costs more
 * with each pack of the shift (and its garbage slowed the scans that follow): only a shipment
 * the journal knows was put aside is looked up.
 */
export async function findPutAside(journal: Pick<Journal, 'mayHavePutAside' | 'records'>, shipmentId: string): Promise<PutAside | undefined> {
  if (!journal.mayHavePutAside(shipmentId)) return undefined;
  const records = await journal.records();
  const resumes = putAsideSession(records, shipmentId);
  return resumes ? { resumes, carried: putAsideSteps(records, resumes) } : undefined;
}

/**
 * The freshly opened session with the put-aside steps replayed in order. A step the session
 * refuses now (a serial packed meanwhile in this shift) is skipped, as it was never applied.
 * When anything was carried over, the desk says the shipment was reopened and what is next.
 */
export function resumeAside(opened: PackSessionState, carried: readonly JournaledStep[], ctx: ReplayContext): PackSessionState {
  let session = opened;
  for (const old of carried) {
    const next = replayStep(session, old, ctx);
    const refused = next.feedback.tone === 'error' && next.steps === session.steps && next.parcels === session.parcels;
    if (!refused) session = next;
  }
  if (carried.length === 0) return session;
  const words = [sentence('station.pack.reopened', { id: session.shipmentId }), ...unitProgressWords(session, true), ...nextStepSentences(session)];
  return { ...session, feedback: { tone: 'ok', ...saying(...words), sound: 'success' } };
}

/**
 * The steps a restart replays for the session it left open: a session that resumed a put-aside
 * one replays that session's steps too; refused scans changed nothing when they were made and
 * replaying them could (the shift's serials are gone).
 */
export async function stepsToRestore(journal: Pick<Journal, 'records'>, open: OpenSession): Promise<JournaledStep[]> {
  if (open.opened.resumes) return sessionSteps(await journal.records(), open.sessionId);
  return open.scans.filter((scan) => scan.refused === undefined);
}
