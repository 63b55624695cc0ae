// What makes a set of catalogues complete: every key the code uses is in the base catalogue;
// every key of every catalogue is used; every language has every key, with the plural forms its
// own plural rules need (Hindi: one, other) and the same placeholders as the base language.
import { BASE_LANGUAGE, baseKey, flatten, placeholders, PLURAL_SUFFIXES, type Catalogue } from './catalogues.js';

export interface CatalogueFile {
  id: string;
  locale: string;
  catalogue: Catalogue;
}

function grouped(catalogue: Catalogue): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, text] of flatten(catalogue)) {
    const base = baseKey(key);
    const forms = out.get(base) ?? new Map<string, string>();
    forms.set(key.slice(base.length) || '', text);
    out.set(base, forms);
  }
  return out;
}

function placeholdersOf(forms: Map<string, string>): string {
  // count is what picks the plural form: a language may leave it out of a form ("one box").
  const all = new Set([...forms.values()].flatMap(placeholders));
  if (forms.size > 1 || !forms.has('')) all.delete('count');
  return [...all].sort().join(', ') || 'none';
}

/** One sentence per problem; empty when the catalogues are complete. */
export function catalogueProblems(files: readonly CatalogueFile[], usedKeys: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const base = files.find((f) => f.id === BASE_LANGUAGE);
  if (!base) return [`There is no ${BASE_LANGUAGE}.json catalogue.`];
  const baseKeys = grouped(base.catalogue);
  for (const key of [...usedKeys].sort()) {
    if (!baseKeys.has(key)) problems.push(`${key}: used in the code but missing from ${base.id}.json.`);
  }
  for (const file of files) {
    const keys = grouped(file.catalogue);
    const needed = new Intl.PluralRules(file.locale).resolvedOptions().pluralCategories.map((c) => `_${c}`);
    for (const [key, forms] of keys) {
      if (!usedKeys.has(key)) problems.push(`${key}: in ${file.id}.json but used nowhere in the code.`);
      const plural = [...forms.keys()].some((f) => f !== '');
      if (plural) {
        for (const suffix of needed) if (!forms.has(suffix)) problems.push(`${key}${suffix}: plural form missing from ${file.id}.json.`);
      }
      for (const form of forms.keys()) {
        if (form !== '' && !(PLURAL_SUFFIXES as readonly string[]).includes(form)) problems.push(`${key}${form}: not a plural form.`);
      }
      for (const [form, text] of forms) if (text.trim() === '') problems.push(`${key}${form}: empty in ${file.id}.json.`);
    }
    if (file === base) continue;
    for (const [key, forms] of baseKeys) {
      const theirs = keys.get(key);
      if (!theirs) {
        problems.push(`${key}: missing from ${file.id}.json.`);
        continue;
      }
      if ([...forms.keys()].some((f) => f !== '') !== [...theirs.keys()].some((f) => f !== '')) problems.push(`${key}: plural in one of ${base.id}.json and ${file.id}.json only.`);
      const mine = placeholdersOf(forms);
      const other = placeholdersOf(theirs);
      if (mine !== other) problems.push(`${key}: placeholders differ: ${base.id}.json has ${mine}, ${file.id}.json has ${other}.`);
    }
  }
  return problems;
}
