// HTTPS only (spec § Conventions: "Only HTTPS is supported; plain HTTP requests are not
// supported"): a plain-HTTP client gets a readable 400 on the same port, TLS clients are served.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
let port: number;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
  port = Number(new URL(sb.baseUrl).port);
});
afterAll(() => sb.close());

function plainGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('transport', () => {
  it('serves HTTPS with the sandbox CA pinned, several requests on one connection', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await sb.call('GET', '/swagger/swagger.json', { token: null });
      expect(r.status).toBe(200);
      expect(r.json.openapi).toMatch(/^3\./);
    }
  });

  it('answers plain HTTP with 400 HTTPS_REQUIRED and an https:// hint instead of hanging', async () => {
    const r = await plainGet('/sellers/v3/shipments/filter');
    expect(r.status).toBe(400);
    const body = JSON.parse(r.body);
    expect(body.code).toBe('HTTPS_REQUIRED');
    expect(body.message).toContain(`https://127.0.0.1:${port}/`);
  });

  it('answers a plain POST with a body the same way', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/sandbox/clock', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ advanceSeconds: 1 }));
    });
    expect(status).toBe(400);
  });

  it('closes a connection that sends bytes which are neither TLS nor HTTP, after the answer', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('hello\r\n'));
      let got = '';
      socket.on('data', (c) => (got += c));
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    expect(text.startsWith('HTTP/1.1 400')).toBe(true);
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers a path over 16 KiB with 431 and the error shape, not a bare status line', async () => {
    {
      const ids = Array.from({ length: 1200 }, (_, i) => `SH${String(i).padStart(14, '0')}`).join(',');
      const r = await sb.call('GET', `/sellers/v3/shipments/${ids}/labels`);
      expect(r.status).toBe(431);
      expect(r.json.code).toBe('UNPROCESSABLE_ENTITY');
      expect(r.json.message).toMatch(/fewer ids/);
    }
  });
});
