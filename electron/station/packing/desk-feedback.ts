// The desk's answers as keyed sentences (shared/i18n/station-sentences.ts): the English for logs
// and the command line, and the keys a desk in another language says them from.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { saying } from '../../../shared/i18n/station-sentences.js';
import type { Feedback } from './pack-session.js';

/** Done: the success sound. */
export const cheered = (...words: KeyedSentence[]): Feedback => ({ tone: 'ok', ...saying(...words), sound: 'success' });
/** Refused: nothing changed; the failure sound. */
export const refused = (...words: KeyedSentence[]): Feedback => ({ tone: 'error', ...saying(...words), sound: 'failure' });
/** A note: no sound. */
export const told = (...words: KeyedSentence[]): Feedback => ({ tone: 'info', ...saying(...words), sound: 'none' });

/**
 * A device reading applied while the desk's last words refuse something (a unit too many, a wrong
 * product): the reading is kept, the refusal stays on screen until the packer acts again (a scan,
 * a key), so a scale streaming in the background never hides why the last scan was refused.
 */
export function keepRefusal<T extends { feedback: Feedback }>(before: T, after: T, source: string): T {
  return source === 'device' && before.feedback.tone === 'error' && after.feedback.tone !== 'error' ? { ...after, feedback: before.feedback } : after;
}
