// Errors from the station arrive as StationError with a message in words, and often a catalogue
// key to say it in the desk's language; anything else gets a sentence, never a stack trace or a
// bare code.
import { StationError } from '../../../shared/contract.js';
import { tr } from '../i18n/i18n.js';
import { saidWords, sentenceWords } from '../i18n/said-words.js';

export function errorWords(e: unknown): string {
  if (e instanceof StationError) {
    // A station newer than this page may use a key the page lacks: its English words then.
    if (e.sentences) return saidWords({ text: e.message, sentences: e.sentences });
    return e.sentence ? sentenceWords(e.sentence, e.message) : e.message;
  }
  if (e instanceof Error && e.message) return tr('app.somethingWrong', { detail: e.message });
  return tr('app.tryAgain');
}
