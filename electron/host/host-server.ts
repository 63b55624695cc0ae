// Browser mode (ARCHITECTURE.md § The contract): the built renderer and the station contract on
// one loopback origin. The page comes over HTTP from 127.0.0.1; the contract over a WebSocket at
// /station on the same origin. No other local web page may drive the station: the upgrade must
// come from this origin (Origin header) and present the page token, from the cookie the first
// load set (page-access.ts) or, for programs, in the address; the Host header is checked too, so
// a DNS-rebound name fails.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { EventMessage, ReplyMessage } from '../../shared/contract/wire.js';
import type { CallContext } from '../station/app/dispatcher.js';
import { rendererCsp } from '../shell/csp.js';
import { BrowserSessions } from './browser-sessions.js';
import { cookieValue, pageToken, sameSecret, setCookieHeader, withoutToken } from './page-access.js';
import { securityHeaders, serveStatic } from './static-files.js';

export const STATION_PATH = '/station';
/** Answers 204 to a page that may reach the station, 401 to one that may not (it says why). */
export const ACCESS_PATH = '/station/access';
/** The largest message: a listings CSV of the contract's 5,000,000 characters, with room for JSON escaping. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export interface DispatcherLike {
  handle(raw: unknown, ctx: CallContext): Promise<ReplyMessage | undefined>;
}
export interface HubLike {
  subscribe(listener: (message: EventMessage) => void): () => void;
}

export interface HostOptions {
  dispatcher: DispatcherLike;
  hub: HubLike;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** A fixed token (tests); otherwise derived from `key` and the port. */
  token?: string;
  /** The install's key (page-access.ts): the token survives restarts on the same port. A random one otherwise. */
  key?: string;
  /** Where the page sessions are kept (browser-sessions.ts); in memory when absent. */
  sessionsFile?: string;
  log?: (line: string) => void;
  /** Where a bare "/" is sent (the board-only host sends it to the board page). */
  landing?: string;
}

export interface RunningHost {
  /** The page address with its token: what the operator opens. */
  url: string;
  origin: string;
  port: number;
  token: string;
  server: Server;
  /** Connected pages. */
  connections(): number;
  close(): Promise<void>;
}

export function newLaunchToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The token in the address (programs), or a session of this port in the cookie (pages). */
function presentsAccess(req: Pick<IncomingMessage, 'url' | 'headers'>, port: number, token: string, sessions: BrowserSessions): boolean {
  const url = new URL(req.url ?? '/', 'http://host');
  const offered = url.searchParams.get('token');
  if (offered !== null) return sameSecret(offered, token);
  return sessions.valid(port, cookieValue(req.headers, port));
}

/** Decides an upgrade: undefined when allowed, else the reason (never echoing the token). */
export function refuseUpgrade(req: Pick<IncomingMessage, 'url' | 'headers'>, port: number, token: string, sessions: BrowserSessions): string | undefined {
  const url = new URL(req.url ?? '/', 'http://host');
  if (url.pathname !== STATION_PATH) return 'not the station address';
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!hosts.includes(String(req.headers.host ?? '').toLowerCase())) return 'wrong Host';
  const origin = String(req.headers.origin ?? '').toLowerCase();
  if (!hosts.some((h) => origin === `http://${h}`)) return origin ? `foreign Origin ${origin}` : 'no Origin';
  if (!presentsAccess(req, port, token, sessions)) return 'wrong or missing token';
  return undefined;
}

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

/** Page requests: the token in the address becomes a cookie, access is answered, the rest is the app. */
function servePage(req: IncomingMessage, res: ServerResponse, ctx: { port: number; token: string; sessions: BrowserSessions; csp: string; rendererDir: string; landing?: string }): void {
  const headers = securityHeaders(ctx.csp);
  const url = new URL(req.url ?? '/', 'http://host');
  if (url.pathname === ACCESS_PATH) {
    const ok = ctx.sessions.valid(ctx.port, cookieValue(req.headers, ctx.port));
    res.writeHead(ok ? 204 : 401, { ...headers, ...TEXT }).end(ok ? undefined : 'This page may not use the station: open the address the station printed when it started.\n');
    return;
  }
  const offered = url.searchParams.get('token');
  if (offered !== null) {
    if (!sameSecret(offered, ctx.token)) {
      res.writeHead(403, { ...headers, ...TEXT }).end('This address is not valid for this station (the data folder or the port changed). Open the address the station printed when it started.\n');
      return;
    }
    // 303 to the same page without the token: the address bar and the history never keep it.
    res.writeHead(303, { ...headers, ...TEXT, location: withoutToken(req.url ?? '/'), 'set-cookie': setCookieHeader(ctx.port, ctx.sessions.open(ctx.port)) }).end();
    return;
  }
  if (ctx.landing && url.pathname === '/' && url.search === '') {
    res.writeHead(303, { ...headers, ...TEXT, location: ctx.landing }).end();
    return;
  }
  serveStatic(req, res, ctx.rendererDir, ctx.csp);
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const log = options.log ?? (() => {});
  let port = 0;
  let token = '';
  let csp = '';
  // Without a key there is nothing to outlive the run: the sessions stay in memory.
  const sessions = new BrowserSessions(options.key ?? newLaunchToken(), options.key ? options.sessionsFile : undefined);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const server = createServer((req, res) => {
    const host = String(req.headers.host ?? '').toLowerCase();
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      res.writeHead(421, { ...securityHeaders(csp), 'content-type': 'text/plain; charset=utf-8' }).end('This station answers on 127.0.0.1 only.\n');
      return;
    }
    servePage(req, res, { port, token, sessions, csp, rendererDir: options.rendererDir, landing: options.landing });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const reason = refuseUpgrade(req, port, token, sessions);
    if (reason) {
      log(`host: refused a WebSocket (${reason})`);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws: WebSocket) => {
    const send = (message: unknown) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    };
    const unsubscribe = options.hub.subscribe(send);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        log('host: ignored a message that is not JSON');
        return;
      }
      options.dispatcher.handle(message, { transport: 'websocket' }).then(
        (reply) => reply && send(reply),
        (e: unknown) => log(`host: dispatcher failed: ${String(e)}`),
      );
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', unsubscribe);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  token = options.token ?? (options.key ? pageToken(options.key, port) : newLaunchToken());
  const origin = `http://127.0.0.1:${port}`;
  csp = rendererCsp({ connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`], header: true });

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    server,
    connections: () => wss.clients.size,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      })),
  };
}
