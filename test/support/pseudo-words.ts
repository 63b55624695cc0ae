// What the pseudo-locale shows up in a page: words of the English catalogue left on the screen
// (unconverted text keeps plain letters; every pseudo-locale word is accented) and text cut off
// or past the window's right edge. Shared by the end-to-end walks in the pseudo-locale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './browser-station.js';

const ENGLISH = JSON.parse(readFileSync(join(ROOT, 'shared/i18n/locales/en.json'), 'utf8')) as Record<string, unknown>;

/** A message of the English catalogue by its key. */
export function englishAt(key: string): string {
  const value = key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown>)?.[k], ENGLISH);
  if (typeof value !== 'string') throw new Error(`No English message ${key}`);
  return value;
}

/** Words of the English catalogue (4 letters or more): on a pseudo-locale screen each is unconverted text. */
export function catalogueWords(): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const w of v.replace(/\{\{[^}]*\}\}|<\/?\w+>/g, ' ').match(/[A-Za-z]{4,}/g) ?? []) out.add(w.toLowerCase());
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  const { meta: _meta, ...messages } = ENGLISH;
  walk(messages);
  return out;
}

/**
 * Words of the English catalogue in `root`, less the data given (product titles, ids, the desk's
 * and operator's names, the marketplace's own words), which stays in its words, and the elements
 * matching `skip` (the names on the keys, <kbd>Enter</kbd>, and parts walked elsewhere).
 */
export async function unconvertedWords(page: Page, english: Set<string>, data: string[], root = 'main', skip = 'kbd'): Promise<string[]> {
  let text: string = await page.locator(root).evaluate((el: any, selector: string) => {
    const copy = el.cloneNode(true);
    // What is hidden is not on the screen (the other scope of Activity, say).
    for (const k of copy.querySelectorAll(`${selector}, [hidden]`)) k.remove();
    return copy.textContent;
  }, skip);
  for (const d of [...data].sort((a, b) => b.length - a.length)) text = text.split(d).join(' ');
  return [...new Set((text.match(/[A-Za-z]{4,}/g) ?? []).filter((w) => english.has(w.toLowerCase())))];
}

/** Elements whose text is cut off, or past the right edge of the window. */
export async function clippedText(page: Page, selector = 'main h1, main h2, main button, main label, main legend, main th, main caption'): Promise<string[]> {
  return page.evaluate((sel: string) => {
    const doc = (globalThis as any).document;
    const width = (globalThis as any).innerWidth;
    const out: string[] = [];
    for (const el of doc.querySelectorAll(sel)) {
      const box = el.getBoundingClientRect();
      // Not shown, or shown to screen readers only (a table's caption): nothing to cut off.
      if (box.width === 0 || el.closest('.visually-hidden')) continue;
      if (el.scrollWidth > el.clientWidth + 1 || box.right > width + 1) out.push(`${el.tagName.toLowerCase()}: ${el.textContent.trim().slice(0, 60)}`);
    }
    return out;
  }, selector);
}
