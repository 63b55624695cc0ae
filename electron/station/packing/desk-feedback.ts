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
