// A keyed sentence as a Hindi desk says it, the language put back to English after.
import type { KeyedSentence } from '../../shared/contract/define.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { sentenceWords } from '../../renderer/src/i18n/said-words.js';

export function inHindi(sentence: KeyedSentence): string {
  switchLanguage('hi');
  try {
    return sentenceWords(sentence, '(no Hindi)');
  } finally {
    switchLanguage('en');
  }
}
