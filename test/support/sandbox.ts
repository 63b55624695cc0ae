// Starts a real sandbox over HTTPS for a test file and gives a small pinned-CA client for it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { generateTls, type SandboxTls } from '../../electron/sandbox/tls.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox/sandbox.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/api/limits.js';
import { CONTROL_TOKEN_HEADER } from '../../electron/sandbox/platform/control-token.js';

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
  /**
   * A request to the sandbox. Control API paths (/sandbox/...) carry X-Sandbox-Control with the
   * sandbox's control token unless `control` says otherwise (null: no header; a string: that value).
   */
  call(method: string, path: string, init?: { body?: unknown; rawBody?: string | Buffer; token?: string | null; headers?: Record<string, string>; control?: string | null }): Promise<CallResult>;
}

/** Options of startTestSandbox: every sandbox option but the TLS material (one CA per test run). */
export type TestSandboxOptions = Omit<SandboxOptions, 'tls'>;

export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
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
    const control = init.control === undefined ? sandbox.controlToken : init.control;
    if (path.startsWith('/sandbox/') && control !== null) headers[CONTROL_TOKEN_HEADER] ??= control;
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

/** The value of an Authorization: Basic header for an application (spec § Authentication 5). */
export function basicAuth(app: { appId: string; appSecret: string }): string {
  return `Basic ${Buffer.from(`${app.appId}:${app.appSecret}`).toString('base64')}`;
}

/** GET /oauth-service/oauth/token with Basic auth and the given query; the real token endpoint. */
export function tokenCall(sb: TestSandbox, app: { appId: string; appSecret: string }, query: Record<string, string>, path = '/oauth-service/oauth/token'): Promise<CallResult> {
  return sb.call('GET', `${path}?${new URLSearchParams(query)}`, { token: null, headers: { authorization: basicAuth(app) } });
}

/** An access token of the primary seller obtained through the client-credentials grant. */
export async function clientCredentialsToken(sb: TestSandbox): Promise<string> {
  const r = await tokenCall(sb, sb.info.selfAccess, { grant_type: 'client_credentials', scope: 'Seller_Api,Default' });
  if (r.status !== 200) throw new Error(`token endpoint answered ${r.status}: ${r.bytes.toString('utf8')}`);
  return r.json.access_token as string;
}

/**
 * Signs the primary seller in on the authorize page and presses Allow, as a browser would post
 * the form. Returns the redirect the sandbox answered with.
 */
export async function authorizeViaForm(
  sb: TestSandbox,
  init: { state: string; password?: string; decision?: 'allow' | 'deny'; redirectUri?: string },
): Promise<CallResult & { location?: URL }> {
  const form = new URLSearchParams({
    client_id: sb.info.thirdParty.appId,
    redirect_uri: init.redirectUri ?? sb.info.thirdParty.redirectUri,
    response_type: 'code',
    scope: 'Seller_Api',
    state: init.state,
    username: sb.info.seller.username,
    password: init.password ?? sb.info.seller.password,
    decision: init.decision ?? 'allow',
  });
  const r = await sb.call('POST', '/oauth-service/oauth/authorize', {
    token: null,
    rawBody: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const location = r.headers.get('location');
  return { ...r, location: location ? new URL(location) : undefined };
}

export interface SandboxProcess {
  child: import('node:child_process').ChildProcess;
  /** The parsed ready line of the CLI. */
  ready: {
    baseUrl: string;
    caCertPath: string;
    sellerId: string;
    locations: string[];
    selfAccess: { appId: string; appSecret: string };
    thirdParty: { appId: string; appSecret: string; redirectUri: string };
    seller: { username: string; password: string };
    /** The X-Sandbox-Control value of the control API. */
    controlToken: string;
    cases?: Record<string, string[]>;
  };
  /** Resolves with the exit code (or signal name) once the process ended. */
  exited: Promise<number | string>;
  stderr: () => string;
}

/** Runs `tsx electron/sandbox/cli.ts ARGS` as a child process and waits for its ready line. */
export async function spawnSandboxCli(args: string[], timeoutMs = 30_000): Promise<SandboxProcess> {
  const { spawn } = await import('node:child_process');
  const { createInterface } = await import('node:readline');
  const root = new URL('../..', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before its ready line; stderr: ${stderr}`));
    });
  });
  return { child, ready: JSON.parse(first), exited, stderr: () => stderr };
}

/**
 * A fetch client pinned to a CA certificate file (the CLI's caCertPath). With a control token,
 * calls to /sandbox/ paths carry it in X-Sandbox-Control.
 */
export async function pinnedClient(caCertPath: string, controlToken?: string) {
  const { readFileSync } = await import('node:fs');
  const dispatcher = new Agent({ connect: { ca: readFileSync(caCertPath, 'utf8') } });
  return {
    dispatcher,
    async json(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      const control = controlToken && new URL(url).pathname.startsWith('/sandbox/') ? { [CONTROL_TOKEN_HEADER]: controlToken } : {};
      const res = await fetch(url, {
        method,
        dispatcher,
        headers: body === undefined ? { ...control, ...headers } : { 'content-type': 'application/json', ...control, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    },
  };
}

/**
 * What the station command line reads to reach a test sandbox (`--sandbox-info FILE`): its address,
 * its CA certificate (written beside it as ca.pem), seller, locations and self-access keys.
 * Returns the file's path in `dir`.
 */
export function writeSandboxInfo(sb: TestSandbox, dir: string): string {
  const caCertPath = join(dir, 'ca.pem');
  writeFileSync(caCertPath, sb.tls.caCert);
  const info = join(dir, 'sandbox-info.json');
  writeFileSync(info, JSON.stringify({ baseUrl: sb.baseUrl, caCertPath, sellerId: sb.info.sellerId, locations: sb.info.locations, selfAccess: sb.info.selfAccess }) + '\n');
  return info;
}
