// Browser mode comes back by itself: the page address's token is traded for a cookie on the first
// load (gone from the address bar), the station process restarts under the open tab on the same
// port, the header says the desk is offline meanwhile (never "signed in" or a device "ready"),
// a scan made during the outage waits in the page and is processed when the station is back:
// the shipment's pack session is in the station's journal and on the screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import { journalOnDisk } from '../support/journal-on-disk.js';
import type { BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

/** Pack sessions the station journaled as opened, by shipment id. */
function journaledSessions(dataDir: string): string[] {
  return journalOnDisk(dataDir)
    .filter((r) => r.type === 'session' && r.event === 'opened')
    .map((r) => (r.shipmentId as string | undefined) ?? '');
}

describe.skipIf(!ready)('browser mode across a station restart', () => {
  const session = useDeskSession();
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  it('keeps the token out of the address bar: an HttpOnly, SameSite=Strict cookie carries a session instead', async () => {
    expect(desk.page.url()).not.toContain('token');
    expect(await desk.page.evaluate(() => (globalThis as any).location.href)).not.toContain('token');
    const cookies = await desk.context.cookies();
    const cookie = cookies.find((c) => c.name === `station-${station.running.host.port}`);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // A session of its own, not the token.
    expect(cookie!.value).not.toBe(station.running.host.token);
    expect(await desk.page.evaluate(() => (globalThis as any).document.cookie)).toBe('');
  });

  it('says the desk is offline while the station restarts, keeps a scan made meanwhile and processes it when back', async () => {
    const [id] = await station.createShipments('plain', 1, 1);
    await desk.go('Pack');
    const header = desk.page.locator('header.app-header');
    await expect.poll(() => words(header), { timeout: 20_000 }).toMatch(/Signed in to the Sandbox/);
    await expect.poll(() => words(header)).toMatch(/Scale .*: ready/);
    const before = journaledSessions(station.dataDir).length;

    await station.restart(async () => {
      await expect.poll(() => words(header), { timeout: 20_000 }).toMatch(/Desk offline: station not answering/);
      await desk.typeScan(id);
      await expect.poll(() => words(header)).toMatch(/1 scan waiting/);
      const text = await words(header);
      expect(text).not.toMatch(/Signed in/);
      expect(text).not.toMatch(/: ready/);
      await desk.screenshot('offline-header');
      // Nothing reached the station while it was down.
      expect(journaledSessions(station.dataDir).length).toBe(before);
    });

    // Back on the same port: the same tab reconnects by itself (no reload, no new address).
    await expect.poll(() => words(header), { timeout: 30_000 }).toMatch(/Signed in to the Sandbox/);
    await expect.poll(() => journaledSessions(station.dataDir), { timeout: 20_000 }).toContain(id);
    await expect.poll(() => words(desk.page.getByRole('heading', { name: new RegExp(`^Shipment ${id}:`) })), { timeout: 20_000 }).toMatch(/0 of 1 units? verified/);
    expect(await words(header)).not.toMatch(/scans? waiting/);
    await desk.typeScan(station.unitScans(id)[0]);
    await expect.poll(() => words(desk.page.getByRole('heading', { name: new RegExp(`^Shipment ${id}:`) }))).toMatch(/1 of 1 units? verified/);
    await desk.screenshot('back-after-restart');
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    expect(desk.problems).toEqual([]);
  }, 90_000);
});
