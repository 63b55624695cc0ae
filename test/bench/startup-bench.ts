// Start-up: `npm start` on the installed tree (browser mode, as on a machine without the Electron
// runtime) to a usable screen, the app's shell painted in Chromium. First start: no build in
// out/ and a new data folder (the build, the data folder, the demo Sandbox's seed). Restart: the
// same again with nothing changed, so out/ is current and is not rebuilt (build-freshness.ts).
// The browser is open before the clock starts, as the packer's is.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import type { BenchRow } from './bench-table.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const TARGET_MS = 5_000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** `npm start` until the shell is painted; then stopped with Ctrl+C as the packer would. */
async function startOnce(browser: Browser, dataDir: string): Promise<{ ms: number; built: boolean }> {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--', '--browser', '--port', '0', '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let built = false;
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (/^Built the app/.test(line)) built = true;
        const m = /is open at (\S+)/.exec(line);
        if (m) resolve(m[1]);
      });
      void exited.then(() => reject(new Error(`npm start exited before it was open: ${stderr.slice(-500)}`)));
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(url);
    await page.locator('main.screen').first().waitFor({ state: 'visible', timeout: 60_000 });
    const ms = performance.now() - t0;
    await page.close();
    return { ms, built };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // already gone
    }
    await exited;
  }
}

export async function runStartupBench(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  try {
    rmSync(join(ROOT, 'out'), { recursive: true, force: true });
    const first = await startOnce(browser, dataDir);
    const restart = await startOnce(browser, dataDir);
    if (!first.built || restart.built) throw new Error(`start-up bench: expected a build on the first start only (first ${first.built}, restart ${restart.built})`);
    return [
      {
        area: 'Station',
        name: '`npm start` restart to a usable screen (browser mode, shell painted in Chromium; out/ current, not rebuilt)',
        value: restart.ms / 1000,
        unit: 's',
        target: '≤ 5 s',
        pass: restart.ms <= TARGET_MS,
        baseline: { name: 'a start that builds, as every start did', value: first.ms / 1000, unit: 's' },
      },
      {
        area: 'Station',
        name: '`npm start` first start to a usable screen (no out/, new data folder: build, seed, open)',
        value: first.ms / 1000,
        unit: 's',
        target: '≤ 5 s',
        pass: first.ms <= TARGET_MS,
      },
    ];
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
