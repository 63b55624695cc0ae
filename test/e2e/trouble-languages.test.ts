// Every screen's trouble states in the pseudo-locale, end to end in Chromium at 1366x768 over
// browser mode, one station (in warehouse mode on a real PostgreSQL) and one page: a garbled
// scan, an unknown code, a held shipment, a wrong item, an unknown barcode, a shipment cancelled
// while open, a pack the marketplace refuses, the label printer stopped, an expired marketplace
// token, a return label that matches nothing, a listing the marketplace refuses, and the
// warehouse database stopped, each made for real (sandbox control, a CUPS queue disabled, the
// database cluster stopped). Each is checked where it happened (the sandbox's state, the journal),
// and on each screen no word of the English catalogue is left and nothing is cut off.
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { type BrowserStation } from '../support/browser-station.js';
import { createPdfQueue, cupsAvailable, disableQueue, DOCUMENT_QUEUE, enableQueue, removeQueue } from '../support/cups.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { catalogueWords, clippedText, unconvertedWords } from '../support/pseudo-words.js';
import { GSTIN } from '../support/warehouse-desk.js';
import { pseudoText } from '../../shared/i18n/pseudo-locale.js';

const QUEUE = `STATION-E2E-TROUBLE-${process.pid}`;
/** Said by the printer (CUPS), not by the app: its own words. */
const PRINTER_REASON = 'Out of labels';
/** What the sandbox says for a failure injected on an operation: the marketplace's own words. */
const marketplaceFault = (operation: string) => `An internal marketplace system failed (injected fault on ${operation})`;
const PACK_OPERATION = 'POST /v3/shipments/labels';
const PRICE_OPERATION = 'POST /listings/v3/update/price';
/** The station's own printer that files PDFs in a folder: a printer's name. */
const FOLDER_PRINTER = 'Save as PDF (folder)';

describe.runIf(haveChromium() && cupsAvailable() && requirePostgres())("every screen's trouble states in the pseudo-locale", () => {
  const wh = useWarehouseDatabase();
  const english = catalogueWords();
  beforeAll(() => createPdfQueue(QUEUE));
  const session = useDeskSession({
    station: async () => ({
      devices: false,
      settings: {
        desk: { name: 'Desk 1', operator: 'Meena' },
        printers: { label: QUEUE, invoice: DOCUMENT_QUEUE, manifest: DOCUMENT_QUEUE },
        warehouse: { url: await wh.freshUrl(), registration: GSTIN },
      },
    }),
    beforeStop: () => removeQueue(QUEUE),
  });
  let station: BrowserStation;
  let desk: Desk;
  /** The product scanned in the wrong shipment, found again on Activity. */
  let wrongItem = '';
  beforeAll(async () => {
    ({ station, desk } = session);
    await desk.page.setViewportSize({ width: 1366, height: 768 });
  });

  async function call<T>(command: string, args: unknown): Promise<T> {
    const reply = await station.running.station.dispatcher.handle({ t: 'call', id: 1, command, args }, { transport: 'memory' });
    if (!reply?.ok) throw new Error(`${command}: ${JSON.stringify(reply)}`);
    return reply.value as T;
  }
  /** The desk's language, set as Setup does from another window: the page follows where it is. */
  async function language(id: string) {
    await call('settings.update', { language: id });
    await expect.poll(() => desk.page.evaluate(() => (globalThis as any).document.documentElement.lang)).toBe(id === 'pseudo' ? 'en' : id);
    // The pseudo-locale's lang is English: its brackets on the screen's heading say it is on.
    if (id === 'pseudo') await expect.poll(() => words(desk.page.locator('main h1').first())).toMatch(/^\[/);
  }
  const status = () => desk.page.locator('.status-line p[role="status"]');
  const heading = (id: string) => desk.page.locator('main h2').filter({ hasText: id });
  const sandbox = (method: string, path: string, body?: unknown) => station.sandbox.call(method, path, { body });
  const statuses = (id: string) => [...new Set(station.sandbox.world.shipments.get(id)!.orderItems.map((i) => i.status))];

  /**
   * The trouble on screen: no English word of the catalogue left (outside the data given),
   * nothing cut off; and its screenshot.
   */
  async function check(name: string, data: string[] = []) {
    await desk.screenshot(`trouble-pseudo-${name}`);
    const body = await desk.page.locator('body').innerText();
    const left = await unconvertedWords(desk.page, english, [...data, 'Desk 1', 'Meena', QUEUE, DOCUMENT_QUEUE, FOLDER_PRINTER, `${station.dataDir}/printed`], 'body', 'kbd');
    // Each word with its line, to say where it is.
    const where = left.map((w) => body.split('\n').find((line) => line.includes(w)) ?? w);
    const cut = await clippedText(desk.page, 'header button, main h1, main h2, main button, main label, main legend, main th, main caption, .status-line p');
    expect({ english: where, cut }, name).toEqual({ english: [], cut: [] });
  }

  /** Opens a shipment, scans every unit and types its size: ready for Enter. */
  async function ready(id: string) {
    await desk.wedgeScan(id);
    await heading(id).waitFor({ timeout: 15_000 });
    for (const sku of station.unitScans(id)) await desk.wedgeScan(sku);
    const fields = desk.page.locator('.typed-measure input');
    await fields.first().waitFor();
    for (const [n, v] of ['30', '20', '10', '1.2'].entries()) await fields.nth(n).fill(v);
    await fields.nth(3).press('Enter');
    await expect.poll(() => desk.page.locator('#pack-scan').getAttribute('placeholder')).toBe(pseudoText('Ready: press Enter to pack'));
  }
  /** The audit trail's lines matching a text, as Activity reads them from the journal. */
  const trail = (text: string) => call<{ kind: string; reasons?: { key: string }[] }[]>('activity.search', { text, limit: 50 });

  it('Pack: a garbled scan, an unknown code, a held shipment, a wrong item, an unknown barcode, a cancelled shipment and a refused pack', async () => {
    const { page } = desk;
    await page.keyboard.press('Alt+1');
    await language('pseudo');
    await page.locator('#pack-scan').waitFor();

    // A garbled scan: a burst far longer than any code. Nothing opens.
    await desk.wedgeScan('Z'.repeat(140));
    await expect.poll(() => words(status())).toContain('140');
    expect(await page.locator('main h2').filter({ hasText: /SH/ }).count()).toBe(0);
    await check('pack-garbled');

    // An unknown code with nothing open: no shipment, order or single-item product matches.
    await desk.wedgeScan('NO-SUCH-CODE-77');
    await expect.poll(() => words(status())).toContain('NO-SUCH-CODE-77');
    await check('pack-unknown-code', ['NO-SUCH-CODE-77']);

    // A shipment the marketplace holds: refused, not opened.
    const [held] = await station.createShipments('hold');
    await desk.wedgeScan(held!);
    await expect.poll(() => words(status())).toContain(held!);
    expect(await heading(held!).count()).toBe(0);
    await check('pack-held', [held!]);

    // A wrong item, then an unknown barcode, in an open shipment: neither is counted.
    const [id] = await station.createShipments('plain', 1, 1);
    const skus = station.unitScans(id!);
    const titles = station.sandbox.world.shipments.get(id!)!.orderItems.map((i) => i.title ?? '');
    const other = (wrongItem = [...station.sandbox.world.listingsOf(station.sandbox.info.sellerId).keys()].find((s) => !skus.includes(s))!);
    await desk.wedgeScan(id!);
    await heading(id!).waitFor({ timeout: 15_000 });
    await desk.wedgeScan(other);
    await expect.poll(() => words(status())).toContain(other);
    await expect.poll(() => page.locator('.status-line').getAttribute('class')).toContain('tone-error');
    expect((await trail(other)).find((e) => e.kind === 'scan.refused')?.reasons?.[0]?.key).toBe('station.pack.wrongItem');
    await check('pack-wrong-item', [id!, other, ...titles]);
    await desk.wedgeScan('8905550001236');
    await page.locator('.barcode-prompt').waitFor({ timeout: 10_000 });
    // The products offered: the shipment's titles and SKUs (the marketplace's words).
    const offered = await page.locator('.barcode-choices li').allInnerTexts();
    await check('pack-unknown-barcode', [id!, other, ...titles, '8905550001236', ...skus, ...offered]);
    await page.keyboard.press('Escape');
    // Neither was counted.
    expect(await words(heading(id!))).toContain(`${id}: 0 `);
    await page.locator('#pack-scan').press('Escape');

    // A shipment cancelled by the buyer while it is open and ready: Enter is refused, nothing packed.
    const [cancelled] = await station.createShipments('plain', 1, 1);
    await ready(cancelled!);
    expect((await sandbox('POST', `/sandbox/shipments/${cancelled}/cancel`, { by: 'buyer' })).status).toBe(200);
    await page.locator('#pack-scan').press('Enter');
    await expect.poll(() => page.locator('.status-line').getAttribute('class'), { timeout: 15_000 }).toContain('tone-error');
    expect(statuses(cancelled!)).toEqual(['CANCELLED']);
    await check('pack-cancelled', [cancelled!, ...station.unitScans(cancelled!), station.sandbox.world.shipments.get(cancelled!)!.orderItems[0]!.title ?? '']);
    await page.locator('#pack-scan').press('Escape');

    // A pack the marketplace refuses (its own system failed): still approved there, the desk says so.
    const [refused] = await station.createShipments('plain', 1, 1);
    await ready(refused!);
    expect((await sandbox('POST', '/sandbox/faults', { errorRate: 1, errorKind: 'DEPENDENT_SYSTEM_CALL_FAILED', operations: [PACK_OPERATION] })).status).toBe(200);
    try {
      await page.locator('#pack-scan').press('Enter');
      await expect.poll(() => page.locator('.status-line').getAttribute('class'), { timeout: 20_000 }).toContain('tone-error');
      expect(statuses(refused!)).toEqual(['APPROVED']);
      // The marketplace's own words stay its own.
      await check('pack-refused', [refused!, ...station.unitScans(refused!), station.sandbox.world.shipments.get(refused!)!.orderItems[0]!.title ?? '', marketplaceFault(PACK_OPERATION)]);
    } finally {
      await sandbox('POST', '/sandbox/faults', {});
    }
    await page.locator('#pack-scan').press('Escape');
    expect(desk.problems).toEqual([]);
  }, 180_000);
  it('the label printer stopped (at Pack and on Print), an expired marketplace token (Queue), a return label that matches nothing, a listing the marketplace refuses', async () => {
    const { page } = desk;
    await language('pseudo');
    await page.keyboard.press('Alt+1');

    // The label printer out of labels: packed at the marketplace, the label waits, never "printed".
    const [id] = await station.createShipments('plain', 1, 1);
    const data = [id!, ...station.unitScans(id!), station.sandbox.world.shipments.get(id!)!.orderItems[0]!.title ?? '', PRINTER_REASON];
    await disableQueue(QUEUE, PRINTER_REASON);
    try {
      await ready(id!);
      await page.locator('#pack-scan').press('Enter');
      const job = page.locator('main li').filter({ hasText: id! }).filter({ hasText: PRINTER_REASON });
      await job.first().waitFor({ timeout: 30_000 });
      expect(statuses(id!)).toEqual(['PACKED']);
      await check('pack-printer-stopped', data);
      await page.keyboard.press('Alt+3');
      await expect.poll(() => words(page.locator('main')), { timeout: 15_000 }).toContain(PRINTER_REASON);
      await check('print-printer-stopped', [...data, `label-${id}`]);
    } finally {
      await enableQueue(QUEUE);
    }
    await expect.poll(() => statuses(id!), { timeout: 30_000 }).toEqual(['READY_TO_DISPATCH']);

    // Every marketplace token expired: the Queue reads the marketplace again with a new one.
    const clients = async () => ((await sandbox('GET', '/sandbox/requests')).json.clients as unknown[]).length;
    const before = await clients();
    expect((await sandbox('POST', '/sandbox/tokens/expire')).status).toBe(200);
    const [queued] = await station.createShipments('plain', 1, 1);
    await page.keyboard.press('Alt+2');
    // Alt+R reads the marketplace now: with the expired token first, then a new one.
    await page.locator('main [role="listbox"]').waitFor();
    await page.keyboard.press('Alt+R');
    await expect.poll(() => words(page.locator('main')), { timeout: 30_000 }).toContain(queued!);
    expect(await clients()).toBeGreaterThan(before);
    const shown = await page.locator('main [role="option"], main tr').allInnerTexts();
    await check('queue-token-expired', [...shown.join('\n').split('\n')]);

    // Returns: a label that matches no return is refused in words, and journaled as refused.
    await page.keyboard.press('Alt+5');
    await page.locator('#return-scan').waitFor();
    await desk.wedgeScan('NO-SUCH-PARCEL-42');
    await expect.poll(() => words(page.locator('main')), { timeout: 15_000 }).toContain('NO-SUCH-PARCEL-42');
    await expect.poll(async () => (await trail('NO-SUCH-PARCEL-42')).map((e) => e.kind)).toContain('returns.refused');
    await check('returns-no-match', ['NO-SUCH-PARCEL-42']);

    // Listings: a price the marketplace refuses (its own system failed): unchanged there, said in words.
    const sku = [...station.sandbox.world.listingsOf(station.sandbox.info.sellerId).keys()][0]!;
    const listed = () => JSON.stringify(station.sandbox.world.listingsOf(station.sandbox.info.sellerId).get(sku)!.data);
    await page.keyboard.press('Alt+6');
    await page.locator('#ls-text').fill(sku);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `[Ǫûíçķ éðíţ ${sku} ~~~~]` }).click({ timeout: 15_000 });
    const quick = page.getByRole('form', { name: `[Ǫûíçķ éðíţ ${sku} ~~~~]` });
    const mrp = Number(await quick.getByLabel('[ṀŔÞ (₹) ~~~]').inputValue());
    const was = listed();
    const fault = marketplaceFault(PRICE_OPERATION);
    expect((await sandbox('POST', '/sandbox/faults', { errorRate: 1, errorKind: 'DEPENDENT_SYSTEM_CALL_FAILED', operations: [PRICE_OPERATION] })).status).toBe(200);
    try {
      await quick.getByLabel('[Šéĺĺíñĝ þŕíçé (₹) ~~~~~~]').fill(String(mrp - 7));
      await page.keyboard.press('Enter');
      await expect.poll(() => words(quick), { timeout: 20_000 }).toContain(fault);
      expect(listed()).toBe(was);
      await quick.evaluate((el: any) => el.scrollIntoView({ block: 'end' }));
      const rows = await page.locator('main table tr').allInnerTexts();
      await check('listings-refused', [sku, fault, ...rows.join('\n').split(/\n|\t/)]);
    } finally {
      await sandbox('POST', '/sandbox/faults', {});
    }
    await page.keyboard.press('Escape');
    expect(desk.problems).toEqual([]);
  }, 180_000);

  it("Activity: the refused scans with their reasons; the whole warehouse's search with the database stopped", async () => {
    const { page } = desk;
    await language('pseudo');
    await page.keyboard.press('Alt+7');
    await page.locator('#act-text').fill(wrongItem);
    await page.keyboard.press('Enter');
    const table = page.locator('main table').first();
    // The reason said in the desk's language (it was journaled as catalogue keys).
    await expect.poll(() => words(table), { timeout: 15_000 }).toContain(`${pseudoText('Wrong item').slice(0, -1).trim()}`.slice(1, 8));
    const refusedRow = table.locator('tbody tr').filter({ hasText: pseudoText('Wrong item').slice(1, 8) }).first();
    await refusedRow.scrollIntoViewIfNeeded();
    // The marketplace's own words inside a failed price change of the same SKU stay its own.
    await check('activity-refused-scan', [wrongItem, ...station.sandbox.world.shipments.keys(), marketplaceFault(PRICE_OPERATION), marketplaceFault(PACK_OPERATION), 'DEPENDENT_SYSTEM_CALL_FAILED']);

    // The warehouse database stopped: the whole warehouse's Activity says so in the desk's language.
    wh.cluster.stop();
    try {
      await page.getByRole('radio', { name: pseudoText('Whole warehouse') }).check();
      await page.locator('#wact-text').fill('NO-SUCH-THING');
      await page.keyboard.press('Enter');
      await expect.poll(() => words(page.locator('.warehouse-activity [role="alert"]')), { timeout: 30_000 }).toContain(pseudoText('The warehouse database did not answer').slice(0, 20));
      await check('activity-warehouse-stopped', ['NO-SUCH-THING']);
    } finally {
      wh.cluster.start();
    }
    await page.getByRole('radio', { name: pseudoText('This desk') }).check();
    expect(desk.problems).toEqual([]);
  }, 120_000);
});
