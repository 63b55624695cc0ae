// Whether `npm start` must build: the app in out/ is rebuilt only when a source it is built from
// changed after it (or a piece is missing). A restart with nothing changed starts at once
// instead of paying for a full build every time.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: the code of the three pieces, the assets, and the build's own settings. */
export const BUILD_SOURCES = ['electron', 'renderer', 'shared', 'resources', 'package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json'] as const;
/** What it writes: one file per piece, the oldest of them stands for the build. */
export const BUILD_OUTPUTS = ['out/main/main.js', 'out/preload/preload.cjs', 'out/renderer/index.html'] as const;

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
