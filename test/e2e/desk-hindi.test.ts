// The whole packing desk once in Hindi, end to end in Chromium over browser mode: the lead sets
// the desk's language to हिन्दी in Setup; the packer scans a phone shipment, scans a wrong item
// (refused), the phone and its IMEI, weighs and packs it; then a two-box shipment whose label comes
// out with a Hindi box slip per box; marks both ready to dispatch on the Dispatch screen, ticks the
// boxes onto the truck with the scan-out check and prints the courier's manifest. Every step is
// checked where it happened (the sandbox marketplace, the CUPS spool read back with pdftotext, the
// station's journal) and the screens are read for English left over: only ids, codes, product
// names and the English words packers use as they are (SKU, IMEI, Enter, Esc …) may remain.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../shared/barcodes.js';
import { boxCode } from '../../shared/box-codes.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { journalOnDisk } from '../support/journal-on-disk.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import type { BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';
import { order, wavePackableProducts } from '../support/wave-fixtures.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

/** A valid IMEI: 14 digits and their Luhn check digit. */
const imei = (body14: string): string => body14 + String(luhnCheckDigit(body14));

/**
 * The PDFs the station handed to CUPS (its print spool, kept for reprints), newest first, with
 * their text. cups-pdf renders them again through PostScript, which keeps Helvetica's text but
 * not the Unicode of embedded CID fonts: the Hindi words are read from what the station sent.
 */
function stationSpool(dataDir: string): { path: string; text: string }[] {
  const dir = join(dataDir, 'print-spool');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((path) => ({ path, text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }) }));
}

/** The English words packers say as they are, and units: never a sign of an untranslated string. */
const FLOOR_WORDS = new Set(['SKU', 'IMEI', 'FSN', 'EAN', 'Enter', 'Esc', 'Ctrl', 'Alt', 'PDF', 'DOCS', 'kg', 'cm', 'SH', 'OF']);

/** Latin words in a screen's text that are not ids, codes, names of things or floor words. */
function englishLeft(text: string, data: string[]): string[] {
  let rest = text;
  // Longest first: a product name may contain a shorter one.
  for (const known of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(known).join(' ');
  return (rest.match(/[A-Za-z][A-Za-z'’]+/g) ?? []).filter((w) => !FLOOR_WORDS.has(w) && !/\d/.test(w));
}

describe.skipIf(!ready)('the whole desk in Hindi', () => {
  // Ready to dispatch is the packer's own scan on the Dispatch screen.
  const session = useDeskSession({ station: { settings: { rtdPolicy: 'endOfWave' } } });
  let station: BrowserStation;
  let desk: Desk;
  let page: Page;
  const packed: string[] = [];
  beforeAll(() => void ({ station, desk } = session, { page } = session.desk));

  const scanField = () => page.getByLabel('स्कैन', { exact: true });
  const status = () => page.getByRole('status', { name: 'स्थिति पट्टी' });
  const main = (name: string): Locator => page.getByRole('main', { name });
  const typeScan = async (code: string) => {
    await scanField().fill(code);
    await scanField().press('Enter');
  };
  /** Product names, ids, SKUs, printer and location names: data, shown as the marketplace has them. */
  const dataWords = (): string[] => {
    const out = new Set<string>(['Demo scale', 'Demo dimensioner', 'Demo scanner', 'Desk 1', 'PDF-DOCS', 'PDF']);
    for (const s of station.sandbox.world.shipments.values()) {
      out.add(s.shipmentId);
      out.add(s.locationId);
      out.add(s.vendorGroupCode);
      for (const i of s.orderItems) for (const w of [i.sku, i.fsn, i.title ?? '', i.orderId, i.orderItemId]) if (w) out.add(w);
      for (const sub of s.subShipments) for (const p of sub.packages) for (const w of [p.packageTitle ?? '', p.packageSku ?? '', p.packageId]) if (w) out.add(w);
    }
    return [...out];
  };
  const noEnglish = async (where: Locator, what: string) => expect(englishLeft(await words(where), dataWords()), `${what}: English left on screen`).toEqual([]);

  it('Setup: the lead sets the desk to हिन्दी; the choice is kept by the station', async () => {
    await desk.go('Setup');
    await page.locator('#set-language').selectOption('hi');
    await expect.poll(() => page.evaluate(() => (globalThis as any).document.documentElement.lang)).toBe('hi');
    await expect.poll(() => words(page.getByRole('navigation', { name: 'स्क्रीन' }))).toContain('डिस्पैच');
    await expect.poll(() => (JSON.parse(readFileSync(join(station.dataDir, 'settings.json'), 'utf8')) as { language?: string }).language).toBe('hi');
    await desk.screenshot('hindi-1-setup');
  });

  it('Pack: a wrong item is refused, the IMEI is asked for and checked, the phone is packed and its label printed', async () => {
    const [id] = await station.createShipments('serialized', 1, 1);
    const item = station.sandbox.world.shipments.get(id!)!.orderItems[0]!;
    await page.keyboard.press('Alt+1');
    await main('पैक').waitFor();
    await typeScan(id!);
    await expect.poll(() => words(status())).toContain(`शिपमेंट ${id} खुल गया`);
    await expect.poll(() => page.getByRole('heading', { name: `शिपमेंट ${id}: 1 में से 0 पीस जाँचा गया` }).count()).toBe(1);

    await typeScan('NOT-IN-THIS-BOX-42');
    await expect.poll(() => words(status())).toBe(`गलत सामान: NOT-IN-THIS-BOX-42 शिपमेंट ${id} में नहीं है। इसे वापस रखें और सही सामान स्कैन करें।`);
    await desk.screenshot('hindi-2-wrong-item');

    await typeScan(item.sku);
    await expect.poll(() => words(page.getByRole('note'))).toContain(`${item.title} का IMEI स्कैन करें`);
    await expect.poll(() => scanField().getAttribute('placeholder')).toBe(`${item.title} का IMEI स्कैन करें`);
    await desk.screenshot('hindi-3-serial-needed');
    await typeScan('12345');
    await expect.poll(() => words(status())).toMatch(/^12345 IMEI नहीं है: IMEI में 15 अंक होते हैं, इसमें 5 हैं।/);
    const good = imei('35209900176148');
    await typeScan(good);
    await expect.poll(() => words(status())).toContain(`सीरियल ${good} दर्ज हुआ`);

    station.devices!.scale!.setWeight(0.734);
    await expect.poll(() => words(page.getByLabel('तराज़ू', { exact: true })), { timeout: 10_000 }).toMatch(/0\.734 kg\s*स्थिर, लॉक/);
    await page.getByLabel('लंबाई (cm)').fill('22');
    await page.getByLabel('चौड़ाई (cm)').fill('14');
    await page.getByLabel('ऊँचाई (cm)').fill('8');
    await page.getByLabel('ऊँचाई (cm)').press('Enter');
    await expect.poll(() => scanField().getAttribute('placeholder')).toBe('तैयार: पैक करने के लिए Enter दबाएँ');
    await noEnglish(main('पैक'), 'Pack, ready');
    await desk.screenshot('hindi-4-ready');

    const since = Date.now();
    await scanField().press('Enter');
    const labels = page.getByRole('list', { name: 'लेबल' });
    // The marketplace takes a moment to make the label (the sandbox: 1.5 s): the wait is said in Hindi.
    await expect.poll(() => words(labels), { timeout: 10_000, interval: 50 }).toMatch(new RegExp(`${id}\\s*लेबल का इंतज़ार\\s*पैक हो गया। लेबल का इंतज़ार…`));
    await desk.screenshot('hindi-4b-waiting-for-label');
    await expect.poll(() => words(labels), { timeout: 30_000 }).toMatch(new RegExp(`${id}\\s*प्रिंट हो गया`));
    const label = await waitForPrintedPdf(since, new RegExp(id!));
    expect(label.text).toContain(id);
    station.devices!.scale!.setWeight(0);
    // At the marketplace: packed with the IMEI scanned; in the journal: the refusal and the IMEI.
    const shipment = station.sandbox.world.shipments.get(id!)!;
    expect(shipment.orderItems[0]!.status).toBe('PACKED');
    expect(JSON.stringify(shipment.pack)).toContain(good);
    const scans = journalOnDisk(station.dataDir).filter((r) => r.type === 'scan');
    expect(scans.find((r) => r.value === 'NOT-IN-THIS-BOX-42')?.refused).toMatch(/^Wrong item: NOT-IN-THIS-BOX-42 is not in shipment/);
    expect(scans.some((r) => r.value === good && r.refused === undefined)).toBe(true);
    await noEnglish(main('पैक'), 'Pack, label printed');
    await desk.screenshot('hindi-5-label-printed');
    packed.push(id!);
  }, 120_000);

  it('Pack: a two-box shipment prints its label with a Hindi box slip for each box', async () => {
    const [id] = await station.createShipments('mps', 1, 1);
    const shipment = station.sandbox.world.shipments.get(id!)!;
    const boxes = shipment.subShipments.reduce((n, s) => n + s.packages.length, 0);
    expect(boxes).toBeGreaterThan(1);
    await typeScan(id!);
    for (const sku of station.unitScans(id!)) await typeScan(sku);
    await expect.poll(() => scanField().getAttribute('placeholder')).toBe('हर बॉक्स का वज़न और नाप लें (Alt+M)');
    await desk.screenshot('hindi-6-boxes-to-measure');
    // Each box measured as the marketplace expects it (a weight far off is refused as an anomaly).
    const measures = shipment.subShipments.flatMap((sub) => sub.packages.map((p) => p.dimensions));
    for (let box = 1; box <= boxes; box++) {
      const d = measures[box - 1]!;
      await page.getByLabel('लंबाई (cm)').fill(String(d.length));
      await page.getByLabel('चौड़ाई (cm)').fill(String(d.breadth));
      await page.getByLabel('ऊँचाई (cm)').fill(String(d.height));
      await page.getByLabel('वज़न (kg)').fill(String(d.weight));
      await page.getByLabel('वज़न (kg)').press('Enter');
      await expect.poll(() => words(status())).toMatch(box < boxes ? /पार्सल का वज़न और नाप हो गया; अगला/ : /हर पार्सल का वज़न और नाप हो गया। पैक के लिए तैयार: Enter दबाएँ।/);
    }
    const since = Date.now();
    await scanField().press('Enter');
    await expect.poll(() => words(page.getByRole('list', { name: 'लेबल' })), { timeout: 30_000 }).toMatch(new RegExp(`${id}\\s*प्रिंट हो गया`));
    // On paper, in the same job as the label: one slip per box after the label, its code readable.
    const printed = await waitForPrintedPdf(since, new RegExp(boxCode(id!, boxes, boxes)));
    for (let box = 1; box <= boxes; box++) expect(printed.text).toContain(boxCode(id!, box, boxes));
    expect(printed.text).not.toMatch(/\bBox \d+ of\b|Packed by/);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [printed.path], { encoding: 'utf8' }))![1]);
    expect(pages).toBeGreaterThanOrEqual(1 + boxes);
    // The job as the station spooled it to CUPS: every slip's words in Hindi.
    const sent = stationSpool(station.dataDir).find((f) => f.text.includes(boxCode(id!, 1, boxes)));
    expect(sent, 'the label job with its box slips in the station spool').toBeDefined();
    for (let box = 1; box <= boxes; box++) expect(sent!.text).toContain(`बॉक्स ${box} / ${boxes}`);
    expect(sent!.text).toContain(`शिपमेंट ${id}`);
    expect(sent!.text).toMatch(/पर (\S+ )+ने पैक किया|पर पैक किया/);
    expect(sent!.text).not.toMatch(new RegExp(`\\bBox \\d+ of\\b|Packed by|Shipment ${id}`));
    expect(station.sandbox.world.shipments.get(id!)!.orderItems.every((i) => i.status === 'PACKED')).toBe(true);
    await desk.screenshot('hindi-7-box-slips-printed');
    packed.push(id!);
  }, 120_000);

  it('Dispatch: both marked ready to dispatch by scan, the boxes ticked onto the truck, the manifest printed', async () => {
    expect(packed).toHaveLength(2);
    await page.keyboard.press('Alt+4');
    const screen = main('डिस्पैच');
    await screen.waitFor();
    // The first by the keyboard-wedge scanner, the second typed into the field (a label that will not scan).
    for (const [n, id] of packed.entries()) {
      if (n === 0) await desk.wedgeScan(id);
      else {
        await page.getByLabel('डिस्पैच के लिए तैयार करना है: शिपमेंट').fill(id);
        await page.getByLabel('डिस्पैच के लिए तैयार करना है: शिपमेंट').press('Enter');
      }
      await expect.poll(() => words(screen.getByRole('list', { name: 'डिस्पैच नतीजे' }))).toContain(`✓ ${id}: ${id} डिस्पैच के लिए तैयार है।`);
    }
    for (const id of packed) expect(station.sandbox.world.shipments.get(id)!.orderItems.every((i) => i.status === 'READY_TO_DISPATCH')).toBe(true);
    await page.getByRole('button', { name: 'गिनती ताज़ा करें' }).click();
    await expect.poll(() => screen.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    await noEnglish(screen, 'Dispatch');
    await desk.screenshot('hindi-8-dispatch');

    // The truck: the phone's label, then the two-box shipment's label and slips.
    await page.getByRole('button', { name: 'स्कैन-आउट जाँच शुरू करें' }).click();
    const progress = page.getByRole('status', { name: 'लोडिंग की प्रगति' });
    await expect.poll(() => words(progress)).toMatch(/^\d+ में से 0 बॉक्स लोड हुए।/);
    const typed = page.getByLabel('जो पार्सल स्कैन न हो');
    const [phone, two] = packed as [string, string];
    await typed.fill(phone);
    await typed.press('Enter');
    await expect.poll(() => words(status())).toContain(`${phone} लोड हुआ`);
    // The label is on box 1 and ticks it; each other box by its slip.
    const boxes = station.sandbox.world.shipments.get(two)!.subShipments.reduce((n, s) => n + s.packages.length, 0);
    await typed.fill(two);
    await typed.press('Enter');
    await expect.poll(() => words(status())).toContain(`${two} बॉक्स 1 / ${boxes} लोड हुआ`);
    for (let box = 2; box <= boxes; box++) {
      await typed.fill(boxCode(two, box, boxes));
      await typed.press('Enter');
      await expect.poll(() => words(status())).toContain(`${two} बॉक्स ${box} / ${boxes} लोड हुआ`);
    }
    await expect.poll(() => words(page.getByRole('list', { name: 'लोडिंग लिस्ट' }))).toContain(`✓ ${two}`);
    await noEnglish(screen, 'Dispatch, scan-out');
    await desk.screenshot('hindi-9-scan-out');
    // The loading steps are in the journal (the audit trail), one per box.
    await expect.poll(() => journalOnDisk(station.dataDir).filter((r) => r.type === 'intent' && r.op === 'handover.scanOut').length).toBe(1 + boxes);

    const group = station.sandbox.world.shipments.get(phone)!.vendorGroupCode;
    const since = Date.now();
    await screen.getByRole('button', { name: `मैनिफ़ेस्ट प्रिंट करें — ${group}` }).click();
    await expect.poll(() => words(status())).toContain(`${group} का हैंडओवर मैनिफ़ेस्ट प्रिंट हो रहा है`);
    const manifest = await waitForPrintedPdf(since, /Handover manifest/);
    expect(manifest.text).toContain(phone);
    await desk.screenshot('hindi-10-manifest');
    expect(desk.problems).toEqual([]);
  }, 120_000);

  it('Pack: a wave in Hindi, its preview, its summary and what it left out said in Hindi; its labels on the spool', async () => {
    const location = station.sandbox.info.locations[0]!;
    const [product] = wavePackableProducts(station.sandbox, location);
    const [one, two] = await order(station.sandbox, { locationId: location, count: 2, lines: [{ sku: product!.sku, quantity: 1 }] });
    const [held] = await order(station.sandbox, { locationId: location, kind: 'hold' });
    await page.keyboard.press('Alt+1');
    await main('पैक').waitFor();
    await page.keyboard.press('Alt+W');
    const since = Date.now();
    await page.keyboard.press('Enter');
    const preview = page.getByRole('dialog');
    await expect.poll(() => words(preview), { timeout: 20_000 }).toContain(`${held}: मार्केटप्लेस ने रोका है`);
    await noEnglish(preview, 'Wave preview');
    await desk.screenshot('hindi-7-wave-preview');
    await page.keyboard.press('Control+Enter');
    const summary = page.locator('.wave-summary');
    await expect.poll(() => words(summary), { timeout: 60_000 }).toMatch(/पैक/);
    // At the marketplace: both packed, the held one untouched; on the spool: their labels.
    for (const id of [one!, two!]) expect(station.sandbox.world.shipments.get(id)!.orderItems.every((i) => i.status !== 'APPROVED')).toBe(true);
    expect(station.sandbox.world.shipments.get(held!)!.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);
    const labels = await waitForPrintedPdf(since, new RegExp(one!));
    expect(labels.text).toContain(two);
    expect(await words(summary)).toContain(`${held}: मार्केटप्लेस ने रोका है: रोक हटने तक पैक नहीं हो सकता।`);
    await noEnglish(main('पैक'), 'Pack, after the wave');
    await desk.screenshot('hindi-8-wave-done');
  }, 120_000);

  it('the pseudo-locale on Pack, Dispatch and Print at 1366x768: every word converted, nothing cut off', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('Alt+8');
    await page.locator('#set-language').selectOption('pseudo');
    await expect.poll(() => page.evaluate(() => (globalThis as any).document.documentElement.lang)).toBe('en');
    const [id] = await station.createShipments('serialized', 1, 1);
    const cut: string[] = [];
    for (const [key, name] of [
      ['Alt+1', 'pack'],
      ['Alt+4', 'dispatch'],
      ['Alt+3', 'print'],
    ] as const) {
      await page.keyboard.press(key);
      if (name === 'pack') {
        await page.locator('#pack-scan').fill(id!);
        await page.locator('#pack-scan').press('Enter');
        await expect.poll(() => page.locator('.unit-lines').count()).toBe(1);
      }
      await page.waitForTimeout(500);
      await desk.screenshot(`pseudo-${name}`);
      cut.push(...(await clipped(page)).map((c) => `${name} ${c}`));
      // English the pseudo-locale did not accent. The Print screen also lists printers as the
      // computer describes them and jobs by their titles: data, not the app's words.
      if (name !== 'print') {
        const text = await words(page.getByRole('main'));
        expect(englishLeft(text.replace(/\[[^\]]*\]/g, ' '), dataWords()), `${name}: words not from the catalogues`).toEqual([]);
      }
    }
    expect(cut, 'text cut off').toEqual([]);
    await page.keyboard.press('Alt+1');
    await page.locator('#pack-scan').press('Escape');
    await page.keyboard.press('Alt+8');
    await page.locator('#set-language').selectOption('hi');
  }, 90_000);
});

/** Headings, buttons, labels and the header whose text is cut off or runs past the window's right edge. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as any).document;
    const width = (globalThis as any).innerWidth;
    const out: string[] = [];
    for (const el of doc.querySelectorAll('header button, nav button, h1, h2, h3, main button, main label, .desk-feedback, .status-kind')) {
      const box = el.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 4;
      if (cut || box.right > width + 1) out.push(`${el.tagName.toLowerCase()}: ${el.textContent.trim().slice(0, 60)}`);
    }
    return out;
  });
}
