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
 * The word for a sound and the sentence the screen said with it. The station's sentences stay
 * English whatever the desk shows, so the two errors a cue does not tell apart are found in them:
 * a shipment or serial already packed, and a scan that could not be read.
 */
export function spokenWordOf(cue: Cue | undefined, said?: string): SpokenWord | undefined {
  if (said && /\balready packed\b/i.test(said)) return 'alreadyPacked';
  if (said && /\b(could not be read|scan again)\b/i.test(said)) return 'scanAgain';
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
