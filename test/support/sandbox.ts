// Starts a real sandbox over HTTPS for a test file and gives a small pinned-CA client for it.
import { Agent, fetch } from 'undici';
import { generateTls, type SandboxTls } from '../../electron/sandbox/tls.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox/sandbox.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/api/limits.js';

let tlsOnce: Promise<SandboxTls> | undefined;

export interface CallResult {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer was JSON. */
  json: any;
  bytes: Buffer;
  contentType: string;
}

export interface TestSandbox extends RunningSandbox {
  tls: SandboxTls;
  dispatcher: Agent;
  /** An access token of the primary seller's self-access app. */
  token: string;
  /** An access token of the other seller (for "not yours" cases). */
  otherToken: string;
  call(method: string, path: string, init?: { body?: unknown; rawBody?: string | Buffer; token?: string | null; headers?: Record<string, string> }): Promise<CallResult>;
}

export async function startTestSandbox(options: Omit<SandboxOptions, 'tls'> = {}): Promise<TestSandbox> {
  tlsOnce ??= generateTls();
  const tls = await tlsOnce;
  const sandbox = await startSandbox({ labelDelayMs: 0, ...options, tls });
  const dispatcher = new Agent({ connect: { ca: tls.caCert }, keepAliveTimeout: 10_000 });
  const world = sandbox.world;
  const token = world.issueToken(world.apps.get(sandbox.info.selfAccess.appId)!, 'access', ACCESS_TOKEN_TTL_SECONDS, 'Seller_Api').token;
  const otherToken = world.issueToken(world.apps.get(sandbox.info.otherSelfAccess.appId)!, 'access', ACCESS_TOKEN_TTL_SECONDS, 'Seller_Api').token;

  const call: TestSandbox['call'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    const auth = init.token === undefined ? token : init.token;
    if (auth !== null && !headers.authorization) headers.authorization = `Bearer ${auth}`;
    let body: string | Buffer | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(sandbox.baseUrl + path, { method, headers, body, dispatcher, redirect: 'manual' });
    const bytes = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type') ?? '';
    let json: unknown;
    if (contentType.includes('json') && bytes.length > 0) json = JSON.parse(bytes.toString('utf8'));
    return { status: res.status, headers: res.headers as unknown as Headers, json, bytes, contentType };
  };

  return {
    ...sandbox,
    tls,
    dispatcher,
    token,
    otherToken,
    call,
    close: async () => {
      await dispatcher.close();
      await sandbox.close();
    },
  };
}
