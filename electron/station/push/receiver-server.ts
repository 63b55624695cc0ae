// The push receiver: an HTTPS server (node:https with the seller's certificate) that takes the
// marketplace's notifications (spec § Events; envelope in shared/api/notifications.ts). What it
// checks, in this order, each refusal a 4xx with a short reason and never a stack trace:
//   the sender's address against the allow-list (403), the secret path token (404: a wrong token
//   learns nothing), POST (405), a JSON body (415/400) no larger than the limit (413), and the
//   envelope's schema (422), and a timestamp no further ahead of this desk's clock than clocks
//   drift (422: notification-time.ts).
// Each address has its share of connections and refusals (sender-limits.ts): past it, 429 unread.
// The token is compared in constant time, on digests of equal length, so timing tells nothing.
// 2xx is answered only after the store says the notification is durable (stored now, or stored
// before: a redelivery is answered 200 as well, so the marketplace stops sending it). A store
// that fails answers 503, so the marketplace's retries bring the notification again.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseNotification } from '../../../shared/api/notifications.js';
import type { AllowList } from './allow-list.js';
import { NOTIFICATION_RETENTION_MS, PRUNE_INTERVAL_MS, type NotificationStore } from './notification-store.js';
import { aheadOfClock, MAX_NOTIFICATION_AHEAD_MS } from './notification-time.js';
import { pushPath } from './push-token.js';
import { SenderLimits } from './sender-limits.js';

/** The largest body taken. A shipment_created notification carries one shipment record (a few KB). */
export const MAX_NOTIFICATION_BYTES = 256 * 1024;
/** A reason longer than this is cut: the sender needs the gist, not a dump. */
const MAX_REASON_CHARS = 300;
/** A sender that stops sending mid-body is dropped after this long. */
const BODY_TIMEOUT_MS = 10_000;

export interface ReceiverOptions {
  port: number;
  /** The address to listen on, as the lead chose it (0.0.0.0: every address of this computer). */
  host: string;
  cert: string | Buffer;
  key: string | Buffer;
  token: string;
  store: NotificationStore;
  allow?: AllowList;
  /**
   * The reverse proxy in front (its addresses): from these, the sender's address is the last one
   * the proxy added to X-Forwarded-For, and the allow-list is checked against it.
   */
  trustedProxies?: AllowList;
  maxBodyBytes?: number;
  /** One line per refused or stored notification (never the token). */
  log?: (line: string) => void;
  /** Told of each request's outcome (the desk's Setup shows the counts and the last refusal). */
  onOutcome?: (outcome: ReceiverOutcome) => void;
  /** The desk's clock: timestamps ahead of it are refused, refusals are counted and logged by it. */
  clock?: { now(): Date };
}

export type ReceiverOutcome = { kind: 'stored' | 'duplicate' } | { kind: 'refused'; status: number; reason: string };

export interface PushReceiver {
  port: number;
  /** https://host:port/push/<token> as this server serves it (the token is in it: show it once). */
  url: string;
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', connection: status >= 400 ? 'close' : 'keep-alive' });
  res.end(JSON.stringify(body));
}

const answerRefusal = (res: ServerResponse, status: number, reason: string) => answer(res, status, { error: reason.slice(0, MAX_REASON_CHARS) });

/** zod lists every allowed value of an enum: the sender needs to know which field, not all 17 kinds. */
function shortProblem(problem: string): string {
  return problem.replace(/Invalid option: expected one of [^;]*/g, 'not one of the known values').slice(0, MAX_REASON_CHARS);
}

function senderOf(req: IncomingMessage, proxies?: AllowList): string | undefined {
  const peer = req.socket.remoteAddress;
  if (!proxies?.allows(peer)) return peer;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return forwarded.at(-1) ?? peer;
}

/** Reads the body up to the limit; undefined when it is larger (the request is answered 413). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large' | 'cut'> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return resolve('too-large');
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => resolve('cut'), BODY_TIMEOUT_MS);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        clearTimeout(timer);
        req.removeAllListeners('data');
        resolve('too-large');
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    req.on('error', () => {
      clearTimeout(timer);
      resolve('cut');
    });
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request's path is the token's, in time that does not depend on where they differ. */
function samePath(requested: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(requested), expected);
}

/** The bind address as said in a log line: 0.0.0.0 and :: named for what they mean. */
export function listenWords(host: string, port: number): string {
  const all = host === '0.0.0.0' || host === '::';
  return `${host.includes(':') ? `[${host}]` : host}:${port}${all ? ' (every network address of this computer)' : ''}`;
}

export function startPushReceiver(options: ReceiverOptions): Promise<PushReceiver> {
  const path = pushPath(options.token);
  const expected = digest(path);
  const limit = options.maxBodyBytes ?? MAX_NOTIFICATION_BYTES;
  const log = options.log ?? (() => undefined);
  const told = options.onOutcome ?? (() => undefined);
  const clock = options.clock ?? { now: () => new Date() };
  const limits = new SenderLimits(clock);
  let prunedAt = -Infinity;
  const refuse = (res: ServerResponse, status: number, reason: string, sender: string, line: string) => {
    const logged = limits.refused(sender, line);
    if (logged) log(logged);
    told({ kind: 'refused', status, reason });
    answerRefusal(res, status, reason);
  };

  /** Old notifications go (notification-store.ts), at most once per interval, never in a request's way. */
  function pruneWhenDue(): void {
    const now = clock.now().getTime();
    if (now - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = now;
    options.store
      .prune(new Date(now - NOTIFICATION_RETENTION_MS))
      .then((n) => n > 0 && log(`push: removed ${n} notification(s) older than ${NOTIFICATION_RETENTION_MS / 86_400_000} days from the store`))
      .catch((e: Error) => log(`push: old notifications could not be removed: ${e.message}`));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sender = senderOf(req, options.trustedProxies) ?? 'an unknown address';
    if (limits.limited(sender)) {
      const logged = limits.note(sender, `push: ${sender} was refused too often; its requests are answered 429 unread for now`);
      if (logged) log(logged);
      told({ kind: 'refused', status: 429, reason: 'Too many refused requests from this address.' });
      res.setHeader('retry-after', '60');
      return answerRefusal(res, 429, 'Too many refused requests from this address; try again later.');
    }
    if (options.allow && !options.allow.allows(sender)) {
      return refuse(res, 403, 'This address may not send notifications here.', sender, `push: refused a request from ${sender} (not in the allow-list)`);
    }
    const url = new URL(req.url ?? '/', 'https://receiver');
    if (!samePath(url.pathname, expected)) {
      return refuse(res, 404, 'Not found.', sender, `push: refused a request to an unknown path from ${sender}`);
    }
    const refused = (status: number, reason: string) => refuse(res, status, reason, sender, `push: refused a request from ${sender}: ${reason}`);
    if (req.method !== 'POST') return refused(405, 'Notifications are sent with POST.');
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return refused(415, 'Send the notification as application/json.');
    const body = await readBody(req, limit);
    if (body === 'too-large') return refused(413, `The body is larger than ${limit} bytes.`);
    if (body === 'cut') return refused(400, 'The body was not received in full.');
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return refused(400, 'The body is not JSON.');
    }
    const parsed = parseNotification(json);
    if (!parsed.ok) {
      const problem = shortProblem(parsed.problem);
      return refuse(res, 422, `Not a notification: ${problem}`, sender, `push: refused a notification that does not fit the envelope: ${problem}`);
    }
    const n = parsed.notification;
    if (aheadOfClock(n, clock.now())) {
      const reason = `The timestamp ${n.timestamp} is more than ${MAX_NOTIFICATION_AHEAD_MS / 60_000} minutes ahead of this receiver's clock (${clock.now().toISOString()}); check the sender's clock.`;
      return refuse(res, 422, reason, sender, `push: refused ${n.eventType} of ${n.shipmentId} from ${sender}: dated ${n.timestamp}, ahead of this receiver's clock`);
    }
    let stored;
    try {
      stored = await options.store.put(n);
    } catch (error) {
      log(`push: ${n.eventType} of ${n.shipmentId} could not be stored: ${(error as Error).message}`);
      // The receiver's trouble, not the sender's: not counted against its address.
      const reason = 'The notification could not be stored; send it again later.';
      told({ kind: 'refused', status: 503, reason });
      return answerRefusal(res, 503, reason);
    }
    log(`push: ${n.eventType} of ${n.shipmentId} ${stored.duplicate ? 'received again (stored before)' : 'stored'} as #${stored.id}`);
    told({ kind: stored.duplicate ? 'duplicate' : 'stored' });
    answer(res, 200, { stored: true, id: stored.id, duplicate: stored.duplicate });
    pruneWhenDue();
  }

  const server: Server = createServer({ cert: options.cert, key: options.key }, (req, res) => {
    handle(req, res).catch(() => answerRefusal(res, 500, 'The notification could not be taken; send it again later.'));
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  // Per address of the connection itself: the trusted proxy carries everyone's, so it is not held to one share.
  server.on('connection', (socket: import('node:net').Socket) => {
    const peer = socket.remoteAddress ?? 'an unknown address';
    if (options.trustedProxies?.allows(peer)) return;
    if (!limits.connect(peer)) {
      const logged = limits.note(peer, `push: dropped a connection from ${peer}: it already holds as many as one address may`);
      if (logged) log(logged);
      socket.destroy();
      return;
    }
    socket.once('close', () => limits.disconnect(peer));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      pruneWhenDue();
      const host = options.host !== '0.0.0.0' && options.host !== '::' ? options.host : 'localhost';
      resolve({
        port,
        url: `https://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
