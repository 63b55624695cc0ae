// Listings → bulk from CSV as an office works, in Chromium over browser mode: a real file on disk is
// chosen, previewed, edited (as a spreadsheet saves it), chosen again under the same name, and
// applied. The second choice is read afresh (the preview names the file with its size and save
// time), the marketplace gets the edited price, and after Apply the results stand next to Apply,
// which has nothing left to apply.
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium, words } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';

describe.skipIf(!haveChromium())('a bulk CSV file chosen again after it was edited', () => {
  const session = useDeskSession({ printers: false, station: { devices: false } });

  it('is read again, said with its name, size and save time, and its edited price reaches the marketplace', async () => {
    const { station, desk } = session;
    const page = desk.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    const sb = station.sandbox;
    const listing = () => sb.world.listingsOf(sb.info.sellerId).get('KTL-BLK-005')!;
    const { mrp } = listing().data.price as { mrp: number };
    const productId = listing().data.product_id as string;
    const path = join(mkdtempSync(join(tmpdir(), 'bulk-file-')), 'prices.csv');
    const write = (price: number, savedAt: string) => {
      writeFileSync(path, `sku,product_id,mrp,selling_price\nKTL-BLK-005,${productId},${mrp},${price}\n`);
      utimesSync(path, new Date(savedAt), new Date(savedAt));
    };
    const choose = async () => {
      const chooser = page.waitForEvent('filechooser');
      await page.locator('label[for=bulk-file]').click();
      await (await chooser).setFiles(path);
    };
    const form = page.getByRole('form', { name: 'Bulk change' });
    const previewStatus = page.locator('#lp-bulk p[role=status]');

    await desk.go('Listings');
    await page.locator('#lt-bulk').click();
    write(mrp - 5, '2026-11-28T04:40:00Z');
    await choose();
    // Emptied once read: choosing the same file again fires again.
    expect(await page.locator('#bulk-file').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => words(previewStatus)).toMatch(/^Checked prices\.csv \(0\.\d kB, saved 28 Nov, 10:10\)\. 1 of 1 rows? changes something/);

    // Edited in a spreadsheet and saved under the same name, then chosen again.
    write(mrp - 9, '2026-11-28T04:52:00Z');
    await choose();
    await form.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => words(previewStatus)).toMatch(/^Checked prices\.csv \(0\.\d kB, saved 28 Nov, 10:22\)\./);
    await expect.poll(() => words(page.locator('#lp-bulk table'))).toContain(`→ ${mrp - 9}`);
    await desk.screenshot('listings-bulk-file-chosen-again');

    await form.getByRole('button', { name: 'Apply 1 change' }).click();
    await expect.poll(() => JSON.stringify(listing().data), { timeout: 20_000 }).toContain(`"selling_price":${mrp - 9}`);
    const results = page.getByRole('table', { name: 'Result per SKU' });
    await expect.poll(() => words(results)).toContain('KTL-BLK-005');
    // Apply has nothing left to apply; the results stand just below it, in view.
    expect(await form.getByRole('button', { name: /^Apply/ }).innerText()).toBe('Apply');
    const apply = (await form.getByRole('button', { name: /^Apply/ }).boundingBox())!;
    const table = (await results.boundingBox())!;
    expect(table.y - (apply.y + apply.height)).toBeLessThan(200);
    expect(table.y).toBeLessThan(768);
    await desk.screenshot('listings-bulk-file-applied');
    expect(desk.problems).toEqual([]);
  }, 120_000);
});
