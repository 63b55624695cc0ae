// The desk's words in the desk's language: the station sends its English beside the catalogue
// keys of the same words (shared/contract/desk.ts); a key this page lacks (a newer station) keeps
// the English, so the packer never reads a bare key.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { i18n } from '../i18n/i18n.js';
import { sentenceWords } from '../i18n/said-words.js';

export interface Said {
  text: string;
  sentences?: KeyedSentence[];
}

export function deskWords(said: Said): string {
  const sentences = said.sentences;
  if (!sentences || sentences.length === 0 || !sentences.every((s) => i18n.exists(s.key, s.params ?? {}))) return said.text;
  // A sentence's parts (a print job's reason inside "the label did not print: …") in the same language.
  return sentences.map((s) => sentenceWords(s, said.text)).join(' ');
}
