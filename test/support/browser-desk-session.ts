// The set-up every end-to-end file shares: the renderer built, the CUPS queues there, a
// browser-mode station with its sandbox and demo devices, one Chromium and one desk page open on
// it; a screenshot of any failing test; and everything stopped afterwards. Call it inside a
// describe block; read `station` and `desk` from the result once the tests run.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, openDesk, type Desk } from './browser-desk.js';
import { ensureRendererBuilt, startBrowserStation, type BrowserStation, type BrowserStationOptions } from './browser-station.js';
import { ensureCupsQueues } from './cups.js';

export interface DeskSession {
  readonly station: BrowserStation;
  readonly desk: Desk;
}

export function useDeskSession(options: { station?: BrowserStationOptions; beforeStop?: () => Promise<void> } = {}): DeskSession {
  const session = {} as { station: BrowserStation; desk: Desk; browser: Browser };
  beforeAll(async () => {
    await ensureRendererBuilt();
    await ensureCupsQueues();
    session.station = await startBrowserStation(options.station);
    session.browser = await launchChromium();
    session.desk = await openDesk(session.browser);
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
