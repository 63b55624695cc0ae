// Whether `npm start` must build: the app in out/ is rebuilt only when a source it is built from
// changed after it (or a piece is missing). A restart with nothing changed starts at once
// instead of paying for a full build every time, and only the pieces that changed and that the
// run needs are built (browser mode serves the renderer alone).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: the code of the three pieces, the assets, and the build's own settings. */
export const BUILD_SOURCES = ['electron', 'renderer', 'shared', 'resources', 'package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json'] as const;
/** What it writes: one file per piece, the oldest of them stands for the build. */
export const BUILD_OUTPUTS = ['out/main/main.js', 'out/preload/preload.cjs', 'out/renderer/index.html'] as const;

/** The build's pieces (electron.vite.config.ts): browser mode needs only the renderer. */
export type BuildPiece = 'main' | 'preload' | 'renderer';
const SETTINGS = ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json'];
/**
 * Each piece's output and what it is built from. The renderer imports nothing from electron/
 * but the build's settings read electron/shell (the Content-Security-Policy it writes in).
 */
export const BUILD_PIECES: Record<BuildPiece, { output: string; sources: readonly string[] }> = {
  main: { output: 'out/main/main.js', sources: ['electron', 'shared', 'resources', ...SETTINGS] },
  preload: { output: 'out/preload/preload.cjs', sources: ['electron', 'shared', ...SETTINGS] },
  renderer: { output: 'out/renderer/index.html', sources: ['renderer', 'shared', 'resources', 'electron/shell', ...SETTINGS] },
};

/** The pieces among `wanted` that must be built, each with why in words; empty when all are current. */
export function piecesToBuild(root: string, wanted: readonly BuildPiece[]): { piece: BuildPiece; why: string }[] {
  const out: { piece: BuildPiece; why: string }[] = [];
  for (const piece of wanted) {
    const { output, sources } = BUILD_PIECES[piece];
    const why = buildNeeded(root, sources, [output]);
    if (why) out.push({ piece, why });
  }
  return out;
}

/** Newest modification time under a file or folder (0 when it does not exist). */
function newest(path: string): { ms: number; path: string } {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return { ms: 0, path };
  }
  if (!stat.isDirectory()) return { ms: stat.mtimeMs, path };
  let best = { ms: 0, path };
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const n = newest(join(path, entry));
    if (n.ms > best.ms) best = n;
  }
  return best;
}

/** Why the app must be built, in words; undefined when out/ is newer than every source. */
export function buildNeeded(root: string, sources: readonly string[] = BUILD_SOURCES, outputs: readonly string[] = BUILD_OUTPUTS): string | undefined {
  let oldest = Infinity;
  for (const output of outputs) {
    let ms: number;
    try {
      ms = statSync(join(root, output)).mtimeMs;
    } catch {
      return `${output} is missing`;
    }
    oldest = Math.min(oldest, ms);
  }
  for (const source of sources) {
    const n = newest(join(root, source));
    if (n.ms > oldest) return `${n.path.slice(root.length + 1)} changed since the last build`;
  }
  return undefined;
}
