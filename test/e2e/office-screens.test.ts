// The lead's and the office's walk through a shift, in Chromium at a 1366 px desk screen over the
// browser-mode host: the Queue by keyboard with columns that keep apart, the Dispatch screen's
// courier groups, handover and scan-out, and the cancel dialog, the favicon. Every check is what the
// person sees, holds or what the marketplace (the sandbox) now says.
import { boxCode } from '../../shared/box-codes.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { readyToDispatch } from '../sandbox/shipments-fixtures.js';
import { parseCsv, readBulkCsv } from '../../shared/listing-csv.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import { readFileSync } from 'node:fs';

const ready = haveChromium() && cupsAvailable() && requireTool('socat');

describe.skipIf(!ready)("the lead's and the office's screens", () => {
  const session = useDeskSession({ station: { settings: { rtdPolicy: 'endOfWave' } } });
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  /** Packed and marked ready to dispatch at the marketplace, as another desk would have done. */
  async function shipmentsReadyToDispatch(kind: string, count: number): Promise<string[]> {
    const ids = await station.createShipments(kind, count);
    const delay = station.sandbox.world.labelDelayMs;
    station.sandbox.world.labelDelayMs = 0;
    try {
      await readyToDispatch(station.sandbox, ids);
    } finally {
      station.sandbox.world.labelDelayMs = delay;
    }
    return ids;
  }

  it('the header says where the desk is signed in, uncut beside the device chips at 1366 px; the icon is served', async () => {
    const signIn = desk.page.locator('.sign-in');
    await expect.poll(() => words(desk.page.getByRole('list', { name: 'Devices' }))).toMatch(/scale: ready/);
    expect(await words(signIn)).toBe('Signed in to the Sandbox');
    const cut = await signIn.evaluate((el: any) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);

    const href = await desk.page.locator('link[rel=icon]').getAttribute('href');
    const answer = await desk.page.request.get(new URL(href!, desk.page.url()).toString());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/svg/);
  });

  it('Queue: after Alt+2 the arrows and Enter work at once; every column keeps to its width at 1366 px', async () => {
    const { page } = desk;
    await shipmentsReadyToDispatch('plain', 1);
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+2');
    const list = page.getByRole('listbox', { name: 'Shipments' });
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThan(2);
    const second = await list.getByRole('option').nth(1).locator('.row-id').innerText();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await desk.screen('Pack').waitFor();
    await expect.poll(() => words(desk.status())).toContain(`Shipment ${second} opened`);
    await page.keyboard.press('Escape');

    // Every shipment the lead may look at: 'Ready to dispatch' is the longest state.
    await page.keyboard.press('Alt+2');
    await expect.poll(() => words(list)).toContain('Ready to dispatch');
    // Runs in the page (the tests' own types have no DOM).
    const clipped = await list.evaluate((el: any) => {
      const doc = (globalThis as any).document;
      const bad: string[] = [];
      for (const row of el.querySelectorAll('[role=option]')) {
        const cells = [...row.children] as any[];
        for (const cell of cells.slice(0, 3)) {
          // The text's own width, to the subpixel: an ellipsis may hide half a pixel.
          const range = doc.createRange();
          range.selectNodeContents(cell);
          if (range.getBoundingClientRect().width > cell.getBoundingClientRect().width) bad.push(`${cell.className}: ${cell.textContent}`);
        }
        for (let i = 1; i < cells.length; i++) {
          const a = cells[i - 1]!.getBoundingClientRect();
          const b = cells[i]!.getBoundingClientRect();
          if (a.width > 0 && b.width > 0 && a.right > b.left + 0.5) bad.push(`${cells[i - 1]!.className} runs into ${cells[i]!.className}`);
        }
      }
      return bad;
    });
    expect(clipped).toEqual([]);
    await desk.screenshot('queue-keyboard');
  });

  it('Listings: a template and an export of the current prices download as files a spreadsheet opens, with product_id', async () => {
    const { page } = desk;
    await desk.go('Listings');
    await page.getByRole('tab', { name: 'Bulk from CSV' }).click();
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download a template' }).click()]);
    expect(template.suggestedFilename()).toBe('listings-prices-template.csv');
    expect(readFileSync((await template.path())!, 'utf8')).toBe('\ufeffsku,product_id,mrp,selling_price,title\r\n');

    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the current prices' }).click()]);
    const text = readFileSync((await exported.path())!, 'utf8');
    const lines = readBulkCsv(text, 'price');
    const some = [...station.sandbox.world.listingsOf(station.sandbox.info.sellerId).values()].find((l) => !l.hyperlocal && (l.data as any).listing_status === 'ACTIVE')!;
    expect(lines).toContainEqual(expect.objectContaining({ sku: some.sku, productId: (some.data as any).product_id, mrp: (some.data as any).price.mrp }));
    await expect.poll(() => words(page.getByRole('status').filter({ hasText: 'saved with' }))).toMatch(/listings-prices-\d{4}-\d{2}-\d{2}\.csv saved with \d+ listings/);
    await desk.screenshot('listings-bulk');
  });

  it('Dispatch: one row per courier group with the courier\'s code; the scan-out check ticks parcels off as they are scanned', async () => {
    const { page } = desk;
    const ids = [...(await shipmentsReadyToDispatch('plain', 2)), ...(await shipmentsReadyToDispatch('mps', 1))];
    await desk.go('Dispatch');
    const table = page.getByRole('table');
    await page.getByRole('button', { name: 'Refresh counts' }).click();
    const groups = new Set([...station.sandbox.world.shipments.values()].filter((s) => s.orderItems.every((i) => i.status === 'READY_TO_DISPATCH')).map((s) => s.vendorGroupCode));
    await expect.poll(() => table.getByRole('row').count()).toBe(groups.size + 1);
    await page.getByRole('button', { name: 'Start the scan-out check' }).click();
    const progress = page.getByRole('status', { name: 'Loading progress' });
    await expect.poll(() => words(progress)).toMatch(/^Loaded 0 of \d+ boxes\./);
    // The parcels' labels, as typed at the truck (the scanner path is the same scan target: test/renderer/dispatch-handover).
    await page.getByLabel('Parcel that will not scan').fill(ids[0]!);
    await page.getByLabel('Parcel that will not scan').press('Enter');
    await expect.poll(() => words(desk.status())).toContain(`${ids[0]} loaded`);
    // The multi-package shipment: its label is on box 1 and ticks it; box 1's slip names the same box.
    const boxes = station.sandbox.world.shipments.get(ids[2]!)!.subShipments.length;
    await page.getByLabel('Parcel that will not scan').fill(ids[2]!);
    await page.getByLabel('Parcel that will not scan').press('Enter');
    await expect.poll(() => words(desk.status())).toContain(`${ids[2]} box 1 of ${boxes} loaded (1 of ${boxes} boxes; missing box 2`);
    await page.getByLabel('Parcel that will not scan').fill(boxCode(ids[2]!, 1, boxes));
    await page.getByLabel('Parcel that will not scan').press('Enter');
    await expect.poll(() => words(desk.status())).toContain(`${ids[2]} box 1 of ${boxes} is already ticked off as loaded`);
    await expect.poll(() => words(progress)).toMatch(new RegExp(`^Loaded 2 of \\d+ boxes\\. Missing \\d+ shipments: .*${ids[2]} \\(box 2.* of ${boxes}\\)`));
    expect(await words(progress)).toContain(ids[1]!);
    expect(await words(progress)).not.toContain(ids[0]!);
    await desk.screenshot('dispatch-scan-out');
  });

  it('Queue and Activity (filtered) export to CSV and print to PDF: the file and the paper hold the rows shown', async () => {
    const { page } = desk;
    const [searched] = await station.createShipments('plain', 1);
    await desk.go('Queue');
    await page.getByLabel('Search any id or SKU').fill(searched!);
    const list = page.getByRole('listbox', { name: 'Shipments' });
    await expect.poll(() => list.getByRole('option').count()).toBe(1);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to CSV' }).click()]);
    const rows = parseCsv(readFileSync((await csv.path())!, 'utf8'));
    expect(rows.map((r) => r.fields[0])).toEqual(['Shipment', searched]);
    expect(rows[1]!.fields[3]).toBe('To pack');
    let since = Date.now();
    await page.getByRole('button', { name: 'Print to PDF' }).click();
    const queuePaper = await waitForPrintedPdf(since, new RegExp(`Queue[\\s\\S]*search: ${searched}[\\s\\S]*${searched}`));
    expect(queuePaper.text).toMatch(/1 shipment;/);

    // Something to audit: a shipment packed at this desk today, then Activity filtered to it.
    await page.keyboard.press('Alt+1');
    await desk.typeScan(searched!);
    await expect.poll(() => words(desk.status())).toContain(`Shipment ${searched} opened`);
    await page.keyboard.press('Escape');
    await expect.poll(() => words(desk.status())).toContain('put aside');
    await desk.go('Activity');
    await page.getByLabel('Search text').fill(searched!);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const table = page.getByRole('table', { name: 'Audit trail' });
    // The unfiltered trail holds the shipment too: wait until every row shown is the filtered one.
    await expect
      .poll(async () => {
        const texts = await table.getByRole('row').allInnerTexts();
        return texts.length > 1 && texts.slice(1).every((t) => t.includes(searched!));
      })
      .toBe(true);
    const shownRows = await table.getByRole('row').count();
    const [activityCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to CSV' }).click()]);
    const activityRows = parseCsv(readFileSync((await activityCsv.path())!, 'utf8'));
    expect(activityRows).toHaveLength(shownRows);
    expect(activityRows.slice(1).every((r) => r.fields.join(' ').includes(searched!))).toBe(true);
    since = Date.now();
    await page.getByRole('button', { name: 'Print to PDF' }).click();
    const paper = await waitForPrintedPdf(since, new RegExp(`Activity[\\s\\S]*search: ${searched}`));
    expect(paper.text).toContain(searched!);
    expect(paper.text).toMatch(/page 1 of 1/);
    await desk.screenshot('activity-export');
  });
});
