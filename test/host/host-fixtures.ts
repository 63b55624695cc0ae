// A real host over a Dispatcher with a few real handlers, and a small built page, for the host
// and transport tests.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { Dispatcher, EventHub, type CallContext } from '../../electron/station/app/dispatcher.js';
import { startHost, type RunningHost } from '../../electron/host/host-server.js';
import { StationError } from '../../shared/contract/define.js';
import { defaultSettings } from '../../shared/settings.js';

export interface TestStation {
  dispatcher: Dispatcher;
  hub: EventHub;
  calls: { command: string; transport: CallContext['transport'] }[];
}

export function testStation(): TestStation {
  const calls: TestStation['calls'] = [];
  const hub = new EventHub();
  const dispatcher = new Dispatcher({
    'app.info': (_args, ctx) => {
      calls.push({ command: 'app.info', transport: ctx.transport });
      return { version: '9.9.9', sandbox: true, signIn: { mode: 'sandbox', signedIn: true, text: 'Signed in to the Sandbox.' }, locations: ['LOC1'], transport: ctx.transport };
    },
    'settings.get': () => defaultSettings(),
    'desk.pack': () => {
      throw new StationError('NOT_READY', 'Scan the remaining units first.');
    },
  });
  return { dispatcher, hub, calls };
}

export function builtPage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'station-page-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><title>Packing Station</title><script type="module" src="./assets/app.js"></script></head><body></body></html>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app");\n');
  writeFileSync(join(dir, '..', `secret-${dir.split('-').pop()}.txt`), 'not for the page');
  return dir;
}

export async function startTestHost(station: TestStation, extra: { port?: number; token?: string; key?: string; rendererDir?: string; sessionsFile?: string } = {}): Promise<RunningHost> {
  return startHost({ dispatcher: station.dispatcher, hub: station.hub, rendererDir: extra.rendererDir ?? builtPage(), port: extra.port, token: extra.token, key: extra.key, sessionsFile: extra.sessionsFile });
}

/** Opens a ws client; resolves when open, rejects with the HTTP status when refused. */
export function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`refused with ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

/** The next JSON message matching pred. */
export function nextMessage(ws: WebSocket, pred: (m: any) => boolean = () => true, timeoutMs = 3000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message came')), timeoutMs);
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString());
      if (!pred(m)) return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve(m);
    };
    ws.on('message', onMessage);
  });
}
