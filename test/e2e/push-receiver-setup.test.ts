// Setup -> Live updates in Chromium: a desk alone turns its receiver on from Setup (port, the
// certificate and key files), copies the subscription link it is shown once, the sandbox's own
// sender is subscribed with it, and a shipment the marketplace creates reaches the Queue without
// a pull. The same part in Hindi.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import type { BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { requireTool } from '../support/system-tools.js';
import { receiverTls } from '../push/push-fixtures.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

describe.skipIf(!ready)('the receiver of a desk alone, turned on in Setup, in Chromium', () => {
  const session = useDeskSession();
  let station: BrowserStation;
  let desk: Desk;
  let caCert = '';
  let cert = '';
  let key = '';
  let port = 0;
  beforeAll(async () => {
    ({ station, desk } = session);
    const tls = await receiverTls();
    caCert = tls.caCert;
    const dir = mkdtempSync(join(tmpdir(), 'push-setup-e2e-'));
    writeFileSync((cert = join(dir, 'cert.pem')), tls.cert);
    writeFileSync((key = join(dir, 'key.pem')), tls.key);
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
    await new Promise((r) => server.close(r));
  });

  it('turned on from Setup, the sandbox delivers to it and the Queue shows a new shipment without a pull', async () => {
    const { page } = desk;
    await desk.go('Setup');
    const part = page.getByRole('form', { name: 'Live updates from the marketplace' });
    await part.scrollIntoViewIfNeeded();
    await part.getByRole('checkbox', { name: 'Receive live updates on this desk' }).check();
    await part.getByLabel('Port').fill(String(port));
    await part.getByLabel('Certificate file (PEM)').fill(cert);
    await part.getByLabel('Private key file (PEM)').fill(key);
    await part.getByRole('button', { name: 'Check certificate' }).click();
    await expect.poll(() => words(page.locator('.panel', { has: part }).locator('.result'))).toMatch(/The certificate and key match and are valid until/);
    await part.getByRole('button', { name: 'Save live updates' }).click();
    const link = page.getByLabel('Subscription link');
    await expect.poll(() => link.inputValue(), { timeout: 10_000 }).toMatch(new RegExp(`^https://localhost:${port}/push/[A-Za-z0-9_-]{43}$`));
    const url = await link.inputValue();
    await expect.poll(() => words(page.getByRole('status', { name: 'Live updates from the marketplace' }))).toContain(`Listening on https://localhost:${port}.`);
    await desk.screenshot('push-receiver-setup');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByLabel('Subscription link').count()).toBe(0);

    const subscribed = await station.sandbox.call('POST', '/sandbox/push/subscriptions', { body: { url, caCert } });
    expect(subscribed.status).toBe(201);
    await desk.go('Queue');
    await expect.poll(() => words(page.locator('.queue-push')), { timeout: 10_000 }).toMatch(/^Live updates: \d+ received, 0 missed\.$/);
    const [id] = await station.createShipments('plain', 1, 1);
    // The Queue's own pull rests while live: only the delivered notification can bring it.
    await expect.poll(() => words(page.getByRole('listbox', { name: 'Shipments' })), { timeout: 5_000 }).toContain(id);
    const status = (await station.sandbox.call('GET', '/sandbox/push/status')).json as { subscriptions: { url: string; delivered: number }[] };
    expect(status.subscriptions.find((s) => s.url === url)!.delivered).toBeGreaterThanOrEqual(1);
  }, 90_000);
});
