// A three-box shipment from the wave to the truck, in Chromium over browser mode on a 1366x768
// desk, with the keyboard: Alt+W and Enter preview the wave, Ctrl+Enter packs it; the batch's
// label job (read back from the CUPS spool) holds the shipment's three slips right after its
// label; Dispatch's loading check takes the label for box 1 and each slip's printed barcode for
// its box, and the lead ticks a box off by hand through the confirmation.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxCode } from '../../shared/box-codes.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import type { BrowserStation } from '../support/browser-station.js';
import { readCode128 } from '../support/code128-reader.js';
import { cupsAvailable } from '../support/cups.js';
import { renderGray } from '../support/document-poppler.js';
import { order, stateAt } from '../support/wave-fixtures.js';

const ready = haveChromium() && cupsAvailable();

describe.skipIf(!ready)('a three-box shipment from the wave to the truck', () => {
  const session = useDeskSession({ station: { devices: false, settings: { printing: { invoices: 'labelOnly' } }, sandboxOptions: { shipments: 0, labelDelayMs: 0 } } });
  let station: BrowserStation;
  let desk: Desk;
  let id: string;
  beforeAll(async () => {
    ({ station, desk } = session);
    const location = station.sandbox.info.locations[0]!;
    for (let i = 0; i < 20 && !id; i++) {
      const [made] = await order(station.sandbox, { locationId: location, kind: 'mps' });
      if (station.sandbox.world.shipments.get(made!)!.subShipments.length === 3) id = made!;
    }
    expect(id, 'a three-package shipment').toBeDefined();
    await desk.page.setViewportSize({ width: 1366, height: 768 });
  });

  it('the wave prints its label then its three slips; at the truck the label ticks box 1, the slips the rest, and the lead ticks one off by hand', async () => {
    const { page } = desk;
    const since = Date.now();
    await desk.go('Pack');
    await page.keyboard.press('Alt+w');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => words(desk.status()), { timeout: 60_000 }).toMatch(/Wave finished/);

    const printed = await waitForPrintedPdf(since, new RegExp(`Box 3 of 3[^]*${id}`), { timeoutMs: 60_000 });
    const pages = printed.text.split('\f');
    const label = pages.findIndex((t) => t.includes(id) && !/Box \d of/.test(t));
    expect(label).toBeGreaterThanOrEqual(0);
    for (const n of [1, 2, 3]) expect(pages[label + n]).toContain(`Box ${n} of 3`);
    const pdf = readFileSync(printed.path);
    const codes = [];
    for (const n of [2, 3]) codes.push(...readCode128(await renderGray(pdf, label + 1 + n, 203)));
    expect(codes).toEqual([boxCode(id, 2, 3), boxCode(id, 3, 3)]);

    // The wave left it packed; the Dispatch screen marks it ready by its label, then loads the truck.
    await expect.poll(() => stateAt(station.sandbox, id), { timeout: 20_000 }).toMatch(/PACKED|READY_TO_DISPATCH/);
    await desk.go('Dispatch');
    if (stateAt(station.sandbox, id) === 'PACKED') {
      await desk.wedgeScan(id);
      await expect.poll(() => stateAt(station.sandbox, id), { timeout: 20_000 }).toBe('READY_TO_DISPATCH');
    }
    await page.getByRole('button', { name: 'Start the scan-out check' }).click();
    const row = page.getByRole('list', { name: 'Loading list' }).getByRole('listitem').filter({ hasText: id });
    await expect.poll(() => words(row)).toContain('0 of 3 boxes');
    await desk.wedgeScan(id);
    await expect.poll(() => words(row)).toContain('1 of 3 boxes, missing box 2, 3');
    await desk.wedgeScan(codes[0]!);
    await expect.poll(() => words(row)).toContain('2 of 3 boxes, missing box 3');

    // Box 3's slip is torn: the lead ticks it off, by keyboard, after reading what it does.
    await row.getByRole('button', { name: `Lead: tick off ${id} box 3 of 3 by hand` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Tick off ${id} box 3 of 3 by hand?` });
    await expect.poll(() => words(dialog)).toContain('counts as loaded without a scan');
    await desk.screenshot('truck-lead-tick-off-768');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => words(row)).toMatch(/^✓/);
    await desk.screenshot('truck-all-loaded-768');
  }, 180_000);
});
