// The words an Activity line shows in the desk's language, for the search: the packer searches in
// the words on the screen, so a search in Hindi finds the Hindi line (this desk's Activity and
// the whole warehouse's alike).
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { sentenceParams } from '../../../../shared/i18n/sentence-parts.js';
import { withReasons } from '../../../../shared/i18n/refusal-reasons.js';
import { slipWords } from '../../printing/slip-words.js';

/** A line as a language says it; '' for English or no language (the English text is searched anyway). */
export function lineWordsIn(language: string | undefined): (line: { sentence?: KeyedSentence; reasons?: KeyedSentence[] }) => string {
  const shown = language ? slipWords(language) : undefined;
  if (!shown || shown.language === 'en') return () => '';
  const say = (s: KeyedSentence) => shown.t(s.key, sentenceParams(s, (key, params) => shown.t(key, params)));
  return (line) => (line.sentence ? say(withReasons(line.sentence, line.reasons, say)) : '');
}
