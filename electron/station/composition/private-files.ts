// The data folder holds buyer addresses (labels, the print spool, the journal) and sealed secrets:
// only the seller's own account may read it (ARCHITECTURE § Security: files 0600 in a 0700 data
// folder). Three layers: the process creates files private by default (umask 077, so the
// embedded sandbox's state and anything a library writes are covered too), the station's own
// writers ask for 0600/0700 explicitly, and a start tightens whatever an older version or another
// tool left readable. Windows has no mode bits; its per-user profile folder is private already.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_UMASK = 0o077;

const posix = (platform: NodeJS.Platform) => platform !== 'win32';

/** New files and folders of this process are private by default. */
export function restrictNewFiles(platform: NodeJS.Platform = process.platform): void {
  if (posix(platform)) process.umask(PRIVATE_UMASK);
}

/**
 * Makes `dataDir` (created if missing) and everything in it private; returns the paths whose
 * mode was loosened before. Symbolic links are not followed (a link out of the folder is not ours).
 */
export function makePrivate(dataDir: string, platform: NodeJS.Platform = process.platform): string[] {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!posix(platform)) return [];
  const tightened: string[] = [];
  const visit = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return; // Removed meanwhile.
    }
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    // Group and others lose every right; the owner's own bits stay as they are (an executable stays one).
    if ((stat.mode & 0o077) !== 0) {
      try {
        chmodSync(path, (stat.mode & 0o700) | (wanted & 0o700));
        tightened.push(path);
      } catch {
        /* Not ours (another account's file in a shared folder): left as it is. */
      }
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dataDir);
  return tightened;
}

/** Both, for a composition root opening a data folder. */
export function privateDataDir(dataDir: string, platform: NodeJS.Platform = process.platform): string[] {
  restrictNewFiles(platform);
  return makePrivate(dataDir, platform);
}
