// The catalogue keys the code uses, found by reading the source: t('key'), tr('key'),
// msgKey('key'), keyed('key'), keyedError('CODE', 'key') and <Trans i18nKey="key">. A key built at run time
// cannot be checked, so it is reported instead of guessed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const CALLS = [/\b(?:t|tr|msgKey|keyed|sentence)\(\s*'([A-Za-z][\w.]*)'/g, /\bkeyedError\(\s*'[^']*',\s*'([A-Za-z][\w.]*)'/g, /\bi18nKey="([A-Za-z][\w.]*)"/g];
const DYNAMIC = /\b(?:t|tr|msgKey|keyed|sentence)\(\s*`/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface KeyScan {
  used: Set<string>;
  /** file:line of each t(`…`) whose key is built at run time. */
  dynamic: string[];
}

export function scanMessageKeys(root: string, folders: readonly string[]): KeyScan {
  const used = new Set<string>();
  const dynamic: string[] = [];
  for (const file of folders.flatMap((f) => sourceFiles(join(root, f)))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of CALLS) for (const m of text.matchAll(pattern)) used.add(m[1]!);
    for (const m of text.matchAll(DYNAMIC)) dynamic.push(`${relative(root, file)}:${text.slice(0, m.index).split('\n').length}`);
  }
  return { used, dynamic };
}
