// The spoken word after a sound, for the commonest errors: "wrong item", "scan the serial",
// "already packed", "scan again", "call the lead", in the language the desk shows (a signed-in
// operator's own). The clips ship with the app (resources/speech/<language>/<word>.ogg, made by
// electron/speech-clips/make-speech-clips.ts from the catalogues' "speech" words); a language without clips
// speaks English.
import { BASE_LANGUAGE } from '../../../shared/i18n/catalogues.js';
import { clipFileName, type SpokenWord } from '../../../shared/speech.js';
import { msgKey } from '../i18n/i18n.js';
import type { Cue } from './cues.js';

// Vite puts every clip in the bundle and gives its address; the glob is the list of languages.
const clips = (import.meta as ImportMeta & { glob<T>(pattern: string, options: { eager: true; query: string; import: 'default' }): Record<string, T> }).glob<string>(
  '../../../resources/speech/*/*.ogg',
  { eager: true, query: '?url', import: 'default' },
);

/** The words as the catalogues have them (Setup lists them; the clips say them). */
export const SPOKEN_KEYS: Record<SpokenWord, string> = {
  wrongItem: msgKey('speech.wrongItem'),
  serialNeeded: msgKey('speech.serialNeeded'),
  alreadyPacked: msgKey('speech.alreadyPacked'),
  scanAgain: msgKey('speech.scanAgain'),
  callLead: msgKey('speech.callLead'),
};

/**
 * The two errors a cue does not tell apart, by the catalogue key of the sentence the screen says
 * with the sound, so the word is the same whatever language the desk shows: a shipment or serial
 * already packed, and a scan that could not be read.
 */
const WORD_OF_SENTENCE: Readonly<Record<string, SpokenWord>> = {
  [msgKey('station.pack.alreadyPacked')]: 'alreadyPacked',
  [msgKey('station.pack.serialInShift')]: 'alreadyPacked',
  [msgKey('station.pack.packedBy')]: 'alreadyPacked',
  [msgKey('station.pack.packedAtDesk')]: 'alreadyPacked',
  [msgKey('warehouse.claim.packed')]: 'alreadyPacked',
  [msgKey('warehouse.claim.packedBy')]: 'alreadyPacked',
  [msgKey('station.pack.garbledEmpty')]: 'scanAgain',
  [msgKey('station.pack.garbledUnreadable')]: 'scanAgain',
  [msgKey('station.pack.garbledLong')]: 'scanAgain',
  [msgKey('station.dispatch.garbledEmpty')]: 'scanAgain',
  [msgKey('station.dispatch.garbledUnreadable')]: 'scanAgain',
  [msgKey('station.dispatch.garbledLong')]: 'scanAgain',
  [msgKey('returns.scan.garbled')]: 'scanAgain',
};

/** The word for a sound and the keyed sentences the screen said with it (the first that names a word wins). */
export function spokenWordOf(cue: Cue | undefined, sentences: readonly { key: string }[] = []): SpokenWord | undefined {
  for (const s of sentences) {
    const word = Object.hasOwn(WORD_OF_SENTENCE, s.key) ? WORD_OF_SENTENCE[s.key] : undefined;
    if (word) return word;
  }
  if (cue === 'wrongItem') return 'wrongItem';
  if (cue === 'serialNeeded') return 'serialNeeded';
  if (cue === 'lead') return 'callLead';
  return undefined;
}

/** The clip of a word in a language (its own, else English): the language it is in and its address. */
export function clipFor(language: string, word: SpokenWord): { language: string; url: string } | undefined {
  for (const lang of [language, BASE_LANGUAGE]) {
    const url = clips[`../../../resources/speech/${lang}/${clipFileName(word)}`];
    if (url) return { language: lang, url };
  }
  return undefined;
}
