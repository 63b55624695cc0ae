// A refused scan's line in Activity says why in the desk's language: the reason the desk gave
// (its keyed sentences, kept with the journal record) is said first and put in the line's
// {{reason}}. A record that kept only English words keeps them.
import type { KeyedSentence } from '../contract/define.js';

/**
 * The line's sentence with its reason said by `say` (one keyed sentence in words, or undefined
 * when it cannot be said in this language: the English reason then stays).
 */
export function withReasons(sentence: KeyedSentence, reasons: readonly KeyedSentence[] | undefined, say: (s: KeyedSentence) => string | undefined): KeyedSentence {
  if (!reasons?.length) return sentence;
  const words = reasons.map(say);
  if (words.some((w) => w === undefined)) return sentence;
  return { ...sentence, params: { ...(sentence.params ?? {}), reason: words.join(' ') } };
}
