// `npm start` on a machine without the Electron runtime (as here): the launcher says so in one
// line, starts browser mode with the embedded Sandbox, prints the page address with its token,
// serves the page and the station from it, and exits cleanly on Ctrl+C.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function launch(args: string[]) {
  const child = spawn(TSX, ['electron/launch.ts', ...args], { cwd: ROOT, env: { ...process.env, STATION_DATA_DIR: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c) => (stdout += c));
  child.stderr!.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs = 45_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${pattern} in time.\nstdout: ${stdout}\nstderr: ${stderr}`)), timeoutMs);
      const check = () => {
        const m = stdout.match(pattern);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        }
      };
      child.stdout!.on('data', check);
      child.on('exit', () => {
        clearTimeout(timer);
        reject(new Error(`exited.\nstdout: ${stdout}\nstderr: ${stderr}`));
      });
      check();
    });
  return { child, exited, waitFor, out: () => stdout, err: () => stderr };
}

describe('npm start without the Electron runtime', () => {
  it('says so in one line, serves browser mode with the Sandbox, and stops on SIGINT', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'station-launch-'));
    const run = launch(['--no-build', '--port', '0', '--data-dir', dataDir]);
    const [, url] = await run.waitFor(/is open at (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)\n/);
    const lines = run.out().trim().split('\n');
    expect(lines.filter((l) => /Electron/.test(l))).toEqual(['The Electron runtime is not installed on this machine, so Packing Station runs in browser mode instead.']);
    expect(run.out()).toContain('(demo mode: Sandbox marketplace)');
    expect(run.out()).toContain(`Data folder: ${dataDir}`);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    if (existsSync(join(ROOT, 'out', 'renderer', 'index.html'))) expect(await page.text()).toContain('<title>Packing Station</title>');

    // The station behind the page is the demo one, signed in to the Sandbox.
    const { origin, searchParams } = new URL(url);
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/station?token=${searchParams.get('token')}`, { headers: { origin } });
    const reply = await new Promise<any>((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ t: 'call', id: 1, command: 'app.info', args: {} })));
      ws.once('message', (d) => resolve(JSON.parse(d.toString())));
      ws.once('error', reject);
    });
    expect(reply).toMatchObject({ ok: true, value: { sandbox: true, transport: 'websocket', signIn: { signedIn: true } } });
    expect(reply.value.locations.length).toBeGreaterThan(0);
    ws.terminate();

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    // The Sandbox kept its data in the data folder, for the next start.
    expect(existsSync(join(dataDir, 'sandbox', 'tls'))).toBe(true);
  }, 60_000);

  it('refuses a bad option at once, with the usage', async () => {
    const run = launch(['--no-build', '--port', 'eighty']);
    expect(await run.exited).toBe(2);
    expect(run.err()).toMatch(/--port must be a whole number[\s\S]*usage: npm start/);
  });
});
