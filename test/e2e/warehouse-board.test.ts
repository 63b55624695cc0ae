// The lead's board in Chromium at 1366x768, live, against a real PostgreSQL and the sandbox: a
// desk packs real shipments at the marketplace (journaled, shipped by its outbox), and the board
// page of the board-only host shows them without a reload; the desk app in warehouse mode has the
// Warehouse screen in its navigation (Alt+9) with the same figures, and Activity's "Whole
// warehouse" lists the other desk's packs with its desk and operator.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoardMode, type RunningBoardMode } from '../../electron/host/board-mode.js';
import { ARTIFACTS_DIR, haveChromium, launchChromium, openDesk as openBrowserDesk } from '../support/browser-desk.js';
import { ensureRendererBuilt, RENDERER_DIR, startBrowserStation, type BrowserStation } from '../support/browser-station.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { until } from '../support/until.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { clientFor } from '../support/station-client.js';
import { GSTIN, openDesk, packOneByOne, type Desk } from '../support/warehouse-desk.js';

const VIEWPORT = { width: 1366, height: 768 };

describe.runIf(requirePostgres() && haveChromium())("the lead's board in Chromium", () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let url: string;
  let board: RunningBoardMode;
  let browser: Browser;
  let desk: Desk;
  let ids: string[];

  beforeAll(async () => {
    await ensureRendererBuilt();
    sb = await startTestSandbox({ shipments: 0 });
    url = await wh.freshUrl();
    board = await startBoardMode({ dataDir: mkdtempSync(join(tmpdir(), 'board-e2e-')), rendererDir: RENDERER_DIR, port: 0, env: { STATION_WAREHOUSE_URL: url } });
    browser = await launchChromium();
    desk = await openDesk(wh.pool({ url, max: 2 }), clientFor(sb), 'Desk 7', { now: () => new Date() });
    desk.outbox.start();
    const created = await sb.call('POST', '/sandbox/shipments', { token: null, body: { count: 3, locationId: sb.info.locations[0], kind: 'plain' } });
    ids = created.json.shipmentIds as string[];
  });
  afterAll(async () => {
    desk?.keeper.stop();
    await desk?.outbox.stop();
    await desk?.journal.close();
    await desk?.client.close();
    await browser?.close();
    await board?.stop();
    await sb?.close();
  });

  const deskRow = (page: Page, name: string) => page.getByRole('table', { name: 'Desks' }).getByRole('row', { name: new RegExp(`^${name}\\b`) });

  it('shows a desk packing, live, on the board-only page', async () => {
    const page = await browser.newPage({ viewport: VIEWPORT });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    try {
      await page.goto(board.url);
      await page.getByText('Live: updates as desks work').waitFor({ timeout: 20_000 });
      await page.getByText('No desk has been heard from in the last 24 hours.').waitFor();
      expect(await page.getByRole('navigation', { name: 'Screens' }).count()).toBe(0); // no desk screens here

      await packOneByOne(desk, ids);
      // The marketplace packed each shipment once, at this desk (a read settles its documents).
      const states = await desk.client.orders.getShipments({ shipmentIds: ids });
      expect(states.filter((s) => s.orderItems.some((i) => i.status !== 'PACKED'))).toEqual([]);
      const packed = sb.world.events.filter((e) => e.kind === 'Packed' && ids.includes(e.shipmentId ?? ''));
      expect(packed.map((e) => e.shipmentId).sort()).toEqual([...ids].sort());
      expect(desk.packed.sort()).toEqual([...ids].sort());

      // The page follows without a reload: the desk's row and its operator's.
      await deskRow(page, 'Desk 7').getByRole('cell', { name: '3', exact: true }).waitFor({ timeout: 10_000 });
      await expect(deskRow(page, 'Desk 7').textContent()).resolves.toContain('op-Desk 7');
      await page.getByRole('table', { name: 'Operators' }).getByRole('row', { name: /op-Desk 7/ }).getByRole('cell', { name: '3', exact: true }).waitFor();
      await page.screenshot({ path: join(ARTIFACTS_DIR, 'warehouse-board-live.png') });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  describe('at a desk in warehouse mode', () => {
    let station: BrowserStation;
    beforeAll(async () => {
      station = await startBrowserStation({ devices: false, sandboxOptions: { shipments: 0 }, settings: { warehouse: { url, registration: GSTIN } } });
    });
    afterAll(async () => {
      await station?.stop();
    });

    it('has Warehouse in the navigation (Alt+9) with the same board, and Activity for the whole warehouse', async () => {
      const app = await openBrowserDesk(browser);
      try {
        await app.page.setViewportSize(VIEWPORT);
        await app.open(station.url);
        const nav = app.page.getByRole('navigation', { name: 'Screens' });
        await nav.getByRole('button', { name: /^Warehouse\b/ }).waitFor({ timeout: 10_000 });
        await app.page.keyboard.press('Alt+9');
        const screen = app.page.getByRole('main', { name: 'Warehouse' });
        await screen.getByText('Live: updates as desks work').waitFor({ timeout: 20_000 });
        await deskRow(app.page, 'Desk 7').getByRole('cell', { name: '3', exact: true }).waitFor({ timeout: 10_000 });
        await app.page.screenshot({ path: join(ARTIFACTS_DIR, 'warehouse-desk-screen.png') });

        // The lead releases a shipment Desk 7 holds open: typed (or scanned) and Enter.
        const [held] = (await sb.call('POST', '/sandbox/shipments', { token: null, body: { count: 1, locationId: sb.info.locations[0], kind: 'plain' } })).json.shipmentIds as string[];
        expect(await desk.claims.claim(held, 'Desk 7', 'op-Desk 7')).toMatchObject({ ok: true });
        const release = screen.getByRole('form', { name: 'Release a claim' });
        await release.getByRole('textbox').fill(held);
        await app.page.keyboard.press('Enter');
        await release.getByRole('status').filter({ hasText: 'Released' }).waitFor({ timeout: 10_000 });
        const row = (await wh.pool({ url }).query('SELECT desk FROM claims WHERE shipment_id = $1', [held])).rows[0];
        expect(row.desk).toBeNull();
        // A packed shipment cannot be released: said in words, nothing changes.
        await release.getByRole('textbox').fill(ids[0]);
        await app.page.keyboard.press('Enter');
        await release.getByRole('status').filter({ hasText: 'not held by any desk' }).waitFor({ timeout: 10_000 });
        expect((await wh.pool({ url }).query('SELECT desk FROM claims WHERE shipment_id = $1', [ids[0]])).rows[0].desk).toBe('Desk 7');
        await app.page.screenshot({ path: join(ARTIFACTS_DIR, 'warehouse-release.png') });

        // Activity: this desk has packed nothing; the whole warehouse shows Desk 7's packs.
        await app.page.keyboard.press('Alt+7');
        const activity = app.page.getByRole('main', { name: 'Activity' });
        await activity.getByRole('radio', { name: 'This desk' }).waitFor();
        expect(await activity.getByRole('radio', { name: 'This desk' }).isChecked()).toBe(true);
        await activity.getByRole('radio', { name: 'Whole warehouse' }).check();
        const trail = activity.getByRole('table', { name: 'Audit trail of every desk' });
        for (const id of ids) await trail.getByRole('row').filter({ hasText: id }).filter({ hasText: 'Desk 7' }).filter({ hasText: 'op-Desk 7' }).first().waitFor({ timeout: 10_000 });
        await activity.getByRole('form', { name: "Search the warehouse's activity" }).getByLabel('Search text').fill(ids[1]);
        await app.page.keyboard.press('Enter');
        await activity.getByText(`matching “${ids[1]}”`).waitFor();
        // The table follows the search a moment after the summary line: wait for its rows to follow.
        await until('the trail narrowed to the searched shipment', async () => {
          const rows = await trail.getByRole('row').allTextContents();
          return rows.length > 1 && rows.slice(1).every((r) => r.includes(ids[1])) ? true : undefined;
        });
        await app.page.screenshot({ path: join(ARTIFACTS_DIR, 'warehouse-activity.png') });
        // Back to this desk's own trail.
        await activity.getByRole('radio', { name: 'This desk' }).check();
        await expect(trail.isVisible()).resolves.toBe(false);
        expect(app.problems).toEqual([]);
      } finally {
        await app.close();
      }
    });
  });
});
