// The renderer's translations (React's side is use-t.ts, given the instance by the app's
// I18nextProvider): i18next over the catalogues in shared/i18n/locales, found by
// file (a new catalogue file is a new language, nothing to list here), with the pseudo-locale
// made from English. English is the fallback for anything a catalogue lacks.
import i18next from 'i18next';
import { BASE_LANGUAGE, catalogueSet, type Catalogue, type Language } from '../../../shared/i18n/catalogues.js';
import { formatterFor, type Formatter } from '../../../shared/i18n/format.js';
import { PSEUDO_LANGUAGE } from '../../../shared/i18n/pseudo-locale.js';

// Vite (and vitest) put every catalogue file in the bundle; the glob is the language list.
const files = (import.meta as ImportMeta & { glob<T>(pattern: string, options: { eager: true; import: 'default' }): Record<string, T> }).glob<Catalogue>(
  '../../../shared/i18n/locales/*.json',
  { eager: true, import: 'default' },
);
const set = catalogueSet(files);

export const LANGUAGES: readonly Language[] = set.languages;

export const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(Object.entries(set.resources).map(([id, catalogue]) => [id, { translation: catalogue }])),
  lng: BASE_LANGUAGE,
  fallbackLng: BASE_LANGUAGE,
  // React escapes what it renders; escaping here would show &amp; on screen.
  interpolation: { escapeValue: false },
  // Resources are bundled: ready before the first render, no flash of keys.
  initAsync: false,
  returnNull: false,
});

export function languageOf(id: string): Language {
  return LANGUAGES.find((l) => l.id === id) ?? LANGUAGES.find((l) => l.id === BASE_LANGUAGE)!;
}

/** Switches the whole app at once; components re-render through react-i18next. */
export function switchLanguage(id: string): void {
  const next = languageOf(id).id;
  if (i18n.language !== next) void i18n.changeLanguage(next);
  const root = (globalThis as { document?: { documentElement: { lang: string } } }).document?.documentElement;
  if (root) root.lang = next === PSEUDO_LANGUAGE ? 'en' : next;
}

/** Dates, numbers and rupees in the current language's locale. */
export function currentFormatter(): Formatter {
  return formatterFor(languageOf(i18n.language).locale);
}

/**
 * Marks a catalogue key kept in a table (screen names, state words) so the catalogue check finds
 * it; t() is called on it where it is shown.
 */
export const msgKey = (key: string): string => key;

/** Outside React (stores, the scan router): the current language's text. */
export const tr: typeof i18n.t = ((...args: Parameters<typeof i18n.t>) => i18n.t(...args)) as typeof i18n.t;
