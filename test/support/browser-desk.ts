// Chromium at the packing desk: the Debian browser driven by playwright-core, one page open on
// a browser-mode station, and what a packer does and reads there, through roles and labels only:
// go to a screen, scan (typed, a keyboard-wedge burst, or the serial scanner), read the status
// line, save a screenshot of the screen into test/e2e/artifacts/.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { ROOT } from './browser-station.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const ARTIFACTS_DIR = join(ROOT, 'test', 'e2e', 'artifacts');

/** A desk-sized window: the screenshots show what a packer sees on a 1080p monitor at 125 %. */
const VIEWPORT = { width: 1366, height: 900 };

export function haveChromium(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.STATION_REQUIRE_SYSTEM_TOOLS === '1') throw new Error(`${CHROMIUM} is missing, and STATION_REQUIRE_SYSTEM_TOOLS=1 requires it (install chromium in .ci/run).`);
  process.stderr.write(`Skipping the end-to-end tests: ${CHROMIUM} is not installed (set STATION_REQUIRE_SYSTEM_TOOLS=1 to make this a failure).\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export const SCREEN_NAMES = ['Pack', 'Queue', 'Print', 'Dispatch', 'Returns', 'Listings', 'Activity', 'Setup'] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

export interface Desk {
  context: BrowserContext;
  page: Page;
  /** Script errors the page threw (a test ends with none). */
  problems: string[];
  /** Opens the station's address (with its token) and waits until the page is connected. */
  open(url: string): Promise<void>;
  go(screen: ScreenName): Promise<void>;
  /** The region of the screen showing (its accessible name is the screen's name). */
  screen(name: ScreenName): Locator;
  /** Types a code into the Pack screen's "Scan" field and presses Enter, as a packer does. */
  typeScan(code: string): Promise<void>;
  /** A keyboard-wedge scanner: the code and Enter as a burst of key presses 3 ms apart. */
  wedgeScan(code: string): Promise<void>;
  /** The app's status line: the live region named "Status line". */
  status(): Locator;
  /** Saves the screen as it is into test/e2e/artifacts/NAME.png. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function openDesk(browser: Browser, options: { ignoreHTTPSErrors?: boolean } = {}): Promise<Desk> {
  const context = await browser.newContext({ viewport: VIEWPORT, ignoreHTTPSErrors: options.ignoreHTTPSErrors });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  // The strict CSP (no inline style, no eval) must hold on every screen: a violation is a problem too.
  await page.addInitScript(() =>
    (globalThis as any).document.addEventListener('securitypolicyviolation', (e: any) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
  );
  page.on('console', (m) => void (m.text().startsWith('CSP violation:') && problems.push(m.text())));
  const nav = () => page.getByRole('navigation', { name: 'Screens' });
  const desk: Desk = {
    context,
    page,
    problems,
    async open(url) {
      await page.goto(url);
      await page.waitForFunction(() => (globalThis as any).document.documentElement.dataset.station === 'connected', undefined, { timeout: 20_000 });
    },
    async go(screen) {
      await nav()
        .getByRole('button', { name: new RegExp(`^${screen}\\b`) })
        .click();
      await desk.screen(screen).waitFor();
    },
    screen: (name) => page.getByRole('main', { name }),
    async typeScan(code) {
      const field = page.getByLabel('Scan', { exact: true });
      await field.fill(code);
      await field.press('Enter');
    },
    async wedgeScan(code) {
      await page.keyboard.type(code, { delay: 3 });
      await page.keyboard.press('Enter');
    },
    status: () => page.getByRole('status', { name: 'Status line' }),
    async screenshot(name) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const path = join(ARTIFACTS_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: false });
      return path;
    },
    close: () => context.close(),
  };
  return desk;
}

/** What a locator reads, on one line: layout (flex rows, blocks) must not decide a test's words. */
export async function words(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}
