// Browser mode as a whole: the station (demo mode with the embedded sandbox when no marketplace
// is configured) built over the data folder, served with the built renderer by the host. Used by
// `npm run web`, by `npm start` when no Electron runtime is installed, and by tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSER_LOG_FILE, openRedactedLog } from '../station/composition/redacted-log.js';
import { openStores } from '../station/station.js';
import { buildStation, type BuildStationOptions, type BuiltStation } from './compose.js';
import { startHost, type RunningHost } from './host-server.js';
import { SESSIONS_FILE } from './browser-sessions.js';
import { pageKey } from './page-access.js';

export interface BrowserModeOptions {
  dataDir: string;
  rendererDir: string;
  port?: number;
  log?: (line: string) => void;
  /** Replaces the embedded sandbox (tests). */
  demo?: BuildStationOptions['demo'];
  /** Replaces demo mode's simulated devices (tests keep a handle on them); false for none. */
  simulators?: BuildStationOptions['simulators'];
  /** Further services for the station (a printer backend). */
  extra?: BuildStationOptions['extra'];
}

export interface RunningBrowserMode {
  host: RunningHost;
  station: BuiltStation;
  /** The station's log: logs/browser.log in the data folder (masked), and options.log. */
  log(line: string): void;
  stop(): Promise<void>;
}

/** The app's version from package.json (next to out/ and electron/ in every layout). */
export function appVersion(packageJsonPath: string): string {
  try {
    const parsed = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export async function startBrowserMode(options: BrowserModeOptions & { version: string }): Promise<RunningBrowserMode> {
  const stores = openStores(options.dataDir);
  // Masked as the desktop app's log is: the values the secret store holds, and secret shapes.
  const file = openRedactedLog(options.dataDir, BROWSER_LOG_FILE);
  const secrets = file.watch(stores.secrets);
  const log = (line: string) => {
    file.line(line);
    options.log?.(file.redact(line));
  };
  const station = await buildStation({
    dataDir: options.dataDir,
    settings: stores.settings,
    secrets,
    version: options.version,
    demo: options.demo,
    simulators: options.simulators,
    extra: options.extra,
    log,
  });
  await station.start();
  let host: RunningHost;
  try {
    // The install's key: the page token is the same after a restart on the same port, so an open tab carries on.
    const key = pageKey(options.dataDir);
    host = await startHost({ dispatcher: station.dispatcher, hub: station.hub, rendererDir: options.rendererDir, port: options.port, key, sessionsFile: join(options.dataDir, SESSIONS_FILE), log });
  } catch (e) {
    await station.stop();
    throw e;
  }
  let stopping: Promise<void> | undefined;
  return {
    host,
    station,
    log,
    stop: () => (stopping ??= host.close().then(() => station.stop())),
  };
}
