// A real serial line for tests: socat joins two pseudo-terminals, the app opens one end
// (devicePath) and a simulator writes into the other (simPath). kill() is the cable being pulled;
// restart() plugs it back in at the same link paths (a new /dev/pts behind them, as with USB).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PtyPair {
  /** The end the app opens (a symlink to a /dev/pts/N). */
  devicePath: string;
  /** The end a simulator writes into. */
  simPath: string;
  /** Stops socat and waits until it has exited: the app's end sees the port vanish. */
  kill(): Promise<void>;
  /** Starts socat again with the same link paths and waits until both exist. */
  restart(): Promise<void>;
  /** kill() and remove the temp dir. */
  dispose(): Promise<void>;
}

const live = new Set<PtyPair>();

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function createPtyPair(name = 'dev'): Promise<PtyPair> {
  const dir = mkdtempSync(join(tmpdir(), 'station-pty-'));
  const devicePath = join(dir, name);
  const simPath = join(dir, `${name}-sim`);
  let child: ChildProcess | undefined;
  let stderr = '';

  const start = async () => {
    // Stale links from a socat that died hard would make the wait below succeed too early.
    rmSync(devicePath, { force: true });
    rmSync(simPath, { force: true });
    stderr = '';
    const proc = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${devicePath}`, `pty,raw,echo=0,link=${simPath}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    child = proc;
    let exited = false;
    proc.once('exit', () => (exited = true));
    try {
      await waitFor(() => exited || (existsSync(devicePath) && existsSync(simPath)), 5000, `socat links in ${dir}`);
    } catch (e) {
      proc.kill('SIGKILL');
      throw e;
    }
    if (exited) throw new Error(`socat exited at start: ${stderr}`);
  };

  const kill = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 2000);
    await gone;
    clearTimeout(timer);
  };

  await start();
  const pair: PtyPair = {
    devicePath,
    simPath,
    kill,
    restart: async () => {
      await kill();
      await start();
    },
    dispose: async () => {
      await kill();
      live.delete(pair);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  live.add(pair);
  return pair;
}

/** Disposes every pair still open (for afterEach/afterAll, so no socat outlives a test file). */
export async function disposeAllPtys(): Promise<void> {
  await Promise.all([...live].map((p) => p.dispose()));
}
