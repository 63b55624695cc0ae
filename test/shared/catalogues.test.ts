// The catalogues are complete: every key the code uses exists, every key of every catalogue is
// used, every language has every key with its own plural forms and the same placeholders. A new
// catalogue file is a new language. This runs in CI with the rest of the suite.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueProblems, type CatalogueFile } from '../../shared/i18n/catalogue-check.js';
import { catalogueSet, flatten, type Catalogue } from '../../shared/i18n/catalogues.js';
import { PSEUDO_LANGUAGE, pseudoText } from '../../shared/i18n/pseudo-locale.js';
import { LANGUAGES } from '../../renderer/src/i18n/i18n.js';
import { scanMessageKeys } from '../support/message-keys.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const LOCALES = join(ROOT, 'shared/i18n/locales');

function catalogueFiles(): CatalogueFile[] {
  const files = Object.fromEntries(readdirSync(LOCALES).filter((f) => f.endsWith('.json')).map((f) => [f, JSON.parse(readFileSync(join(LOCALES, f), 'utf8')) as Catalogue]));
  const set = catalogueSet(files);
  return set.languages.filter((l) => l.id !== PSEUDO_LANGUAGE).map((l) => ({ id: l.id, locale: l.locale, catalogue: set.resources[l.id]! }));
}

describe('message catalogues', () => {
  const scan = scanMessageKeys(ROOT, ['renderer/src', 'shared', 'electron']);

  it('every key used in the code is in every catalogue, every catalogue key is used, placeholders and plural forms agree', () => {
    expect(scan.used.size).toBeGreaterThan(50);
    expect(catalogueProblems(catalogueFiles(), scan.used)).toEqual([]);
  });

  it('keys are written out in the code, never built at run time (the scan could not check them)', () => {
    expect(scan.dynamic).toEqual([]);
  });

  it('the check finds a missing key, an unused key, a missing plural form and a differing placeholder', () => {
    const en: Catalogue = { meta: { name: 'English' }, a: { hello: 'Hello {{name}}' }, box_one: '{{count}} box', box_other: '{{count}} boxes', spare: 'Spare' };
    const hi: Catalogue = { a: { hello: 'नमस्ते {{naam}}' }, box_other: '{{count}} डिब्बे' };
    const problems = catalogueProblems(
      [
        { id: 'en', locale: 'en-IN', catalogue: en },
        { id: 'hi', locale: 'hi-IN', catalogue: hi },
      ],
      new Set(['a.hello', 'box', 'gone']),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'gone: used in the code but missing from en.json.',
        'spare: in en.json but used nowhere in the code.',
        'spare: missing from hi.json.',
        'box_one: plural form missing from hi.json.',
        'a.hello: placeholders differ: en.json has name, hi.json has naam.',
      ]),
    );
  });

  it('a catalogue file is a language: the app offers exactly the files in shared/i18n/locales, and the pseudo-locale', () => {
    const files = readdirSync(LOCALES)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(LANGUAGES.map((l) => l.id).sort()).toEqual([...files, PSEUDO_LANGUAGE].sort());
    expect(LANGUAGES.find((l) => l.id === 'hi')).toMatchObject({ name: 'हिन्दी', locale: 'hi-IN' });
    // A further file (Tamil, say) needs nothing else.
    const set = catalogueSet({ 'x/en.json': { meta: { name: 'English', locale: 'en-IN' }, a: 'A' }, 'x/ta.json': { meta: { name: 'தமிழ்', locale: 'ta-IN' }, a: 'அ' } });
    expect(set.languages.map((l) => `${l.id} ${l.name} ${l.locale}`)).toEqual(['en English en-IN', 'ta தமிழ் ta-IN', 'pseudo Pseudo (test) en-IN']);
  });

  it('the pseudo-locale accents every letter, is about 30% longer, and keeps placeholders and tags', () => {
    const english = 'Open on Pack: {{count}} shipments, <key>Enter</key>';
    const pseudo = pseudoText(english);
    expect(pseudo).toContain('{{count}}');
    expect(pseudo).toContain('<key>');
    expect(pseudo).toContain('</key>');
    expect(pseudo.replace(/\{\{count\}\}|<\/?key>/g, '')).not.toMatch(/[A-Za-z]/);
    expect(pseudo.length).toBeGreaterThanOrEqual(english.length * 1.25);
    const en = JSON.parse(readFileSync(join(LOCALES, 'en.json'), 'utf8')) as Catalogue;
    const generated = flatten(catalogueSet({ 'en.json': en }).resources[PSEUDO_LANGUAGE]!);
    expect([...generated.keys()].sort()).toEqual([...flatten(en).keys()].sort());
  });
});
