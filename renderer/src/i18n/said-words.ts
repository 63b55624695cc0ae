// A station answer said in the desk's language: its keyed sentences one after another; its
// English words when it carries none, or a key this page does not know (a newer station).
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { sentenceParams } from '../../../shared/i18n/sentence-parts.js';
import { i18n, tr } from './i18n.js';

// The params go with the key: a plural key exists only as its forms (units_one, units_other).
interface Keyed {
  key: string;
  params?: KeyedSentence['params'];
  parts?: Record<string, Keyed>;
}
const known = (s: Keyed): boolean => i18n.exists(s.key, s.params) && Object.values(s.parts ?? {}).every(known);

/** One keyed sentence in the desk's language; its English words when this page lacks a key of it. */
export function sentenceWords(sentence: KeyedSentence, english: string): string {
  if (!known(sentence)) return english;
  return tr(sentence.key, sentenceParams(sentence, (key, params) => tr(key, params)));
}

export function saidWords(answer: { text: string; sentences?: readonly KeyedSentence[] }): string {
  const parts = answer.sentences;
  if (!parts || parts.length === 0 || !parts.every(known)) return answer.text;
  return parts.map((s) => sentenceWords(s, answer.text)).join(' ');
}
