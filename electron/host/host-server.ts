// Browser mode (ARCHITECTURE.md § The contract): the built renderer and the station contract on
// one loopback origin. The page comes over HTTP from 127.0.0.1; the contract over a WebSocket at
// /station on the same origin. No other local web page may drive the station: the upgrade must
// come from this origin (Origin header) and present the per-launch random token that only the
// printed page address carries; the Host header is checked too, so a DNS-rebound name fails.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { EventMessage, ReplyMessage } from '../../shared/contract/wire.js';
import type { CallContext } from '../station/app/dispatcher.js';
import { rendererCsp } from '../shell/csp.js';
import { securityHeaders, serveStatic } from './static-files.js';

export const STATION_PATH = '/station';
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
  /** Reuse a token (a restart the open page should survive); a new random one otherwise. */
  token?: string;
  log?: (line: string) => void;
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

function sameSecret(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Decides an upgrade: undefined when allowed, else the reason (never echoing the token). */
export function refuseUpgrade(req: Pick<IncomingMessage, 'url' | 'headers'>, port: number, token: string): string | undefined {
  const url = new URL(req.url ?? '/', 'http://host');
  if (url.pathname !== STATION_PATH) return 'not the station address';
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!hosts.includes(String(req.headers.host ?? '').toLowerCase())) return 'wrong Host';
  const origin = String(req.headers.origin ?? '').toLowerCase();
  if (!hosts.some((h) => origin === `http://${h}`)) return origin ? `foreign Origin ${origin}` : 'no Origin';
  if (!sameSecret(url.searchParams.get('token') ?? '', token)) return 'wrong or missing token';
  return undefined;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? newLaunchToken();
  const log = options.log ?? (() => {});
  let port = 0;
  let csp = '';
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  const server = createServer((req, res) => {
    const host = String(req.headers.host ?? '').toLowerCase();
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      res.writeHead(421, { ...securityHeaders(csp), 'content-type': 'text/plain; charset=utf-8' }).end('This station answers on 127.0.0.1 only.\n');
      return;
    }
    serveStatic(req, res, options.rendererDir, csp);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const reason = refuseUpgrade(req, port, token);
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
