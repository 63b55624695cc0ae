// One writer per journal directory. Two processes appending to the same segment (the app and the
// headless CLI, say) would hand out the same seq twice, and readers drop duplicate seqs.
//
// The lock is a local socket the holder listens on: the operating system frees it the moment the
// process dies (SIGKILL, a crash, a power cut), so a lock is never left behind. A pid in a file is
// not a lock: after a reboot the pid is often reused (pid 1 is always alive), and a station would
// refuse to start for a process that is not one. Node has no flock, and a socket is what it has.
//   Linux, macOS: a socket file in the journal folder itself, inside the 0700 data folder, so no
//            other user of the computer can reach it, let alone take the name first (an abstract
//            socket or one in the shared temp folder can be taken by anyone). One left by a dead
//            process refuses connections, which is how it is told from a live one, and is replaced.
//            A folder whose path is too long for a socket address uses a 0700 folder of this user
//            in the temp folder instead, checked to be this user's own.
//   Windows: a named pipe (freed with the process).
// journal.lock keeps the holder's pid for the message only; nothing trusts it.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK_FILE = 'journal.lock';
const LOCK_SOCKET = 'journal.sock';
/** The longest socket path every Unix takes (macOS's sun_path holds 104 bytes with the closing NUL). */
export const MAX_SOCKET_PATH_BYTES = 103;

export class JournalInUseError extends Error {
  constructor(dir: string, pid: number | undefined) {
    super(
      `The journal in ${dir} is in use by another Packing Station${pid ? ` (process ${pid})` : ''}: ` +
        'only one station at a time can use a data folder. Close the other station window or `station` command and start again, ' +
        'or give this one its own folder with --data-dir.',
    );
    this.name = 'JournalInUseError';
  }
}

/** The socket address that stands for `dir` (the same for every path that leads to it). */
export function journalLockAddress(dir: string, platform: NodeJS.Platform = process.platform): string {
  const real = realpathSync(dir);
  const key = createHash('sha256').update(real).digest('hex').slice(0, 24);
  if (platform === 'win32') return `\\\\.\\pipe\\packing-station-journal-${key}`;
  const inside = join(real, LOCK_SOCKET);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH_BYTES) return inside;
  return join(privateTempFolder(), `journal-${key}.sock`);
}

/** A 0700 folder of this user in the temp folder, refused when someone else made it or it is a link. */
function privateTempFolder(): string {
  const uid = process.getuid?.() ?? 0;
  const folder = join(realpathSync(tmpdir()), `packing-station-${uid}`);
  mkdirSync(folder, { mode: 0o700, recursive: true });
  const stat = lstatSync(folder);
  if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0) {
    throw new Error(`The folder ${folder} is not this user's own private folder, so the journal cannot be locked there. Remove it, or give the station a shorter data folder path with --data-dir.`);
  }
  return folder;
}

function listen(server: Server, address: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) => resolve(error);
    server.once('error', onError);
    server.listen(address, () => {
      server.off('error', onError);
      resolve(undefined);
    });
  });
}

/** True when a live process answers on the address. */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function holderPid(dir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(join(dir, LOCK_FILE), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws JournalInUseError; resolves with the function that releases it. */
export async function lockJournal(dir: string): Promise<() => void> {
  const address = journalLockAddress(dir);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const server = createServer((socket) => socket.destroy());
    const error = await listen(server, address);
    if (!error) {
      // The lock must not keep a command-line run alive on its own.
      server.unref();
      writeFileSync(join(dir, LOCK_FILE), String(process.pid), { mode: 0o600 });
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        // Closing a server on a socket file removes the file too.
        server.close();
        rmSync(join(dir, LOCK_FILE), { force: true });
      };
    }
    if (error.code !== 'EADDRINUSE') throw error;
    if (await answers(address)) throw new JournalInUseError(dir, await holderPid(dir));
    // A socket file whose process is gone: nobody can be writing with it.
    if (address.startsWith('/')) rmSync(address, { force: true });
  }
  throw new Error(`Could not lock the journal in ${dir}; another process keeps taking it. Close the other station and start again.`);
}
