// The office's screens in the pseudo-locale (and Hindi for the screenshots), end to end in
// Chromium at 1366x768 over browser mode, with the desk in warehouse mode on a real PostgreSQL:
// a return received by keyboard (done at the marketplace, back in stock), found again on Activity,
// the lead's board, and a listing's price edited (changed at the marketplace). On each screen no
// word of the English catalogue is left unconverted, and nothing is cut off.
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { type BrowserStation } from '../support/browser-station.js';
import { catalogueWords, clippedText, englishAt, unconvertedWords } from '../support/pseudo-words.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { createReturnVia } from '../support/selfship-fixtures.js';
import { GSTIN } from '../support/warehouse-desk.js';
import { pseudoText } from '../../shared/i18n/pseudo-locale.js';

describe.runIf(haveChromium() && requirePostgres())('the office screens in the pseudo-locale', () => {
  const wh = useWarehouseDatabase();
  const english = catalogueWords();
  let whUrl = '';
  const session = useDeskSession({
    station: async () => ({ settings: { desk: { name: 'Desk 1', operator: 'Meena' }, warehouse: { url: (whUrl = await wh.freshUrl()), registration: GSTIN } } }),
    printers: false,
  });
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  /**
   * Words of the English catalogue on the screen, less the marketplace's own data (product titles,
   * return reasons, the desk's and operator's names), which stays in its words, and the names on
   * the keys (<kbd>Enter</kbd>).
   */
  async function unconverted(data: string[], root = 'main'): Promise<string[]> {
    return unconvertedWords(desk.page, english, data, root);
  }

  /** Elements whose text is cut off, or past the right edge of the window. */
  const clipped = () => clippedText(desk.page);

  async function language(id: string) {
    await desk.page.keyboard.press('Alt+8');
    await desk.page.locator('#set-language').selectOption(id);
    await expect.poll(() => desk.page.evaluate(() => (globalThis as any).document.documentElement.lang)).toBe(id === 'pseudo' ? 'en' : id);
  }

  it('receives a return, finds it on Activity, reads the board and edits a price: done at the marketplace, no English left, nothing cut off', async () => {
    const { page } = desk;
    const sb = station.sandbox;
    const location = sb.info.locations[0]!;
    const [shipmentId] = await station.createShipments('plain', 1);
    const item = sb.world.shipments.get(shipmentId!)!.orderItems[0]!;
    const returnId = await createReturnVia(sb, item.orderItemId, 'standard');
    const stock = () => ((sb.world.listingsOf(sb.info.sellerId).get(item.sku)!.data as any).locations as { id: string; inventory: number }[]).find((l) => l.id === location)?.inventory;
    const before = stock()!;
    const data = [item.title ?? '', item.sku, returnId, sb.world.returns.get(returnId)?.reason ?? '', 'Desk 1', 'Meena'].filter(Boolean);

    await language('pseudo');
    // Returns (Alt+5): the return's label scanned as a wedge burst, Enter to confirm, 1: sellable, Enter: no camera, done.
    await page.keyboard.press('Alt+5');
    await page.locator('#return-scan').waitFor();
    await desk.wedgeScan(returnId);
    await page.getByRole('group', { name: /\[Íš ţĥíš ŕéţûŕñ/ }).waitFor({ timeout: 15_000 });
    expect(await unconverted(data), 'Returns, the return in hand').toEqual([]);
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: /\[Ŵĥáţ çáɱé ƀáçķ/ }).waitFor();
    await page.keyboard.press('1');
    await page.getByRole('group', { name: /\[Þĥöţöš öƒ ŕéţûŕñ/ }).waitFor();
    await page.keyboard.press('Enter');
    const result = page.locator('form .result');
    await expect.poll(() => words(result), { timeout: 15_000 }).toContain(`${returnId} ŕéçéíṽéð`);
    // What happened: received at the marketplace, and the unit back in stock at this location.
    await expect.poll(() => sb.world.returns.get(returnId)?.status).toBe('COMPLETED');
    expect(stock()).toBe(before + item.quantity);
    await desk.screenshot('office-pseudo-returns');
    expect(await unconverted(data), 'Returns, received').toEqual([]);
    expect(await clipped(), 'Returns').toEqual([]);

    // Activity (Alt+7): the receipt in the audit trail, in the pseudo-locale's words.
    await page.keyboard.press('Alt+7');
    await page.locator('#act-text').fill(returnId);
    await page.keyboard.press('Enter');
    const trail = page.getByRole('table', { name: '[Áûðíţ ţŕáíĺ ~~~~]' });
    await expect.poll(() => words(trail), { timeout: 15_000 }).toContain(`[Ŕéçéíṽéð ŕéţûŕñ ${returnId}`);
    await desk.screenshot('office-pseudo-activity');
    expect(await unconverted(data), 'Activity').toEqual([]);
    expect(await clipped(), 'Activity').toEqual([]);

    // The lead's board (Alt+9): live, this desk on it.
    await page.keyboard.press('Alt+9');
    await expect.poll(() => words(page.locator('main')), { timeout: 20_000 }).toContain('[Ĺíṽé: ûþðáţéš');
    await desk.screenshot('office-pseudo-warehouse');
    expect(await unconverted(data), 'Warehouse').toEqual([]);
    expect(await clipped(), 'Warehouse').toEqual([]);

    // Listings (Alt+6): a quick edit of the returned product's price, by keyboard.
    await page.keyboard.press('Alt+6');
    await page.locator('#ls-text').fill(item.sku);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `[Ǫûíçķ éðíţ ${item.sku} ~~~~]` }).click({ timeout: 15_000 });
    const quick = page.getByRole('form', { name: `[Ǫûíçķ éðíţ ${item.sku} ~~~~]` });
    const mrp = Number(await quick.getByLabel('[ṀŔÞ (₹) ~~~]').inputValue());
    await quick.getByLabel('[Šéĺĺíñĝ þŕíçé (₹) ~~~~~~]').fill(String(mrp - 3));
    await page.keyboard.press('Enter');
    await expect.poll(() => words(page.locator('main')), { timeout: 15_000 }).toContain(`[${item.sku}: šáṽéð. ~~~]`);
    // What happened: the marketplace holds the new price.
    await expect.poll(() => JSON.stringify(sb.world.listingsOf(sb.info.sellerId).get(item.sku)!.data)).toContain(`"selling_price":${mrp - 3}`);
    await desk.screenshot('office-pseudo-listings');
    expect(await unconverted(data), 'Listings').toEqual([]);
    expect(await clipped(), 'Listings').toEqual([]);

    // The same screens in Hindi, for the eye.
    await language('hi');
    for (const [key, name] of [
      ['Alt+5', 'returns'],
      ['Alt+7', 'activity'],
      ['Alt+9', 'warehouse'],
      ['Alt+6', 'listings'],
    ] as const) {
      await page.keyboard.press(key);
      await page.waitForTimeout(700);
      await desk.screenshot(`office-hi-${name}`);
      expect(await clipped(), `Hindi ${name}`).toEqual([]);
    }
    await language('en');
    expect(desk.problems).toEqual([]);
  }, 120_000);

  it('the full listing form with its errors, the CSV panel with a preview and results, and Setup → Printers and Packing video: no English left, nothing cut off', async () => {
    const { page } = desk;
    const sb = station.sandbox;
    const listings = [...sb.world.listingsOf(sb.info.sellerId).values()].map((l) => ({ sku: l.sku, data: l.data as { product_id: string; price: { mrp: number } } }));
    const [good, bad] = listings.filter((l) => l.data.price?.mrp > 10);
    const said = (key: string, params: Record<string, string | number> = {}) => Object.entries(params).reduce((text, [k, v]) => text.split(`{{${k}}}`).join(String(v)), pseudoText(englishAt(key)));
    await language('pseudo');

    // Listings → the full form: a selling price above the MRP and the rest left empty, sent by keyboard.
    await page.keyboard.press('Alt+6');
    await page.locator('#lt-form').click();
    await page.locator('#lf-sku').fill('NEW-PSEUDO-1');
    await page.locator('#lf-price-mrp').fill('100');
    await page.locator('#lf-price-selling_price').fill('150');
    await page.keyboard.press('Enter');
    const summary = page.locator('form .error-summary');
    await expect.poll(() => words(summary)).toContain(said('listings.issue.spAboveMrp', { sp: 150, mrp: 100 }));
    expect(await page.locator('#lf-price-selling_price').getAttribute('aria-invalid')).toBe('true');
    expect(await words(page.locator('#lf-product_id-error'))).toBe(said('listings.issue.required', { label: pseudoText('Product ID') }));
    await desk.screenshot('office-pseudo-listing-form');
    expect(await unconverted(['NEW-PSEUDO-1', ...listings.map((l) => l.sku)]), 'the listing form').toEqual([]);
    expect(await clipped(), 'the listing form').toEqual([]);
    expect(sb.world.listingsOf(sb.info.sellerId).has('NEW-PSEUDO-1')).toBe(false);

    // Listings → bulk CSV: one sound row, one above the MRP, one not a whole number; previewed, then applied.
    await page.locator('#lt-bulk').click();
    const sp = good!.data.price.mrp - 4;
    const csv = ['sku,product_id,mrp,selling_price', `${good!.sku},${good!.data.product_id},${good!.data.price.mrp},${sp}`, `${bad!.sku},${bad!.data.product_id},100,150`, `${bad!.sku}-X,P,12.5,10`].join('\n');
    await page.locator('#bulk-csv').fill(csv);
    await page.locator('form[aria-label] button[type=submit]').filter({ hasText: pseudoText('Preview') }).click();
    await expect.poll(() => words(page.locator('main table').first()), { timeout: 15_000 }).toContain(said('listings.bulk.row', { row: 4 }));
    // The file's own text (in the paste box) and its ids are data.
    const bulkData = [...csv.split('\n'), good!.sku, bad!.sku, `${bad!.sku}-X`, good!.data.product_id, bad!.data.product_id];
    expect(await unconverted(bulkData), 'the CSV preview').toEqual([]);
    await page.getByRole('button', { name: said('listings.bulk.applyN_one', { count: 1 }) }).click();
    await expect.poll(() => words(page.locator('main')), { timeout: 20_000 }).toContain(said('listings.bulk.allChanged_one', { count: 1 }));
    // What happened: the marketplace holds the new price of the sound row only.
    await expect.poll(() => JSON.stringify(sb.world.listingsOf(sb.info.sellerId).get(good!.sku)!.data)).toContain(`"selling_price":${sp}`);
    expect(JSON.stringify(sb.world.listingsOf(sb.info.sellerId).get(bad!.sku)!.data)).not.toContain('"selling_price":150');
    await desk.screenshot('office-pseudo-listings-csv');
    expect(await unconverted(bulkData), 'the CSV results').toEqual([]);
    expect(await clipped(), 'the CSV panel').toEqual([]);

    // Setup → Printers and Packing video.
    await page.keyboard.press('Alt+8');
    const printers = page.locator('section.printers-setup');
    await expect.poll(() => words(printers.locator('h2'))).toBe(pseudoText('Printers'));
    await printers.scrollIntoViewIfNeeded();
    await desk.screenshot('office-pseudo-setup-printers');
    const video = page.locator('section.video-setup');
    await expect.poll(() => words(video.locator('h2'))).toBe(pseudoText('Packing video'));
    await video.scrollIntoViewIfNeeded();
    await desk.screenshot('office-pseudo-setup-video');
    const printerNames = (await page.locator('#printer-label option').evaluateAll((os) => os.map((o) => (o as { value: string }).value)))
      .filter(Boolean)
      // Longest first: "PDF" is inside "Save as PDF (folder)".
      .sort((a, b) => b.length - a.length);
    // These two parts of Setup (the rest of Setup is walked elsewhere).
    expect(await unconverted(printerNames, 'section.printers-setup'), 'Setup → Printers').toEqual([]);
    expect(await unconverted([], 'section.video-setup'), 'Setup → Packing video').toEqual([]);
    expect(await clipped(), 'Setup').toEqual([]);

    // The same parts in Hindi, for the eye.
    await language('hi');
    await printers.scrollIntoViewIfNeeded();
    await desk.screenshot('office-hi-setup-printers');
    await video.scrollIntoViewIfNeeded();
    await desk.screenshot('office-hi-setup-video');
    expect(await clipped(), 'Hindi Setup').toEqual([]);
    await page.keyboard.press('Alt+6');
    await page.locator('#lt-form').click();
    await page.locator('#lf-price-selling_price').fill('150');
    await page.locator('#lf-price-mrp').fill('100');
    await page.keyboard.press('Enter');
    await summary.waitFor();
    await desk.screenshot('office-hi-listing-form');
    expect(await clipped(), 'Hindi listing form').toEqual([]);
    await language('en');
    expect(desk.problems).toEqual([]);
  }, 180_000);

  it('the whole of Setup, every part open, in the pseudo-locale: no English left, nothing cut off; the same in Hindi', async () => {
    const { page } = desk;
    await language('pseudo');
    await page.keyboard.press('Alt+8');
    const setup = page.locator('section.screen-setup');
    await expect.poll(() => words(setup.locator('h1'))).toBe(pseudoText('Setup'));
    // The warehouse link read from the station, said in the pseudo-locale's words.
    await expect.poll(() => words(setup.locator('section[aria-labelledby="wh-title"] p[role="status"]').first()), { timeout: 15_000 }).toContain(pseudoText('schema version').slice(1, 10));
    // The parts that open on demand: the device form, for a scale (its own protocol list).
    await page.getByRole('button', { name: pseudoText(englishAt('devices.add')) }).click();
    const deviceForm = page.getByRole('form', { name: pseudoText(englishAt('devices.add')) });
    await deviceForm.locator('#dev-role').selectOption('scale');
    // The desk's data: printer, port, device and language names, the desk and operator, the database address and the registration.
    const names = async (selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()).filter(Boolean));
    const data = [
      ...(await page.locator('#printer-label option').evaluateAll((os) => os.map((o) => (o as { value: string }).value))).filter(Boolean),
      ...(await names('#dev-port option')).filter((n) => !n.startsWith('[')),
      ...(await names('.device-list strong')),
      // Each language is named in its own words in the language lists.
      ...(await names('#set-language option')),
      'MT-SICS', 'NCI (SCP-01)', 'Toledo 8217', 'Cubiscan',
      whUrl,
      GSTIN, 'Desk 1', 'Meena',
    ]
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    await desk.screenshot('office-pseudo-setup-top');
    expect(await unconverted(data, 'section.screen-setup'), 'the whole of Setup').toEqual([]);
    expect(await clipped(), 'Setup').toEqual([]);

    // The same in Hindi, part by part, for the eye.
    await language('hi');
    for (const part of ['#conn-title', '#language-heading', '#operators-heading', '#wh-title', '#devices-title']) {
      const heading = page.locator(part);
      await heading.scrollIntoViewIfNeeded();
      await desk.screenshot(`office-hi-setup-${part.slice(1)}`);
    }
    expect(await clipped(), 'Hindi Setup').toEqual([]);
    await page.keyboard.press('Escape');
    await language('en');
    expect(desk.problems).toEqual([]);
  }, 120_000);
});
