// The wire side of the sandbox fuzz test: raw requests over one keep-alive HTTPS pool pinned to
// the sandbox CA (any header, any body bytes, no client-side validation in the way), and one
// plain-HTTP request to the same port.
import { connect } from 'node:net';
import { Agent, request } from 'undici';

export interface FuzzRequest {
  method: string;
  /** Path plus query string, sent as-is (so malformed escapes reach the server untouched). */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What built this request, for the failure report. */
  label: string;
}

export interface FuzzResponse {
  status: number;
  contentType: string;
  bytes: Buffer;
  /** Parsed JSON, or undefined when the body is not JSON; `jsonError` says why. */
  json: unknown;
  jsonError?: string;
  ms: number;
}

export interface FuzzClient {
  send(req: FuzzRequest): Promise<FuzzResponse>;
  close(): Promise<void>;
}

/**
 * A pool of `connections` keep-alive sockets. Pipelining stays off: a request whose body is cut
 * or refused must not take the next request on the same socket down with it.
 */
export function createFuzzClient(baseUrl: string, caCert: string, connections: number): FuzzClient {
  const dispatcher = new Agent({ connect: { ca: caCert }, connections, pipelining: 1, keepAliveTimeout: 30_000 });
  return {
    async send(req) {
      const t0 = performance.now();
      const res = await request(baseUrl + req.path, { method: req.method as 'GET', headers: req.headers, body: req.body, dispatcher });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const contentType = String(res.headers['content-type'] ?? '');
      let json: unknown;
      let jsonError: string | undefined;
      if (contentType.includes('json') && bytes.length > 0) {
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch (e) {
          jsonError = (e as Error).message;
        }
      }
      return { status: res.statusCode, contentType, bytes, json, jsonError, ms: performance.now() - t0 };
    },
    close: () => dispatcher.close(),
  };
}

/** One plain-HTTP request on the HTTPS port; resolves with everything the server sent back. */
export function plainHttpRequest(port: number, path = '/sellers/v3/shipments?shipmentIds=X'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('plain HTTP request timed out')));
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
