// A seller's push receiver for tests: real HTTPS on loopback with its own CA (tls.ts), recording
// every POST. It can answer 503 to its first N requests, go away (close its port) and come back on
// the same port, as a receiver behind a restarting reverse proxy would.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateTls, type SandboxTls } from '../../electron/sandbox/tls.js';

export interface ReceivedPost {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface TestReceiver {
  tls: SandboxTls;
  url: string;
  /** Every POST that arrived, in arrival order (including the ones answered with a failure). */
  posts: ReceivedPost[];
  /** Only the POSTs answered 2xx. */
  accepted: ReceivedPost[];
  /** Answer 503 to the next n requests. */
  failNext(n: number): void;
  /** Hold every answer for ms (0: answer at once). */
  slow(ms: number): void;
  /** Most requests that were open at the same time. */
  readonly maxInFlight: number;
  /** Closes the port; nothing listens until back(). */
  away(): Promise<void>;
  back(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/push', tls?: SandboxTls): Promise<TestReceiver> {
  const material = tls ?? (await generateTls());
  let failures = 0;
  let holdMs = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const posts: ReceivedPost[] = [];
  const accepted: ReceivedPost[] = [];
  let server: Server;
  let port = 0;

  const listen = async (): Promise<void> => {
    server = createServer({ key: material.key, cert: material.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => (inFlight -= 1));
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => setTimeout(answer, holdMs));
      const answer = () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        const post = { path: req.url ?? '', headers: req.headers, body };
        posts.push(post);
        if (failures > 0) {
          failures -= 1;
          res.writeHead(503).end();
          return;
        }
        accepted.push(post);
        res.writeHead(204).end();
      };
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  };
  const stop = async (): Promise<void> => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  await listen();
  return {
    tls: material,
    url: `https://127.0.0.1:${port}${path}`,
    posts,
    accepted,
    failNext: (n) => {
      failures = n;
    },
    slow: (ms) => {
      holdMs = ms;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    away: stop,
    back: listen,
    close: stop,
  };
}
