// A keyed sentence's placeholders with its parts said first, in the same language: the station
// (English) and the renderer (the desk's language) fill a sentence the same way.
import type { KeyedSentence, SentencePart, SentenceParams } from '../contract/define.js';

export function sentenceParams(sentence: KeyedSentence, say: (part: SentencePart) => string): SentenceParams {
  const parts = Object.fromEntries(Object.entries(sentence.parts ?? {}).map(([name, part]) => [name, say(part)]));
  return { ...(sentence.params ?? {}), ...parts };
}
