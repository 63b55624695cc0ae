// The set-up every end-to-end file shares: the renderer built, the CUPS queues there, a
// browser-mode station with its sandbox and demo devices, one Chromium and one desk page open on
// it; a screenshot of any failing test; and everything stopped afterwards. Call it inside a
// describe block; read `station` and `desk` from the result once the tests run.
//
// A file that needs something up before the station (a PostgreSQL cluster) registers its own
// beforeAll/afterAll before calling this: vitest runs after-hooks in reverse, so the station
// stops before what it depends on.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, openDesk, type Desk } from './browser-desk.js';
import { ensureRendererBuilt, startBrowserStation, type BrowserStation, type BrowserStationOptions } from './browser-station.js';
import { ensureCupsQueues } from './cups.js';

export interface DeskSession {
  readonly station: BrowserStation;
  readonly desk: Desk;
}

export interface DeskSessionOptions {
  /** The station's options, or a function giving them once earlier hooks ran (a fresh database's address). */
  station?: BrowserStationOptions | (() => BrowserStationOptions | Promise<BrowserStationOptions>);
  /** false: the file prints nothing, so the CUPS queues are not set up. */
  printers?: boolean;
  /** The desk page's browser context (the sign-in test accepts the sandbox's own certificate there). */
  page?: Parameters<typeof openDesk>[1];
  beforeStop?: () => Promise<void>;
}

export function useDeskSession(options: DeskSessionOptions = {}): DeskSession {
  const session = {} as { station: BrowserStation; desk: Desk; browser: Browser };
  beforeAll(async () => {
    await ensureRendererBuilt();
    if (options.printers !== false) await ensureCupsQueues();
    session.station = await startBrowserStation(typeof options.station === 'function' ? await options.station() : options.station);
    session.browser = await launchChromium();
    session.desk = await openDesk(session.browser, options.page);
    await session.desk.open(session.station.url);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await session.desk?.screenshot(`failed-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });
  afterAll(async () => {
    await options.beforeStop?.().catch(() => undefined);
    await session.desk?.close();
    await session.browser?.close();
    await session.station?.stop();
  });
  return session;
}
