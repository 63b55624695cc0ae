// GET /v3/shipments/{ids}/invoices over real HTTPS answers the format the client asked for: the
// invoice record as JSON when Accept asks for JSON, or when there is no Accept (or only */*) and
// the request's Content-Type is JSON, as generated SDK clients send; the PDF otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { makeShipments, packed } from './shipments-fixtures.js';

let sb: TestSandbox;
let path: string;
let shipmentId: string;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0 });
  [shipmentId] = makeShipments(sb, 'plain');
  await packed(sb, [shipmentId]);
  path = `/sellers/v3/shipments/${shipmentId}/invoices`;
});
afterAll(() => sb.close());

/** A GET with exactly these headers: undici's request adds no Accept of its own. */
async function invoices(headers: Record<string, string>) {
  const res = await request(sb.baseUrl + path, { method: 'GET', headers: { authorization: `Bearer ${sb.token}`, ...headers }, dispatcher: sb.dispatcher });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), bytes };
}

function expectJson(r: Awaited<ReturnType<typeof invoices>>) {
  expect(r.status).toBe(200);
  expect(r.type).toMatch(/^application\/json/);
  const body = JSON.parse(r.bytes.toString('utf8'));
  expect(body.invoices.map((i: { shipmentId: string }) => i.shipmentId)).toEqual([shipmentId]);
}

function expectPdf(r: Awaited<ReturnType<typeof invoices>>) {
  expect(r.status).toBe(200);
  expect(r.type).toBe('application/pdf');
  expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

describe('invoice format by what the request asks for', () => {
  it('JSON for Content-Type: application/json and no Accept (the SDK call that got a PDF)', async () => {
    expectJson(await invoices({ 'content-type': 'application/json' }));
    expectJson(await invoices({ 'content-type': 'application/json; charset=utf-8', accept: '*/*' }));
  });

  it('JSON when Accept asks for JSON, whatever the Content-Type', async () => {
    expectJson(await invoices({ accept: 'application/json' }));
    expectJson(await invoices({ accept: 'application/json;q=0.9, text/plain', 'content-type': 'text/plain' }));
  });

  it('the PDF when Accept asks for the PDF, even with a JSON Content-Type', async () => {
    expectPdf(await invoices({ accept: 'application/pdf', 'content-type': 'application/json' }));
    expectPdf(await invoices({ accept: 'application/pdf, application/json' }));
  });

  it('the PDF when nothing says JSON', async () => {
    expectPdf(await invoices({}));
    expectPdf(await invoices({ accept: '*/*' }));
    expectPdf(await invoices({ 'content-type': 'text/plain' }));
  });
});
