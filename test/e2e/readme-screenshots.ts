// Refreshes the README's screenshots (resources/screenshots/) from the ones the end-to-end tests
// saved in test/e2e/artifacts/: the main screens, scaled down by Chromium itself (no image tools
// needed) so the repository stays small. Run after the e2e tests, when the screens changed:
//
//   npx vitest run --config test/vitest.config.ts test/e2e && npx tsx test/e2e/readme-screenshots.ts
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, launchChromium } from '../support/browser-desk.js';
import { ROOT } from '../support/browser-station.js';

/** Artifact name → README file name, in the order the README shows them. */
export const README_SCREENS = ['pack-open-shipment', 'queue', 'print', 'dispatch', 'dispatch-scan-out', 'returns-condition', 'returns-photos', 'listings-bulk', 'activity-export', 'setup'] as const;
const OUT_DIR = join(ROOT, 'resources', 'screenshots');
/** Wide enough to read the words on GitHub's README column, small enough to keep each file near 100 KB. */
const WIDTH = 820;

async function main(): Promise<void> {
  const missing = README_SCREENS.filter((n) => !existsSync(join(ARTIFACTS_DIR, `${n}.png`)));
  if (missing.length > 0) throw new Error(`run the e2e tests first: ${missing.join(', ')} missing in ${ARTIFACTS_DIR}`);
  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: 600 } });
    for (const name of README_SCREENS) {
      const data = readFileSync(join(ARTIFACTS_DIR, `${name}.png`)).toString('base64');
      await page.setContent(`<!doctype html><body style="margin:0"><img alt="${name}" style="display:block;width:${WIDTH}px" src="data:image/png;base64,${data}">`);
      const out = join(OUT_DIR, `${name}.png`);
      await page.getByRole('img', { name }).screenshot({ path: out });
      process.stdout.write(`${out}: ${Math.round(statSync(out).size / 1024)} KB\n`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
