// The rest of a desk's day: a returned package received by scanning it on the Returns screen, a
// listing edit refused at the field that is wrong, the Queue and Activity screens, and the app
// restarted in the middle of a pack (same data folder): the scanned units are still there.
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, SCREEN_NAMES, words, type Desk } from '../support/browser-desk.js';
import { type BrowserStation } from '../support/browser-station.js';
import { cupsAvailable } from '../support/cups.js';
import { requireTool } from '../support/system-tools.js';
import { useDeskSession } from '../support/browser-desk-session.js';

const ready = haveChromium() && requireTool('socat') && cupsAvailable();

describe.skipIf(!ready)('returns, listings, the other screens and a restart', () => {
  const session = useDeskSession();
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  it('receives a returned package by scanning its return id, and refuses it a second time', async () => {
    const [id] = await station.createShipments('plain', 1, 1);
    const orderItemId = station.sandbox.world.shipments.get(id)!.orderItems[0].orderItemId;
    const created = await station.sandbox.call('POST', '/sandbox/returns', { body: { orderItemId, kind: 'standard' } });
    expect(created.status).toBe(200);
    const returnId = created.json.returnId as string;

    await desk.go('Returns');
    const screen = desk.screen('Returns');
    await expect.poll(() => words(screen.getByRole('table', { name: /Standard returns/ }))).toContain(returnId);
    const item = station.sandbox.world.shipments.get(id)!.orderItems[0];
    const location = station.sandbox.info.locations[0];
    const stock = () => ((station.sandbox.world.listingsOf(station.sandbox.info.sellerId).get(item.sku)!.data as any).locations as { id: string; inventory: number }[]).find((l) => l.id === location)!.inventory;
    const before = stock();
    await screen.getByLabel('Scan return').fill(returnId);
    await screen.getByLabel('Scan return').press('Enter');
    // The return and its location first: Enter confirms it is the package in hand.
    const confirm = screen.getByRole('group', { name: `Is this return ${returnId} in your hands?` });
    await confirm.waitFor();
    expect(await words(confirm)).toContain(`Location: ${location} (this desk)`);
    await desk.page.keyboard.press('Enter');
    // What came back: one key, as a person answers at the bench.
    const prompt = screen.getByRole('group', { name: `What came back for ${returnId}?` });
    await prompt.waitFor();
    await desk.screenshot('returns-condition');
    await desk.page.waitForTimeout(150);
    await desk.page.keyboard.press('1');
    // No camera on this desk: the photo step says so, and Enter receives the return.
    const photos = screen.getByRole('group', { name: `Photos of return ${returnId}` });
    await photos.waitFor();
    expect(await words(photos)).toContain('No camera is set up for this desk');
    expect(stock()).toBe(before);
    await desk.page.keyboard.press('Enter');
    const form = screen.getByRole('form', { name: 'Receive a return' });
    await expect.poll(() => words(form.getByRole('status'))).toMatch(new RegExp(`${returnId} received: .*sellable\\. .*back in stock at ${location}`, 'i'));
    expect(stock()).toBe(before + item.quantity);
    await desk.screenshot('returns');
    // The same package again, typed this time (a second wedge read within the debounce would be dropped as a double read): refused at once.
    await form.getByLabel('Scan return').fill(returnId);
    await form.getByRole('button', { name: 'Receive' }).click();
    await expect.poll(() => words(form.getByRole('status'))).toBe(`Return ${returnId} was already received. If this is a second package, tell the supervisor.`);
    expect(await screen.getByRole('group', { name: `What came back for ${returnId}?` }).count()).toBe(0);
  });

  it('a selling price above the MRP is refused at its field, in words, and nothing is saved', async () => {
    const { page } = desk;
    await desk.go('Listings');
    const screen = desk.screen('Listings');
    await screen.getByRole('form', { name: 'Search listings' }).getByRole('button', { name: 'Search' }).click();
    const edit = screen.getByRole('button', { name: /^Quick edit / }).first();
    await edit.waitFor();
    const sku = (await edit.innerText()).replace(/^Quick edit /, '');
    await edit.click();
    const form = screen.getByRole('form', { name: `Quick edit ${sku}` });
    const mrp = Number(await form.getByLabel('MRP (₹)').inputValue());
    const listing = () => station.sandbox.world.listingsOf(station.sandbox.info.sellerId).get(sku);
    const before = JSON.stringify(listing()?.data);
    expect(listing()).toBeDefined();
    const price = form.getByLabel('Selling price (₹)');
    await price.fill(String(mrp + 100));
    await form.getByRole('button', { name: 'Save price and stock' }).click();
    await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
    expect(await words(form)).toContain(`The selling price (${mrp + 100}) must not be above the MRP (${mrp}).`);
    await desk.screenshot('listings');
    expect(JSON.stringify(listing()?.data)).toBe(before);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('form', { name: `Quick edit ${sku}` }).count()).toBe(0);
  });

  it('shows the Queue with its shipments and the Activity with what this desk did', async () => {
    const [id] = await station.createShipments('plain');
    await desk.go('Queue');
    await expect.poll(() => words(desk.screen('Queue')), { timeout: 15_000 }).toContain(id);
    await desk.screenshot('queue');
    await desk.go('Activity');
    await expect.poll(() => words(desk.screen('Activity')), { timeout: 15_000 }).toMatch(/Audit trail/);
    await desk.screenshot('activity');
    // Every screen of the navigation opens, and the app says nothing went wrong on the way.
    for (const name of SCREEN_NAMES) await desk.go(name);
    expect(desk.problems).toEqual([]);
  });

  it('after a restart in the middle of a pack the scanned units are still on the Pack screen', async () => {
    const [id] = await station.createShipments('plain', 1, 2);
    const units = station.unitScans(id);
    expect(units.length).toBeGreaterThanOrEqual(2);
    await desk.go('Pack');
    await desk.typeScan(id);
    await desk.typeScan(units[0]);
    const heading = () => desk.page.getByRole('heading', { name: new RegExp(`^Shipment ${id}:`) });
    await expect.poll(() => words(heading())).toContain(`1 of ${units.length} units verified`);

    await station.restart();
    // The packer opens the address again (an open tab would also reconnect: restart-offline.test.ts).
    await desk.open(station.url);
    await desk.go('Pack');
    await expect.poll(() => words(heading()), { timeout: 20_000 }).toContain(`1 of ${units.length} units verified`);
    await desk.typeScan(units[1]);
    await expect.poll(() => words(heading())).toContain(`2 of ${units.length} units verified`);
    await desk.page.getByLabel('Scan', { exact: true }).press('Escape');
    await expect.poll(() => words(desk.status())).toContain('put aside');
  }, 60_000);
});
