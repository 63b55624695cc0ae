// The sandbox as its own process for the station benches, as a real marketplace would be: its
// label rendering and JSON work must not run on the station's event loop. Pinned to the last core
// where taskset exists, the station keeping the others. And a station opened on it.
// BENCH_SANDBOX_PROFILE_DIR=DIR writes a V8 CPU profile of the sandbox there, to see its share.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Agent, fetch } from 'undici';
import { openStation, openStores, type Station } from '../../electron/station/station.js';

/** Whether `taskset` can pin a process to a core here (util-linux). */
export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export interface SandboxProcess {
  info: SandboxInfo;
  child: ChildProcess;
  call(path: string, body: unknown): Promise<any>;
  /** A GET of the control API (the event log). */
  get(path: string): Promise<any>;
  stop(): Promise<void>;
}

/**
 * Starts `electron/sandbox/cli.ts` on a fresh state directory and waits for its ready line.
 * `pinned: false` leaves it on every core, for benches whose own processes share the machine with it.
 */
export async function startSandboxProcess(dir: string, extra: string[] = ['--label-delay-ms', '0'], options: { pinned?: boolean } = {}): Promise<SandboxProcess> {
  const core = (options.pinned ?? true) && cpus().length > 1 && hasTaskset ? ['taskset', '-c', String(cpus().length - 1)] : [];
  const argv = [...core, process.execPath, ...(process.env.BENCH_SANDBOX_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SANDBOX_PROFILE_DIR] : []), '--import', 'tsx', 'electron/sandbox/cli.ts', '--port', '0', '--shipments', '0', '--state-dir', dir, ...extra];
  const child = spawn(argv[0], argv.slice(1), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const info = JSON.parse(line) as SandboxInfo;
  const agent = new Agent({ connect: { ca: readFileSync(info.caCertPath, 'utf8') } });
  const call = async (path: string, body: unknown) => {
    const res = await fetch(info.baseUrl + path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-sandbox-control': info.controlToken }, dispatcher: agent });
    return res.json();
  };
  const get = async (path: string) => (await fetch(info.baseUrl + path, { headers: { 'x-sandbox-control': info.controlToken }, dispatcher: agent })).json();
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    await agent.close();
  };
  return { info, child, call, get, stop };
}

export interface SandboxInfo {
  baseUrl: string;
  caCertPath: string;
  sellerId: string;
  locations: string[];
  selfAccess: { appId: string; appSecret: string };
  controlToken: string;
}

export async function stationOn(info: SandboxInfo, dir: string): Promise<Station> {
  const app = info.selfAccess;
  return openStation({
    stores: openStores(dir),
    connection: { kind: 'sandboxInfo', baseUrl: info.baseUrl, identity: info.baseUrl, caPem: readFileSync(info.caCertPath, 'utf8'), mode: 'selfAccess', appId: app.appId, credentials: async () => app, locations: info.locations, now: () => Date.now(), close: async () => undefined },
  });
}

