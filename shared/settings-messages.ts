// The settings schema's messages as catalogue keys: zod keeps a message as text, so each text is
// made from its key here (English, for the station's logs and the command line) and remembered
// with that key, and the renderer says the same problem in the desk's language at its field.
import type { KeyedSentence } from './contract/define.js';
import { englishSentence, keyed } from './i18n/station-sentences.js';

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

/**
 * The problems of a refused settings value as keyed sentences, one each, led by the field's path
 * as the English has it ("scan.debounceMs: …"): Setup puts each at its field by that path, and
 * says it in the desk's language. A problem the schema words itself (zod's own) keeps its English.
 */
export function problemSentences(issues: readonly { path: readonly PropertyKey[]; message: string; params?: unknown }[]): KeyedSentence[] {
  return issues.map((issue) => {
    const own = schemaSentence(issue);
    const where = issue.path.map(String).join('.');
    // A phrase inside a sentence holds words only: a problem with deeper phrases goes in English.
    const nested = own && Object.values(own.parts ?? {}).some((part) => part.parts);
    if (!where) return own && !nested ? own : keyed('settings.refused', { problem: issue.message });
    if (!own || nested) return keyed('settings.refusedAt', { where, problem: issue.message });
    return keyed('settings.refusedAt', { where }, { problem: own });
  });
}
