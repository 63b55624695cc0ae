// A virtual serial cable for demo mode: socat joins two pseudo-terminals and leaves a symlink to
// each in a folder, so the station opens one end as if it were a USB scale or scanner and a
// simulator writes into the other. socat exists on Linux and macOS only (and only when
// installed), so a missing socat is an answer with a reason, never a crash: the demo then runs
// without simulated devices.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface PtyPair {
  /** The end the station opens (a symlink to a /dev/pts/N). */
  devicePath: string;
  /** The end a simulator writes into. */
  simPath: string;
  /** Stops socat (the station sees the port vanish) and removes the links. */
  stop(): Promise<void>;
}

export type PtyPairResult = { pair: PtyPair; reason?: undefined } | { pair?: undefined; reason: string };

export interface PtyPairOptions {
  /** Folder for the two links (it must exist). */
  dir: string;
  /** Link names: `name` for the station's end, `name-sim` for the simulator's. */
  name: string;
  /** The socat command; found on PATH by default. */
  socat?: string;
  /** How long socat may take to create both links. */
  timeoutMs?: number;
  platform?: NodeJS.Platform;
}

/** Stopping must not hang on a socat that ignores SIGTERM. */
const KILL_AFTER_MS = 2000;

export async function startPtyPair(options: PtyPairOptions): Promise<PtyPairResult> {
  if ((options.platform ?? process.platform) === 'win32') return { reason: 'Simulated serial devices need socat, which Windows does not have.' };
  const devicePath = join(options.dir, options.name);
  const simPath = join(options.dir, `${options.name}-sim`);
  // Links left by a socat that died hard would make the wait below succeed before the new ones exist.
  rmSync(devicePath, { force: true });
  rmSync(simPath, { force: true });

  let child: ChildProcess;
  try {
    child = spawn(options.socat ?? 'socat', ['-d', '-d', `pty,raw,echo=0,link=${devicePath}`, `pty,raw,echo=0,link=${simPath}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    return { reason: `socat could not be started: ${(e as Error).message}` };
  }
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => {
    // Only the start-up lines matter for a failure message; socat keeps logging transfers at -d -d.
    if (stderr.length < 4000) stderr += b.toString();
  });
  let failure: string | undefined;
  let exited = false;
  child.once('error', (e: NodeJS.ErrnoException) => {
    failure = e.code === 'ENOENT' ? 'socat is not installed (on Debian or Ubuntu: apt-get install socat).' : `socat could not be started: ${e.message}`;
  });
  child.once('exit', () => (exited = true));

  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  while (!failure && !exited && !(existsSync(devicePath) && existsSync(simPath))) {
    if (Date.now() > deadline) {
      failure = `socat did not create the serial port links within ${options.timeoutMs ?? 5000} ms.`;
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!failure && exited) failure = `socat stopped at start: ${stderr.trim().split('\n').pop() ?? 'no message'}`;
  if (failure) {
    if (!exited) child.kill('SIGKILL');
    return { reason: failure };
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (!exited) {
        const gone = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
        await gone;
        clearTimeout(timer);
      }
      rmSync(devicePath, { force: true });
      rmSync(simPath, { force: true });
    })());
  return { pair: { devicePath, simPath, stop } };
}
