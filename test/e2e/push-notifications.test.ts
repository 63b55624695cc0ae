// Push notifications at a desk without a database, in Chromium at 1366x768: the desk runs its own
// receiver (STATION_PUSH_PORT and the TLS files), subscribed with the sandbox, whose own sender
// delivers every change to it over HTTPS. A hold of the shipment open on the Pack screen is said there
// at once and Enter does not pack it; lifted, Enter packs; the Packed notification brings the
// label to the CUPS label queue; the Queue's line says live updates are on.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdWords, releaseWords } from '../../electron/station/push/push-stops.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { waitForPrintedPdf } from '../support/browser-prints.js';
import type { BrowserStation, BrowserStationOptions } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { requireTool } from '../support/system-tools.js';
import { until } from '../support/until.js';
import { receiverTls } from '../push/push-fixtures.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

describe.skipIf(!ready)('push notifications at the desk in Chromium', () => {
  const announced: string[] = [];
  const options: BrowserStationOptions = { settings: { rtdPolicy: 'endOfWave' }, extra: { announce: (line) => announced.push(line) } };
  let caCert = '';
  beforeAll(async () => {
    const tls = await receiverTls();
    caCert = tls.caCert;
    const dir = mkdtempSync(join(tmpdir(), 'push-e2e-'));
    writeFileSync(join(dir, 'cert.pem'), tls.cert);
    writeFileSync(join(dir, 'key.pem'), tls.key);
    options.extra!.env = { STATION_PUSH_PORT: '0', STATION_PUSH_HOST: '127.0.0.1', STATION_PUSH_TLS_CERT: join(dir, 'cert.pem'), STATION_PUSH_TLS_KEY: join(dir, 'key.pem') };
  });
  const session = useDeskSession({ station: options });
  let station: BrowserStation;
  let desk: Desk;
  let url: string;
  beforeAll(async () => {
    ({ station, desk } = session);
    url = (await until('the subscription URL', () => announced.join('\n').match(/https:\/\/127\.0\.0\.1:\d+\/push\/[A-Za-z0-9_-]{43}/)?.[0], 10_000))!;
    const subscribed = await station.sandbox.call('POST', '/sandbox/push/subscriptions', { body: { url, caCert } });
    expect(subscribed.status).toBe(201);
  });

  it('a hold reaches the open Pack screen at once; Enter does not pack; lifted, it packs and the Packed push prints the label', async () => {
    const { page } = desk;
    const [id] = await station.createShipments('plain', 1, 1);
    await desk.go('Pack');
    await desk.typeScan(id);
    for (const sku of station.unitScans(id)) await desk.wedgeScan(sku);
    const scan = page.getByLabel('Scan', { exact: true });
    if ((await scan.getAttribute('placeholder')) !== 'Ready: press Enter to pack') {
      station.devices!.scale!.setWeight(0.5);
      await page.getByLabel(/^Length/).fill('20');
      await page.getByLabel(/^Breadth/).fill('15');
      await page.getByLabel(/^Height/).fill('10');
      await page.getByLabel(/^Height/).press('Enter');
    }
    await expect.poll(() => scan.getAttribute('placeholder'), { timeout: 10_000 }).toBe('Ready: press Enter to pack');

    await station.sandbox.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: true } });
    await expect.poll(() => words(desk.status()), { timeout: 5_000 }).toContain(holdWords(id));
    await desk.screenshot('push-hold-at-pack');
    await scan.press('Enter');
    await expect.poll(() => words(desk.status())).toContain(holdWords(id));
    expect(station.sandbox.world.shipments.get(id)!.pack).toBeUndefined();

    await station.sandbox.call('POST', `/sandbox/shipments/${id}/hold`, { body: { hold: false } });
    await expect.poll(() => words(desk.status()), { timeout: 5_000 }).toContain(releaseWords(id));
    const since = Date.now();
    await scan.press('Enter');
    await until('the pack at the marketplace', () => station.sandbox.world.shipments.get(id)!.pack, 15_000);
    // The sandbox sends shipment_packed when the label is made; the label watcher reads it at once.
    const label = await waitForPrintedPdf(since, new RegExp(id));
    expect(label.text).toContain(id);
    await expect.poll(() => words(page.getByRole('list', { name: 'Labels' })), { timeout: 15_000 }).toMatch(new RegExp(`${id}\\s*Printed.*PDF`));
    station.devices!.scale!.setWeight(0);
  }, 90_000);

  it("the Queue follows a created shipment and says live updates are on", async () => {
    const { page } = desk;
    await desk.go('Queue');
    await expect.poll(() => words(page.locator('.queue-push')), { timeout: 10_000 }).toMatch(/^Live updates: \d+ received, 0 missed\.$/);
    const list = page.getByRole('listbox', { name: 'Shipments' });
    const shown = async () => Number(/(\d+) shipments? shown/.exec(await words(page.locator('.queue-meta')))?.[1]);
    const before = await shown();
    // The Queue's own pull comes every minute (and rests while live): the notification brings it now.
    const [id] = await station.createShipments('plain', 1, 1);
    await expect.poll(shown, { timeout: 5_000 }).toBe(before + 1);
    await expect.poll(() => words(list)).toContain(id);
    await desk.screenshot('push-queue-live');
  });
});
