// The pseudo-locale: English with every letter accented and each sentence about 30% longer,
// inside brackets. On screen it shows at a glance text that was never put in a catalogue (plain
// ASCII), text cut off (a missing closing bracket) and layouts that break with longer languages.
import type { Catalogue } from './catalogue-shape.js';

export const PSEUDO_LANGUAGE = 'pseudo';
const GROWTH = 0.3;

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

// Placeholders ({{count}}) and the tags of <Trans> stay as they are: they are not words.
const KEEP = /(\{\{[^}]*\}\}|<\/?\w+>|\$t\([^)]*\))/;

export function pseudoText(english: string): string {
  const parts = english.split(KEEP);
  // The visible text, placeholders and tags left out, decides the padding.
  let letters = 0;
  const accented = parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      letters += part.length;
      return part.replace(/[A-Za-z]/g, (ch) => ACCENTED[ch] ?? ch);
    })
    .join('');
  const padding = '~'.repeat(Math.ceil(letters * GROWTH));
  return `[${accented}${padding ? ` ${padding}` : ''}]`;
}

function pseudoMessages(english: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, typeof value === 'string' ? pseudoText(value) : pseudoMessages(value)]));
}

export function pseudoCatalogue(english: Catalogue): Catalogue {
  const { meta: _meta, ...messages } = english;
  return { ...pseudoMessages(messages), meta: { name: 'Pseudo (test)', locale: 'en-IN' } };
}
