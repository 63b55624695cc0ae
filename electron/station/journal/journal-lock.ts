// One writer per journal directory. Two processes appending to the same segment (the app and the
// headless CLI, say) would hand out the same seq twice, and readers drop duplicate seqs. The
// lock file holds the owner's pid; a lock left by a process that died (SIGKILL, power loss) is
// taken over, since nobody can be writing with it any more.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'journal.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class JournalInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(`The journal in ${dir} is in use by another station process (pid ${pid}). Close it before starting this one.`);
    this.name = 'JournalInUseError';
  }
}

/** Takes the lock or throws JournalInUseError; returns the function that releases it. */
export function lockJournal(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let held = true;
      return () => {
        if (held) rmSync(path, { force: true });
        held = false;
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
    } catch {
      // Removed meanwhile, or empty because its writer died between open and write: retry.
    }
    if (Number.isInteger(owner) && owner > 0 && alive(owner)) throw new JournalInUseError(dir, owner);
    rmSync(path, { force: true });
  }
  throw new Error(`Could not lock the journal in ${dir}; another process keeps taking it.`);
}
