// Contract handlers of the activity screen (issue "packing desk app", screen 8): the journal as
// an audit trail in sentences, newest first, and the counts per shift and packs per hour.
// Dates without a zone are IST, the marketplace's reading (spec § POST /v3/shipments/filter/).
import { StationError } from '../../../../shared/contract/define.js';
import { countsPerShift, packsPerHour, queryAudit } from '../../journal/audit-query.js';
import { istInstant, istParts, parseIst, todayIst } from '../../packing/ist-dates.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { indexTrail, sentenceFor } from './activity-sentences.js';
import { journalEvent } from './desk-events.js';
import { countsPerOperator } from '../../journal/operator-counts.js';
import { lineWordsIn } from './activity-language.js';

const HOUR_MS = 3_600_000;

function dateArg(text: string | undefined, field: string): Date | undefined {
  if (!text?.trim()) return undefined;
  try {
    return parseIst(text);
  } catch {
    throw new StationError('BAD_DATE', `The ${field} date "${text}" is not a date. Give it as 2026-11-21 or 2026-11-21T10:00 (IST).`);
  }
}

/** The person, when one was signed in: the journal holds the desk's name as the operator otherwise, and a desk is not a person. */
const personOf = (e: { operator?: string; desk?: string }) => (e.operator && e.operator !== e.desk ? { operator: e.operator } : {});

const hhmm = (at: Date) => {
  const p = istParts(at);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

export function activityHandlers(ctx: AppContext): Handlers {
  return {
    'activity.search': async ({ text, from, to, limit, language }) => {
      const range = { from: dateArg(from, 'from'), to: dateArg(to, 'to') };
      if (range.from && range.to && range.from >= range.to) throw new StationError('BAD_RANGE', 'The "from" date must be before the "to" date.');
      const records = await ctx.journal.records();
      const index = indexTrail(records);
      const needle = text?.trim().toLowerCase();
      // The packer searches in the words the screen shows: the sentence in the desk's language
      // as well as its English and the record (ids, codes).
      const inDeskLanguage = lineWordsIn(language);
      const out = [];
      // Newest first: the screen opens on what just happened.
      for (const entry of queryAudit(records, range).reverse()) {
        const sentence = sentenceFor(entry, index);
        if (!sentence) continue;
        if (needle && !`${sentence.text} ${inDeskLanguage(sentence)} ${JSON.stringify(entry.record)}`.toLowerCase().includes(needle)) continue;
        const reasons = sentence.reasons ? { reasons: sentence.reasons } : {};
        out.push({ seq: entry.record.seq, at: entry.record.at, kind: sentence.kind, text: sentence.text, sentence: sentence.sentence, ...reasons, shipmentIds: entry.shipmentIds, ...personOf(entry), status: sentence.status });
        if (out.length >= limit) break;
      }
      return out;
    },
    'activity.scanOut': async (step) => {
      if (step.event === 'loaded') {
        await journalEvent(ctx, { op: 'handover.scanOut', targets: { shipmentIds: [step.shipmentId] }, request: { code: step.code, loaded: step.loaded, total: step.total } }, { status: 'ok' });
      } else if (step.event === 'tickedByLead') {
        await journalEvent(ctx, { op: 'handover.scanOutByLead', targets: { shipmentIds: [step.shipmentId] }, request: { box: step.box, of: step.of, loaded: step.loaded, total: step.total } }, { status: 'ok' });
      } else if (step.event === 'notOnManifest') {
        await journalEvent(ctx, { op: 'handover.scanOut', request: { code: step.code } }, { status: 'failed', errorCode: 'NOT_ON_MANIFEST', errorMessage: `${step.code} is not on the manifest` });
      } else {
        await journalEvent(ctx, { op: 'handover.scanOutClosed', targets: { shipmentIds: step.missing }, request: { loaded: step.loaded, total: step.total } }, { status: step.missing.length === 0 ? 'ok' : 'failed', result: { missing: step.missing } });
      }
      return {};
    },
    'activity.stats': async ({ day }) => {
      const date = day?.trim() || todayIst(ctx.clock);
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
      if (!m) throw new StationError('BAD_DATE', `The day "${day}" is not a date. Give it as 2026-11-21.`);
      const from = istInstant(+m[1], +m[2], +m[3]);
      const to = new Date(from.getTime() + 24 * HOUR_MS);
      const records = await ctx.journal.records();
      const shifts = countsPerShift(records, ctx.settings.get().shiftStarts, { from, to }).map((s) => ({
        label: `${hhmm(s.start)}–${hhmm(s.end)}`,
        packs: s.packed,
        scans: s.scans,
        errors: Object.values(s.operations).reduce((n, t) => n + t.failed, 0),
      }));
      const hours = packsPerHour(records, { from, to }).map((h) => ({ hour: hhmm(h.hourStart), packs: h.packed }));
      return { shifts, packsPerHour: hours, operators: countsPerOperator(records, { from, to }) };
    },
  };
}
