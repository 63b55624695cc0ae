// The built renderer (out/renderer, from `npm run build`) loaded by real Chromium from the real
// host: the page connects over the WebSocket with the token from its address and reaches the
// station, without any Content-Security-Policy violation; the same page without the token, or
// served from another origin, never reaches it.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../../electron/host/host-server.js';
import { startBrowserMode, type RunningBrowserMode } from '../../electron/host/browser-mode.js';
import { startTestHost, testStation, type TestStation } from './host-fixtures.js';

const RENDERER = join(import.meta.dirname, '..', '..', 'out', 'renderer');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// Page-side functions (the test itself is type-checked without the DOM library). Functions, not
// strings: the page's CSP (rightly) refuses to evaluate strings.
const STATUS = () => (globalThis as any).document.documentElement.dataset.station as string | undefined;
const CONNECTED = () => (globalThis as any).document.documentElement.dataset.station === 'connected';
const haveChromium = existsSync(CHROMIUM) || process.env.STATION_REQUIRE_SYSTEM_TOOLS === '1';

describe.skipIf(!haveChromium)('built renderer in Chromium over the host', () => {
  let browser: Browser;
  let host: RunningHost;
  let station: TestStation;

  beforeAll(async () => {
    if (!existsSync(join(RENDERER, 'index.html'))) throw new Error(`${RENDERER}/index.html is missing: run "npm run build" first (npm test does).`);
    station = testStation();
    host = await startTestHost(station, { rendererDir: RENDERER });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  it('connects with the token from its address and reaches app.info, with no CSP violation', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.goto(host.url);
    await page.waitForFunction(CONNECTED, undefined, { timeout: 15_000 });
    await expect.poll(() => station.calls.some((c) => c.command === 'app.info' && c.transport === 'websocket'), { timeout: 15_000 }).toBe(true);
    expect(host.connections()).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);
    // The meta policy from the build and the header policy both apply.
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toContain("script-src 'self'");
    await page.close();
  });

  it('keeps the token for a reload in the same tab; a fresh tab without it never connects', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(host.url);
    await page.waitForFunction(CONNECTED, undefined, { timeout: 15_000 });
    await page.goto(`${host.origin}/`);
    await page.waitForFunction(CONNECTED, undefined, { timeout: 15_000 });
    await context.close();

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto(`${host.origin}/`);
    await other.waitForTimeout(1500);
    expect(await other.evaluate(STATUS)).not.toBe('connected');
    await fresh.close();
  });

  it('another local web page cannot drive the station', async () => {
    // A page on another loopback port that knows the station address but not the token, and one
    // that somehow knows the token: both are refused, the second by its Origin.
    const evil = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>evil</title>');
    });
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', () => r()));
    const evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    const page = await browser.newPage();
    await page.goto(evilOrigin);
    const before = station.calls.length;
    const outcome = await page.evaluate(async ([port, token]) => {
      const attempt = (url: string) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => {
            ws.send(JSON.stringify({ t: 'call', id: 1, command: 'app.info', args: {} }));
            setTimeout(() => resolve('open'), 300);
          };
          ws.onclose = () => resolve('refused');
        });
      return [await attempt(`ws://127.0.0.1:${port}/station`), await attempt(`ws://127.0.0.1:${port}/station?token=${token}`)];
    }, [host.port, host.token] as const);
    expect(outcome).toEqual(['refused', 'refused']);
    expect(station.calls.length).toBe(before);
    await page.close();
    evil.close();
  });
});

describe.skipIf(!haveChromium)('browser mode as `npm run web` runs it, in Chromium', () => {
  let browser: Browser;
  let running: RunningBrowserMode;

  beforeAll(async () => {
    if (!existsSync(join(RENDERER, 'index.html'))) throw new Error(`${RENDERER}/index.html is missing: run "npm run build" first (npm test does).`);
    running = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'station-web-')), rendererDir: RENDERER, port: 0, version: '0.0.0-test' });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });

  it('the app loads over the real station in demo mode, without script errors or CSP violations', async () => {
    expect(running.station.sandbox()).toBe(true);
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.goto(running.host.url);
    await page.waitForFunction(CONNECTED, undefined, { timeout: 15_000 });
    await expect.poll(() => running.host.connections()).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(1000);
    expect(problems).toEqual([]);
    await page.close();
  });
});
