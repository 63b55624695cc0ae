// The settings form's draft: every field as the text (or tick) the operator typed, keyed by its
// path in StationSettings ('scan.debounceMs'). Validation runs the shared StationSettings schema
// on the draft merged into the saved settings, so the form shows exactly the words the main
// process would refuse with, at the field their path names.
import type { z } from 'zod';
import { StationSettings } from '../../../../shared/settings.js';
import { schemaSentence } from '../../../../shared/settings-messages.js';
import { tr } from '../../i18n/i18n.js';
import { sentenceWords } from '../../i18n/said-words.js';

export type Draft = Record<string, string | boolean>;
export type FieldErrors = Record<string, string>;

/** Fields typed as numbers: the draft holds their text until it is read. */
export const NUMBER_FIELDS = ['sounds.volume', 'scan.debounceMs', 'scan.wedgeMaxInterKeyMs', 'scan.wedgeMinLength', 'taxTransitionYear'] as const;
const TEXT_FIELDS = ['locationId', 'desk.name', 'desk.operator', 'invoiceSeries.prefix', 'rtdPolicy', 'scan.wedgeTerminator'] as const;
const TICK_FIELDS = ['invoiceSeries.autoInvoicing', 'sounds.enabled', 'sounds.spoken', 'scan.typedCounts', 'compactMode'] as const;

function read(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function write(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = obj;
  for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>;
  at[keys[keys.length - 1]] = value;
}

export function draftOf(settings: StationSettings): Draft {
  const d: Draft = {};
  for (const f of [...NUMBER_FIELDS, ...TEXT_FIELDS]) d[f] = String(read(settings, f) ?? '');
  for (const f of TICK_FIELDS) d[f] = Boolean(read(settings, f));
  d.shiftStarts = settings.shiftStarts.join(', ');
  return d;
}

/** Human words for zod's own messages, which name types rather than what to do. */
function words(issue: z.core.$ZodIssue): string {
  // The schema's own messages carry their catalogue key (shared/settings-messages.ts).
  const own = schemaSentence(issue as { message: string; params?: unknown });
  if (own) return sentenceWords(own, issue.message);
  if (issue.code === 'too_big' && /^Too big/i.test(issue.message)) return tr('settings.atMost', { n: String((issue as { maximum?: unknown }).maximum) });
  if (issue.code === 'too_small' && /^Too small/i.test(issue.message)) return tr('settings.atLeast', { n: String((issue as { minimum?: unknown }).minimum) });
  if (issue.code === 'invalid_type' && /expected int/i.test(issue.message)) return tr('settings.whole');
  if (issue.code === 'invalid_value' || /^Invalid option/i.test(issue.message)) return tr('settings.choose');
  return issue.message;
}

/**
 * The patch the draft describes and the problems of each field. The patch is sent only when
 * `errors` is empty.
 */
export function readDraft(draft: Draft, saved: StationSettings): { patch: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const patch: Record<string, unknown> = {};
  for (const f of NUMBER_FIELDS) {
    const text = String(draft[f] ?? '').trim();
    const n = Number(text);
    if (text === '' || !Number.isFinite(n)) errors[f] = tr('settings.number');
    else write(patch, f, n);
  }
  for (const f of TEXT_FIELDS) write(patch, f, String(draft[f] ?? ''));
  for (const f of TICK_FIELDS) write(patch, f, Boolean(draft[f]));
  patch.shiftStarts = String(draft.shiftStarts ?? '')
    .split(/[,\s]+/)
    .filter(Boolean);

  const merged = { ...saved, ...patch, desk: { ...saved.desk, ...(patch.desk as object) }, invoiceSeries: { ...saved.invoiceSeries, ...(patch.invoiceSeries as object) }, sounds: { ...saved.sounds, ...(patch.sounds as object) }, scan: { ...saved.scan, ...(patch.scan as object) } };
  const parsed = StationSettings.safeParse(merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Shift times are one text field.
      let key = issue.path.map(String).join('.');
      if (key.startsWith('shiftStarts')) key = 'shiftStarts';
      errors[key] ??= words(issue);
    }
  }
  return { patch, errors };
}

/**
 * Words of a refused 'settings.update' (INVALID_SETTINGS): the station joins one sentence per
 * problem, each led by its path ("scan.debounceMs: The scan ..."). Each is put back at its field;
 * words without a known field stay a form-level message.
 */
export function refusalByField(message: string, fields: readonly string[]): { errors: FieldErrors; rest: string } {
  const errors: FieldErrors = {};
  const lead = /(^|\s)([A-Za-z][\w]*(?:\.[\w]+)*):\s/g;
  const starts = [...message.matchAll(lead)].filter((m) => fields.some((f) => m[2] === f || m[2].startsWith(`${f}.`) || f.startsWith(`${m[2]}.`)));
  if (starts.length === 0) return { errors, rest: message };
  const rest = message.slice(0, starts[0].index).trim();
  starts.forEach((m, i) => {
    const from = m.index + m[0].length;
    const to = i + 1 < starts.length ? starts[i + 1].index : message.length;
    const key = fields.find((f) => m[2] === f || m[2].startsWith(`${f}.`)) ?? fields.find((f) => f.startsWith(`${m[2]}.`))!;
    errors[key] ??= message.slice(from, to).trim();
  });
  return { errors, rest };
}

export const ALL_FIELDS: readonly string[] = [...NUMBER_FIELDS, ...TEXT_FIELDS, ...TICK_FIELDS, 'shiftStarts', 'marketplace.baseUrl', 'marketplace.redirectUri', 'marketplace.appId'];
