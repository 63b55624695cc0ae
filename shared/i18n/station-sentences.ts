// The station's sentences (errors, advice) as catalogue keys with placeholders. The station says
// them in English for its logs and the command line; the renderer says them again in the desk's
// language from the key (renderer/src/app/errors.ts).
import i18next from 'i18next';
import { StationError, type KeyedSentence, type SentencePart, type SentenceParams } from '../contract/define.js';
import { sentenceParams } from './sentence-parts.js';
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
  return base.t(sentence.key, sentenceParams(sentence, (key, params) => base.t(key, params)));
}

/** A refusal the renderer can put in the desk's language. */
export function keyedError(code: string, key: string, params?: SentenceParams): StationError {
  const sentence: KeyedSentence = params ? { key, params } : { key };
  return new StationError(code, englishSentence(sentence), sentence);
}

/** A sentence the station says, as its key and placeholders (the key written out: the catalogue check reads it). */
export function keyed(key: string, params?: SentenceParams, parts?: Record<string, SentencePart>): KeyedSentence {
  return { key, ...(params ? { params } : {}), ...(parts ? { parts } : {}) };
}

/** What the station answers in sentences said one after another: English for logs and the command line, the keys for the desk. */
export interface Said {
  text: string;
  sentences: KeyedSentence[];
}

/** Words said as keyed sentences, one after another: their English, and the keys to say them again. */
export interface SaidWords {
  text: string;
  sentences: KeyedSentence[];
}

export function said(...sentences: KeyedSentence[]): Said {
  return { text: sentences.map(englishSentence).join(' '), sentences };
}

/** Keyed sentences said one after another (a refusal, then what to do next). */
export function saying(...sentences: KeyedSentence[]): SaidWords {
  return { text: sentences.map(englishSentence).join(' '), sentences };
}

/** One keyed sentence. */
export const sentence = (key: string, params?: SentenceParams): KeyedSentence => (params ? { key, params } : { key });
