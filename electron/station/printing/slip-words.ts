// The words the station prints (box slips, test prints) in the desk's language, from the same
// catalogues as the screens (shared/i18n/locales: a new file is a new language), with numbers in
// that language's locale. The station reads the catalogue files where the sources are; a build
// without them prints in English, the catalogue bundled with the station's own sentences.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { BASE_LANGUAGE, catalogueSet, type Catalogue } from '../../../shared/i18n/catalogues.js';
import { formatterFor, type Formatter } from '../../../shared/i18n/format.js';
import english from '../../../shared/i18n/locales/en.json';

// A path, not a URL: the renderer's tests run the station beside a DOM whose URL class resolves
// file: addresses against its own page.
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/i18n/locales');

function catalogueFiles(): Record<string, Catalogue> {
  try {
    const names = readdirSync(LOCALES).filter((f) => f.endsWith('.json'));
    return Object.fromEntries(names.map((f) => [f, JSON.parse(readFileSync(join(LOCALES, f), 'utf8')) as Catalogue]));
  } catch {
    return { [`${BASE_LANGUAGE}.json`]: english as Catalogue };
  }
}

export interface SlipWords {
  t: TFunction;
  fmt: Formatter;
  /** The language printed (a language without its catalogue prints in English). */
  language: string;
}

let loaded: { set: ReturnType<typeof catalogueSet>; i18n: typeof i18next } | undefined;

function catalogues() {
  if (loaded) return loaded;
  const set = catalogueSet(catalogueFiles());
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: Object.fromEntries(Object.entries(set.resources).map(([id, c]) => [id, { translation: c }])),
    lng: BASE_LANGUAGE,
    fallbackLng: BASE_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  loaded = { set, i18n };
  return loaded;
}

/** The printed words of a language (en, hi …). */
export function slipWords(language: string | undefined): SlipWords {
  const { set, i18n } = catalogues();
  const known = set.languages.find((l) => l.id === language) ?? set.languages.find((l) => l.id === BASE_LANGUAGE)!;
  return { t: i18n.getFixedT(known.id), fmt: formatterFor(known.locale), language: known.id };
}
