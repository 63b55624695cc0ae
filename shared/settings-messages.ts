// The settings schema's messages as catalogue keys: zod keeps a message as text, so each text is
// made from its key here (English, for the station's logs and the command line) and remembered
// with that key, and the renderer says the same problem in the desk's language at its field.
import type { KeyedSentence } from './contract/define.js';
import { englishSentence } from './i18n/station-sentences.js';

const sentenceByText = new Map<string, KeyedSentence>();

/** A fixed schema message (a range, a pattern): its English words, remembered with the key. */
export function schemaMessage(sentence: KeyedSentence): string {
  const text = englishSentence(sentence);
  sentenceByText.set(text, sentence);
  return text;
}

/** A message made while checking a value (it names the value): the issue carries its key in `params`. */
export function schemaIssue(sentence: KeyedSentence): { code: 'custom'; message: string; params: { sentence: KeyedSentence } } {
  return { code: 'custom', message: englishSentence(sentence), params: { sentence } };
}

/** The keyed sentence of a schema issue, when it is one of the settings' own messages. */
export function schemaSentence(issue: { message: string; params?: unknown }): KeyedSentence | undefined {
  const carried = (issue.params as { sentence?: KeyedSentence } | undefined)?.sentence;
  return carried ?? sentenceByText.get(issue.message);
}
