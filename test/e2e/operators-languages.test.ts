// Operators and languages at the desk, end to end in Chromium over browser mode: the lead adds an
// operator in Setup -> Operators and prints the badge (a Code 128 on the CUPS label queue); the
// packer scans the badge with a keyboard-wedge scanner, the header says who is packing in her own
// language (Hindi), and the journal record of her pack names her. Then a walk through the
// converted screens in Hindi and in the pseudo-locale at 1366x768, looking for text that does not
// fit; the screenshots land in test/e2e/artifacts.
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { journalOnDisk } from '../support/journal-on-disk.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import type { BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

/** Elements of the header, navigation, headings and buttons whose text is cut off (wider than their box). */
async function clipped(desk: Desk): Promise<string[]> {
  return desk.page.evaluate(() => {
    const doc = (globalThis as any).document;
    const out: string[] = [];
    const width = (globalThis as any).innerWidth;
    for (const el of doc.querySelectorAll('header button, header .chip, nav button, h1, h2, .queue-foot button, .status-kind, label')) {
      const box = el.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 4;
      // Past the right edge of the window: out of sight at 1366 wide.
      if (cut || box.right > width + 1) out.push(`${el.tagName.toLowerCase()}: ${el.textContent.trim().slice(0, 60)}`);
    }
    return out;
  });
}

describe.skipIf(!ready)('operators and languages at the desk', () => {
  const session = useDeskSession();
  let station: BrowserStation;
  let desk: Desk;
  let badge: string;
  beforeAll(() => void ({ station, desk } = session));

  it('the lead adds an operator and prints her badge on the label printer', async () => {
    const { page } = desk;
    await desk.go('Setup');
    const section = page.getByRole('region', { name: 'Operators' });
    await section.getByLabel('Name', { exact: true }).fill('Asha');
    await section.getByLabel('PIN (4 to 8 digits)').fill('4821');
    await section.getByLabel('Language', { exact: true }).selectOption('hi');
    await section.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => words(section)).toContain('Asha added');
    badge = (await section.locator('code').first().innerText()).trim();
    expect(badge).toMatch(/^PSOP-[2-9A-Z]{8}$/);
    const since = Date.now();
    await section.getByRole('button', { name: 'Print badge' }).click();
    await expect.poll(() => words(section)).toMatch(/Badge of Asha sent to PDF/);
    const printed = await waitForPrintedPdf(since, /Asha/, { timeoutMs: 20_000 });
    expect(printed.text).toContain(badge);
    await desk.screenshot('operators-setup');
  }, 60_000);

  it('a badge scan at the desk signs her in, in Hindi, and the journal of her pack names her', async () => {
    const { page } = desk;
    await page.keyboard.press('Alt+1');
    await desk.wedgeScan(badge);
    const header = page.getByRole('banner');
    await expect.poll(() => words(header)).toContain('पैकिंग: Asha');
    await expect.poll(() => words(page.getByRole('navigation').first())).toContain('कतार');
    await desk.screenshot('operator-signed-in-hindi');

    // The Pack screen in her language (Hindi).
    const scan = page.getByLabel('स्कैन', { exact: true });
    const [id] = await station.createShipments('plain', 1, 1);
    await scan.fill(id!);
    await scan.press('Enter');
    for (const sku of station.unitScans(id!)) {
      await desk.wedgeScan(sku);
      await page.waitForTimeout(400);
    }
    await expect.poll(() => scan.getAttribute('placeholder')).toMatch(/वज़न और नाप लें|तैयार/);
    if (/वज़न और नाप लें/.test((await scan.getAttribute('placeholder')) ?? '')) {
      const typed = page.getByRole('group', { name: /^नाप टाइप करें/ });
      await typed.getByLabel(/^लंबाई/).fill('30');
      await typed.getByLabel(/^चौड़ाई/).fill('20');
      await typed.getByLabel(/^ऊँचाई/).fill('10');
      await typed.getByLabel(/^वज़न/).fill('1.1');
      await typed.getByLabel(/^वज़न/).press('Enter');
    }
    await expect.poll(() => scan.getAttribute('placeholder'), { timeout: 10_000 }).toBe('तैयार: पैक करने के लिए Enter दबाएँ');
    await scan.press('Enter');
    await expect.poll(() => station.sandbox.world.shipments.get(id!)?.pack !== undefined, { timeout: 15_000 }).toBe(true);
    const records = journalOnDisk(station.dataDir);
    const opened = records.find((r) => r.type === 'session' && r.event === 'opened' && r.shipmentId === id);
    const packIntent = records.find((r) => r.type === 'intent' && (r.targets as { shipmentIds?: string[] }).shipmentIds?.includes(id!));
    expect(opened?.operator).toBe('Asha');
    expect(packIntent?.operator).toBe('Asha');

    // Alt+O signs her out: the header says nobody is signed in, in the desk's language again.
    await page.keyboard.press('Alt+o');
    await expect.poll(() => words(header)).toContain('Nobody signed in');
  }, 90_000);

  it('walks the converted screens in Hindi and in the pseudo-locale: nothing cut off at 1366x768', async () => {
    const { page } = desk;
    const shots: string[] = [];
    for (const language of ['hi', 'pseudo']) {
      await page.keyboard.press('Alt+8');
      await page.locator('#set-language').selectOption(language);
      await expect.poll(() => page.evaluate(() => (globalThis as any).document.documentElement.lang)).toBe(language === 'pseudo' ? 'en' : language);
      const cut: string[] = [];
      for (const [key, name] of [
        ['Alt+2', 'queue'],
        ['Alt+3', 'print'],
        ['Alt+8', 'setup'],
        ['Alt+1', 'pack'],
      ] as const) {
        await page.keyboard.press(key);
        await page.waitForTimeout(500);
        shots.push(await desk.screenshot(`language-${language}-${name}`));
        cut.push(...(await clipped(desk)).map((c) => `${name} ${c}`));
      }
      expect(cut, `${language}: text cut off`).toEqual([]);
    }
    await page.keyboard.press('Alt+8');
    await page.locator('#set-language').selectOption('en');
    await expect.poll(() => words(page.getByRole('navigation', { name: 'Screens' }))).toContain('Queue');
    expect(desk.problems).toEqual([]);
  }, 90_000);
});
