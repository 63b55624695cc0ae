// `npm start` builds only when the app in out/ is older than a source it is built from.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_PIECES, buildNeeded, piecesToBuild } from '../../electron/shell/build-freshness.js';

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

describe('build freshness per piece (browser mode builds the renderer alone)', () => {
  /** A tree with every piece's output at 2,000 s and every source at 1,000 s. */
  function pieces(): string {
    const root = mkdtempSync(join(tmpdir(), 'build-pieces-'));
    roots.push(root);
    const files = [...new Set(Object.values(BUILD_PIECES).flatMap((p) => [p.output, ...p.sources.map((s) => (s.includes('.') ? s : `${s}/x.ts`))]))];
    for (const path of files) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), path);
      const at = path.startsWith('out/') ? 2_000 : 1_000;
      utimesSync(join(root, path), at, at);
    }
    return root;
  }

  it('nothing changed: no piece is built', () => {
    expect(piecesToBuild(pieces(), ['main', 'preload', 'renderer'])).toEqual([]);
  });

  it('a renderer source changed: the renderer alone, whatever else the run needs', () => {
    const root = pieces();
    touch(root, 'renderer/x.ts', 3_000);
    expect(piecesToBuild(root, ['main', 'preload', 'renderer'])).toEqual([{ piece: 'renderer', why: join('renderer', 'x.ts') + ' changed since the last build' }]);
  });

  it('a station source changed: main and preload for Electron, nothing for browser mode', () => {
    const root = pieces();
    touch(root, 'electron/x.ts', 3_000);
    expect(piecesToBuild(root, ['main', 'preload', 'renderer']).map((p) => p.piece)).toEqual(['main', 'preload']);
    expect(piecesToBuild(root, ['renderer'])).toEqual([]);
  });

  it('shared code or the build settings changed: every piece that reads them', () => {
    const root = pieces();
    touch(root, 'shared/x.ts', 3_000);
    expect(piecesToBuild(root, ['renderer']).map((p) => p.piece)).toEqual(['renderer']);
    touch(root, 'electron.vite.config.ts', 3_000);
    expect(piecesToBuild(root, ['main', 'preload', 'renderer']).map((p) => p.piece)).toEqual(['main', 'preload', 'renderer']);
  });

  it('the first start (no out/): only what the run needs', () => {
    const root = pieces();
    rmSync(join(root, 'out'), { recursive: true });
    expect(piecesToBuild(root, ['renderer'])).toEqual([{ piece: 'renderer', why: 'out/renderer/index.html is missing' }]);
  });
});
