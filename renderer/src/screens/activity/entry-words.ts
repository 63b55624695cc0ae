// The words of an audit-trail entry in the desk's language: what happened (the station's keyed
// sentence) and its status. Shared by this desk's Activity and the whole warehouse's.
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { msgKey, tr } from '../../i18n/i18n.js';
import { saidWords, sentenceWords } from '../../i18n/said-words.js';
import { withReasons } from '../../../../shared/i18n/refusal-reasons.js';

const STATUS_WORDS: Record<string, string> = {
  ok: msgKey('activity.status.done'),
  done: msgKey('activity.status.done'),
  success: msgKey('activity.status.done'),
  failed: msgKey('activity.status.failed'),
  failure: msgKey('activity.status.failed'),
  pending: msgKey('activity.status.pending'),
  unknown: msgKey('activity.status.unknown'),
};

/** An entry's status in words of the desk's language; '' when it has none. */
export function statusWords(status: string | undefined): string {
  if (!status) return '';
  const key = STATUS_WORDS[status.toLowerCase()];
  return key ? tr(key) : status;
}

/**
 * What happened, in the desk's language when the station gave it as a key; a refused scan with
 * its reason said too (a record kept before reasons had keys keeps its English reason).
 */
export function entryWords(e: { text: string; sentence?: KeyedSentence; reasons?: KeyedSentence[] }): string {
  if (!e.sentence) return e.text;
  // saidWords gives back the text ('') when this page lacks a key of the reason: it stays English.
  const sentence = withReasons(e.sentence, e.reasons, (s) => saidWords({ text: '', sentences: [s] }) || undefined);
  return sentenceWords(sentence, e.text);
}
