// A keyed sentence's placeholders with its parts said first, in the same language: the station
// (English) and the renderer (the desk's language) fill a sentence the same way.
import type { SentenceParams, SentenceWord } from '../contract/define.js';

interface WithParts {
  params?: SentenceParams;
  parts?: Record<string, SentenceWord & WithParts>;
}

/** `say` puts one catalogue key with its placeholders in words. */
export function sentenceParams(sentence: WithParts, say: (key: string, params: SentenceParams) => string): SentenceParams {
  const parts = Object.fromEntries(Object.entries(sentence.parts ?? {}).map(([name, part]) => [name, say(part.key, sentenceParams(part, say))]));
  return { ...(sentence.params ?? {}), ...parts };
}
