// The station's sentences (errors, advice) as catalogue keys with placeholders. The station says
// them in English for its logs and the command line; the renderer says them again in the desk's
// language from the key (renderer/src/app/errors.ts).
import i18next from 'i18next';
import { StationError, type KeyedSentence, type SentenceParams } from '../contract/define.js';
import english from './locales/en.json';

const base = i18next.createInstance();
void base.init({
  resources: { en: { translation: english } },
  lng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The English words of a keyed sentence. */
export function englishSentence(sentence: KeyedSentence): string {
  return base.t(sentence.key, sentence.params ?? {});
}

/** A refusal the renderer can put in the desk's language. */
export function keyedError(code: string, key: string, params?: SentenceParams): StationError {
  const sentence: KeyedSentence = params ? { key, params } : { key };
  return new StationError(code, englishSentence(sentence), sentence);
}
