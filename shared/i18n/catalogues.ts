// Message catalogues: one JSON file per language in shared/i18n/locales, named by its language
// code (hi.json). A language exists because its file does: nothing lists the languages in code.
// Each file says its own name (in its own script) and the Intl locale its numbers and dates use.
import type { Catalogue } from './catalogue-shape.js';
import { PSEUDO_LANGUAGE, pseudoCatalogue } from './pseudo-locale.js';

export type { Catalogue };

export interface Language {
  /** The file's name without .json: en, hi, ta … */
  id: string;
  /** How the language calls itself: English, हिन्दी. */
  name: string;
  /** The Intl locale for numbers, dates and rupees: en-IN, hi-IN. */
  locale: string;
}

export const BASE_LANGUAGE = 'en';
/** Keys under meta describe the file; they are not messages. */
export const META_KEY = 'meta';

/** Plural forms i18next adds to a key (count_one, count_other …), per Intl.PluralRules. */
export const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'] as const;

/** Every message of a catalogue as dotted key -> text, meta left out. */
export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (prefix === '' && key === META_KEY) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The key without its plural suffix: the key code asks for. */
export function baseKey(key: string): string {
  const suffix = PLURAL_SUFFIXES.find((s) => key.endsWith(s));
  return suffix ? key.slice(0, -suffix.length) : key;
}

/** The {{placeholders}} of a message, sorted. */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([\w.]+)(?:\s*,[^}]*)?\s*\}\}/g)) names.add(m[1]!);
  return [...names].sort();
}

function languageId(path: string): string {
  const file = path.split('/').pop() ?? path;
  return file.replace(/\.json$/, '');
}

function describe(id: string, catalogue: Catalogue): Language {
  const meta = catalogue[META_KEY];
  const name = typeof meta === 'object' && typeof meta.name === 'string' ? meta.name : id;
  const locale = typeof meta === 'object' && typeof meta.locale === 'string' ? meta.locale : `${id}-IN`;
  return { id, name, locale };
}

export interface CatalogueSet {
  languages: Language[];
  resources: Record<string, Catalogue>;
}

/**
 * The languages of a set of catalogue files (path -> parsed JSON), the base language first, then
 * by id, and the pseudo-locale generated from the base language last.
 */
export function catalogueSet(files: Record<string, Catalogue>): CatalogueSet {
  const resources: Record<string, Catalogue> = {};
  for (const [path, catalogue] of Object.entries(files)) resources[languageId(path)] = catalogue;
  const base = resources[BASE_LANGUAGE];
  if (!base) throw new Error(`The ${BASE_LANGUAGE}.json catalogue is missing: every other language falls back to it.`);
  resources[PSEUDO_LANGUAGE] = pseudoCatalogue(base);
  const ids = Object.keys(resources).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return { languages: ids.map((id) => describe(id, resources[id]!)), resources };
}

function rank(id: string): number {
  if (id === BASE_LANGUAGE) return 0;
  return id === PSEUDO_LANGUAGE ? 2 : 1;
}
