// `npm start`: builds the pieces of the app whose sources changed since the last build and that
// the run needs (build-freshness.ts; browser mode needs the renderer alone, built while the
// station starts), then runs it in Electron when its runtime is installed, or in
// browser mode when it is not (a machine where the Electron download was skipped or blocked):
// one line says so, then the page address with its launch token is printed. `npm run web`
// (`--browser`) goes to browser mode directly. Ctrl+C / SIGTERM stop everything cleanly.
//
//   tsx electron/launch.ts [--browser] [--board] [--no-build] [--port 0] [--data-dir DIR] [--warehouse postgres://...]
//
// `--board` serves the lead's warehouse board alone (read-only, no desk), in browser mode.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { defaultDataDir } from './station/composition/data-dir.js';
import type { RunningBrowserMode } from './host/browser-mode.js';
import { piecesToBuild, type BuildPiece } from './shell/build-freshness.js';
import { electronBinary } from './shell/electron-runtime.js';
import { JournalInUseError } from './station/journal/journal-lock.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: npm start -- [--browser] [--board] [--no-build] [--port 5174] [--data-dir DIR] [--warehouse postgres://...]';
const HELP = `${USAGE}
       npm run web -- [--port 5174] [--no-build] [--data-dir DIR] [--warehouse postgres://...]

Opens Packing Station: in Electron where its runtime is installed, in browser mode (an address
to open in Chrome, Edge or Firefox on this computer) where it is not.

  --browser                browser mode directly (what npm run web does)
  --board                  the lead's warehouse board alone, read-only, no desk
  --port N                 browser mode's port (default 5174; 0 picks a free one)
  --data-dir DIR           the data folder (default: the app-data folder, or STATION_DATA_DIR)
  --warehouse URL          warehouse mode's PostgreSQL (or STATION_WAREHOUSE_URL)
  --no-build               run what is in out/ without building changed sources first
  --help                   this text
`;
/** Browser mode's default port; a fixed one lets the operator bookmark the page (the token changes per launch). */
export const DEFAULT_WEB_PORT = 5174;

const Args = z.object({
  browser: z.boolean().default(false),
  board: z.boolean().default(false),
  'no-build': z.boolean().default(false),
  port: z
    .string()
    .regex(/^\d+$/, '--port must be a whole number')
    .transform(Number)
    .pipe(z.number().max(65535, '--port must be at most 65535'))
    .default(DEFAULT_WEB_PORT),
  'data-dir': z.string().min(1).optional(),
  /** Warehouse mode's database (wins over STATION_WAREHOUSE_URL and Setup; see warehouse-config.ts). */
  warehouse: z.string().min(1).optional(),
});

function fail(message: string): never {
  process.stderr.write(`packing-station: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/**
 * Builds the pieces given (electron.vite.config.ts reads STATION_BUILD_PIECES) in a process of
 * its own, so browser mode can start meanwhile; resolves when out/ holds them.
 */
function build(pieces: { piece: BuildPiece; why: string }[]): Promise<void> {
  process.stdout.write(`Building the app (${pieces.map((p) => `${p.piece}: ${p.why}`).join('; ')})…\n`);
  const cli = join(dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const started = Date.now();
  const child = spawn(process.execPath, [cli, 'build'], { cwd: ROOT, env: { ...process.env, STATION_BUILD_PIECES: pieces.map((p) => p.piece).join(',') }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((done) => {
    child.on('error', (e) => fail(`the build could not start: ${e.message}`));
    child.on('exit', (code) => {
      if (code !== 0) {
        process.stderr.write(output);
        fail('the build failed (see above).');
      }
      process.stdout.write(`Built the app into out/ in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
      done();
    });
  });
}

function runElectron(binary: string, dataDir: string | undefined, warehouse: string | undefined): void {
  // The window's process reads the address from the environment, as the command line's stands first.
  const child = spawn(binary, [ROOT], { stdio: 'inherit', env: { ...process.env, ...(dataDir ? { STATION_DATA_DIR: dataDir } : {}), ...(warehouse ? { STATION_WAREHOUSE_URL: warehouse } : {}) } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

async function runBrowser(port: number, dataDir: string, warehouse: string | undefined, built: Promise<void>): Promise<void> {
  // Handlers first: a signal during start-up waits for it to finish, then stops what started
  // (the Sandbox saves its state on stop).
  let resolveStarted: (running: RunningBrowserMode | undefined) => void = () => {};
  const started = new Promise<RunningBrowserMode | undefined>((r) => (resolveStarted = r));
  let stopping = false;
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    started
      .then((running) => running?.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let running: RunningBrowserMode;
  try {
    // Loaded here, not at the top: the build is already running while the station's code loads.
    const { appVersion, startBrowserMode } = await import('./host/browser-mode.js');
    running = await startBrowserMode({
      dataDir,
      rendererDir: join(ROOT, 'out', 'renderer'),
      port,
      version: appVersion(join(ROOT, 'package.json')),
      log: (line) => process.stderr.write(`${line}\n`),
      ...(warehouse ? { extra: { warehouseUrl: warehouse } } : {}),
    });
  } catch (e) {
    resolveStarted(undefined);
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`port ${port} is in use; pick another with --port (0 picks a free one).`);
    if (e instanceof JournalInUseError) {
      process.stderr.write(`packing-station: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  // The page is served from out/renderer: its address is given once the build is there.
  await built;
  resolveStarted(running);
  if (stopping) return;
  const mode = running.station.sandbox() ? ' (demo mode: Sandbox marketplace)' : '';
  process.stdout.write(`Packing Station${mode} is open at ${running.host.url}\nData folder: ${dataDir}. Press Ctrl+C to stop.\n`);
}

async function runBoard(port: number, dataDir: string): Promise<void> {
  const { startBoardMode } = await import('./host/board-mode.js');
  let running: Awaited<ReturnType<typeof startBoardMode>>;
  try {
    running = await startBoardMode({ dataDir, rendererDir: join(ROOT, 'out', 'renderer'), port, log: (line) => process.stderr.write(`${line}\n`) });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`port ${port} is in use; pick another with --port (0 picks a free one).`);
    fail((e as Error).message);
  }
  const stop = () => void running.stop().then(() => process.exit(0), () => process.exit(1));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.stdout.write(`The warehouse board is open at ${running.url}\nRead-only: no desk runs here. Press Ctrl+C to stop.\n`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  let raw: Record<string, unknown>;
  try {
    raw = parseArgs({ options: { browser: { type: 'boolean' }, board: { type: 'boolean' }, 'no-build': { type: 'boolean' }, port: { type: 'string' }, 'data-dir': { type: 'string' }, warehouse: { type: 'string' } }, strict: true }).values;
  } catch (e) {
    fail((e as Error).message);
  }
  const parsed = Args.safeParse(raw);
  if (!parsed.success) fail(parsed.error.issues[0].message);
  const args = parsed.data;
  const dataDir = args['data-dir'] ? resolve(args['data-dir']) : process.env.STATION_DATA_DIR || defaultDataDir();

  // Electron needs all three pieces; browser mode and the board serve the renderer alone.
  const binary = args.browser || args.board ? undefined : electronBinary(createRequire(import.meta.url));
  const pieces: BuildPiece[] = binary ? ['main', 'preload', 'renderer'] : ['renderer'];
  let built = Promise.resolve();
  if (!args['no-build']) {
    const stale = piecesToBuild(ROOT, pieces);
    if (stale.length > 0) built = build(stale);
    else process.stdout.write('The app in out/ is up to date with its sources.\n');
  }
  if (args.board) {
    // The board reads the database address as every station does; the command line's stands first.
    if (args.warehouse) process.env.STATION_WAREHOUSE_URL = args.warehouse;
    await built;
    return runBoard(args.port, dataDir);
  }
  if (binary) {
    await built;
    return runElectron(binary, args['data-dir'] ? dataDir : undefined, args.warehouse);
  }
  if (!args.browser) process.stdout.write('The Electron runtime is not installed on this machine, so Packing Station runs in browser mode instead.\n');
  await runBrowser(args.port, dataDir, args.warehouse, built);
}

main().catch((e: unknown) => {
  process.stderr.write(`packing-station: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
