// `npm start` builds only when the app in out/ is older than a source it is built from.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNeeded } from '../../electron/shell/build-freshness.js';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A tree with a source folder and two outputs, every file dated `at` seconds. */
function tree(at: number): string {
  const root = mkdtempSync(join(tmpdir(), 'build-fresh-'));
  roots.push(root);
  for (const [path, text] of [
    ['src/a.ts', 'a'],
    ['src/deep/b.ts', 'b'],
    ['src/node_modules/x.js', 'x'],
    ['out/one.js', '1'],
    ['out/two.html', '2'],
  ]) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
    utimesSync(join(root, path), at, at);
  }
  return root;
}
const touch = (root: string, path: string, at: number) => utimesSync(join(root, path), at, at);
const check = (root: string) => buildNeeded(root, ['src', 'config.ts'], ['out/one.js', 'out/two.html']);

describe('build freshness', () => {
  it('nothing changed since the build: no build', () => {
    const root = tree(1_000);
    touch(root, 'out/one.js', 2_000);
    touch(root, 'out/two.html', 2_000);
    expect(check(root)).toBeUndefined();
  });

  it('a source changed after the build, however deep: build, saying which', () => {
    const root = tree(1_000);
    touch(root, 'out/one.js', 2_000);
    touch(root, 'out/two.html', 2_000);
    touch(root, 'src/deep/b.ts', 3_000);
    expect(check(root)).toBe(join('src', 'deep', 'b.ts') + ' changed since the last build');
  });

  it('the oldest output stands for the build', () => {
    const root = tree(1_000);
    touch(root, 'out/one.js', 3_000);
    touch(root, 'out/two.html', 1_500);
    touch(root, 'src/a.ts', 2_000);
    expect(check(root)).toMatch(/a\.ts changed/);
  });

  it('a missing output: build', () => {
    const root = tree(1_000);
    rmSync(join(root, 'out', 'two.html'));
    expect(check(root)).toBe('out/two.html is missing');
  });

  it('installed packages are not sources', () => {
    const root = tree(1_000);
    touch(root, 'out/one.js', 2_000);
    touch(root, 'out/two.html', 2_000);
    touch(root, 'src/node_modules/x.js', 3_000);
    expect(check(root)).toBeUndefined();
  });
});
