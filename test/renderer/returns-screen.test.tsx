// @vitest-environment happy-dom
// The Returns screen over a real app station and test sandbox: receiving a return by scanning
// it, and a self-ship action that cannot leave without the dates the spec requires.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ReturnsScreen from '../../renderer/src/screens/returns/index.js';
import { routeScan } from '../../renderer/src/scan/scan-router.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { formatterFor } from '../../shared/i18n/format.js';
import type { TestAppStation } from '../support/app-station.js';
import { createReturnVia, selfShipShipment } from '../support/selfship-fixtures.js';
import { describedBy as description, useScreenStation } from './screen-harness.js';

const screenStation = useScreenStation(<ReturnsScreen />);
const { show, sent } = screenStation;
let app: TestAppStation;
beforeAll(() => void (app = screenStation.app));


describe('Returns screen', () => {
  it('shows a return by its product, asks what came back, and puts a sellable unit back in stock at the location', async () => {
    const location = app.settings.get().locationId;
    // An order of a listed product, returned by the buyer.
    const created = await app.sandbox.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: location, kind: 'plain' } });
    const item = app.sandbox.world.shipments.get(created.json.shipmentIds[0])!.orderItems[0]!;
    const returnId = await createReturnVia(app.sandbox, item.orderItemId, 'standard');
    const stock = () => ((app.sandbox.world.listingsOf(app.sandbox.info.sellerId).get(item.sku)!.data as any).locations as { id: string; inventory: number }[]).find((l) => l.id === location)?.inventory;
    const before = stock();
    const user = userEvent.setup();
    show();
    const table = await screen.findByRole('table', { name: 'Standard returns of this location' });
    const row = within(table).getByRole('cell', { name: returnId }).closest('tr')!;
    expect(row.textContent).toContain('On its way back');
    await waitFor(() => expect(row.textContent).toContain(`${item.title} (${item.sku})`));

    await user.type(screen.getByLabelText('Scan return'), `${returnId}{Enter}`);
    // First the return and its location, before anything is asked about its condition.
    const confirm = await screen.findByRole('group', { name: `Is this return ${returnId} in your hands?` });
    expect(confirm.textContent).toContain(`${item.title} (${item.sku})`);
    expect(confirm.textContent).toContain(`Location: ${location} (this desk)`);
    expect(screen.queryByRole('group', { name: `What came back for ${returnId}?` })).toBeNull();
    await user.keyboard('{Enter}');
    const prompt = await screen.findByRole('group', { name: `What came back for ${returnId}?` });
    expect(sent).not.toContain('returns.receive');
    await user.click(within(prompt).getByRole('button', { name: /Sellable/ }));
    // No camera is set up on this desk: the photo step says so, and Enter receives it.
    const photos = await screen.findByRole('group', { name: `Photos of return ${returnId}` });
    expect(photos.textContent).toContain('No camera is set up for this desk');
    expect(sent).not.toContain('returns.receive');
    // Another package scanned now does not drop the return in hand.
    routeScan('RT00000000000999', 'wedge');
    await waitFor(() => expect(useAppStore.getState().status.text).toContain(`Return ${returnId} is still being received`));
    expect(screen.getByRole('group', { name: `Photos of return ${returnId}` })).toBeDefined();
    expect(sent.filter((c) => c === 'returns.find')).toHaveLength(1);
    await user.keyboard('{Enter}');
    const result = await screen.findByText(new RegExp(`Return ${returnId} received: .*sellable\\.`));
    expect(result.getAttribute('role')).toBe('status');
    expect(before).toBeDefined();
    expect(result.textContent).toContain(`back in stock at ${location}`);
    expect(stock()).toBe(before! + item.quantity);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Standard returns of this location' })).getByRole('cell', { name: returnId }).closest('tr')!.textContent).toContain('Received'));
    expect((screen.getByLabelText('Scan return') as HTMLInputElement).value).toBe('');
  });

  it('will not dispatch a self-ship order without its dates, and dispatches once they are given', async () => {
    const shipment = selfShipShipment(app.sandbox);
    // As the sandbox seeds self-ship orders: the fixture's "Seller_Fulfilment" profile is outside
    // the search's default service profiles, so the list would not show it.
    for (const item of shipment.orderItems) item.serviceProfile = 'NON_FBF';
    const id = shipment.shipmentId;
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: `Dispatch ${id}` }));
    const form = screen.getByRole('form', { name: `Dispatch ${id}` });
    const dispatchDate = within(form).getByLabelText('Dispatch date (IST)');
    const deliveryDate = within(form).getByLabelText('Expected delivery date (IST)');
    expect((dispatchDate as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    fireEvent.change(dispatchDate, { target: { value: '' } });
    fireEvent.change(deliveryDate, { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Dispatch' }));

    expect(dispatchDate.getAttribute('aria-invalid')).toBe('true');
    expect(description(dispatchDate)).toMatch(/Give the dispatch date/);
    expect(description(deliveryDate)).toMatch(/Give the expected delivery date/);
    expect(sent).not.toContain('selfship.dispatch');
    expect((await app.api.invoke('selfship.list', {})).find((s) => s.shipmentId === id)?.status).toBe('APPROVED');

    const now = new Date(app.sandbox.world.now() + 330 * 60_000);
    const local = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 16);
    fireEvent.change(dispatchDate, { target: { value: local(0) } });
    fireEvent.change(deliveryDate, { target: { value: local(3 * 86_400_000) } });
    await user.click(within(form).getByRole('button', { name: 'Dispatch' }));
    await waitFor(() => expect(sent).toContain('selfship.dispatch'));
    // Only the success sentence: a refusal also names the shipment and would pass a looser match.
    await screen.findByText(new RegExp(`${id} dispatched`), undefined, { timeout: 5000 });
    expect((await app.api.invoke('selfship.list', {})).find((s) => s.shipmentId === id)?.status).toBe('SHIPPED');
  });

  it('opens self-ship forms with dates the marketplace accepts, a partner from its list, and ends with a confirmation in IST words', async () => {
    const shipment = selfShipShipment(app.sandbox);
    for (const item of shipment.orderItems) item.serviceProfile = 'NON_FBF';
    const id = shipment.shipmentId;
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: `Dispatch ${id}` }));
    const form = screen.getByRole('form', { name: `Dispatch ${id}` });
    const dispatchAt = Date.parse(`${(within(form).getByLabelText('Dispatch date (IST)') as HTMLInputElement).value}:00+05:30`);
    const deliveryAt = Date.parse(`${(within(form).getByLabelText('Expected delivery date (IST)') as HTMLInputElement).value}:00+05:30`);
    // A planned date opens at tomorrow, not now; each date is read back in IST words.
    expect(deliveryAt - dispatchAt).toBe(86_400_000);
    expect(description(within(form).getByLabelText('Expected delivery date (IST)'))).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST$/);

    // The partner is one of the marketplace's self-ship vendors, not typed.
    const partner = within(form).getByLabelText('Delivery partner (optional)') as HTMLSelectElement;
    await waitFor(() => expect([...partner.options].map((o) => o.value)).toContain('BLUEDART'));
    await user.selectOptions(partner, 'BLUEDART');
    await user.click(within(form).getByRole('button', { name: 'Dispatch' }));
    expect(description(within(form).getByLabelText('Tracking ID (optional)'))).toMatch(/Blue Dart needs the tracking id/);
    expect(sent).not.toContain('selfship.dispatch');
    await user.type(within(form).getByLabelText('Tracking ID (optional)'), 'BD123456789');
    await user.click(within(form).getByRole('button', { name: 'Dispatch' }));

    const done = await screen.findByText(new RegExp(`${id} dispatched`), undefined, { timeout: 5000 });
    expect(done.textContent).toMatch(/deliver it by \d{1,2} \w{3} \d{4}, \d{2}:\d{2} IST\./);
    expect(done.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(app.sandbox.world.shipments.get(id)!.orderItems.every((i) => i.status === 'SHIPPED')).toBe(true);
    expect(JSON.stringify(app.sandbox.world.shipments.get(id))).toContain('BLUEDART');

    // A delivery attempt as the form opens: the new delivery date (tomorrow) is accepted as it is.
    await user.click(await screen.findByRole('button', { name: `Delivery attempt ${id}` }));
    const attempt = screen.getByRole('form', { name: `Delivery attempt ${id}` });
    await user.type(within(attempt).getByLabelText('Reason'), 'Buyer not at home');
    await user.click(within(attempt).getByRole('button', { name: 'Delivery attempt' }));
    await screen.findByText(new RegExp(`Delivery attempt of ${id} recorded; the new delivery date is \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} IST\\.`), undefined, { timeout: 5000 });

    // A date the marketplace refuses: its own reason is said, not a guess.
    const refused = await app.api.invoke('selfship.delivered', { shipmentId: id, deliveryDate: new Date(app.sandbox.world.now() + 30 * 86_400_000).toISOString() });
    expect(refused.ok).toBe(false);
    expect(refused.text).toMatch(new RegExp(`^The delivery of ${id} was not done\\. The marketplace's reason: .+\\.`));
  });
});

describe('Returns screen in Hindi', () => {
  afterEach(() => switchLanguage('en'));

  it('receives a damaged return by keyboard in Hindi: kept for a claim at the marketplace and on disk, every answer in Hindi', async () => {
    const location = app.settings.get().locationId;
    const created = await app.sandbox.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: location, kind: 'plain' } });
    const item = app.sandbox.world.shipments.get(created.json.shipmentIds[0])!.orderItems[0]!;
    const returnId = await createReturnVia(app.sandbox, item.orderItemId, 'standard');
    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('रिटर्न और सेल्फ-शिप');
    const table = await screen.findByRole('table', { name: 'इस लोकेशन के सामान्य रिटर्न' });
    await waitFor(() => expect(within(table).getByRole('cell', { name: returnId }).closest('tr')!.textContent).toContain('वापस आ रहा है'), { timeout: 10_000 });

    await user.type(screen.getByLabelText('रिटर्न स्कैन करें'), `${returnId}{Enter}`);
    const confirm = await screen.findByRole('group', { name: `क्या आपके हाथ में यही रिटर्न ${returnId} है?` });
    expect(confirm.textContent).toContain(`लोकेशन: ${location} (यह डेस्क)`);
    await user.keyboard('{Enter}');
    await screen.findByRole('group', { name: `${returnId} में क्या वापस आया?` });
    // 2: damaged, typed alone (not a scanner's burst).
    await user.keyboard('2');
    const photos = await screen.findByRole('group', { name: `रिटर्न ${returnId} की फ़ोटो` });
    expect(photos.textContent).toContain('इस डेस्क पर कैमरा सेट नहीं है');
    await user.keyboard('{Enter}');

    const result = await screen.findByText(new RegExp(`रिटर्न ${returnId} लिया गया: .*टूटा-फूटा।`), undefined, { timeout: 10_000 });
    expect(result.textContent).toContain('क्लेम के लिए दर्ज किया');
    // Only ids, the product's own name and SKU stay in Latin letters.
    const latin = result.textContent!.replace(returnId, '').replace(item.title ?? '', '').replace(item.sku, '');
    expect(latin).not.toMatch(/[A-Za-z]{3,}/);
    // What happened: received at the marketplace, and kept for a claim on this computer.
    expect(app.sandbox.world.returns.get(returnId)?.status).toBe('COMPLETED');
    expect((await app.api.invoke('claims.list', {})).find((c) => c.returnId === returnId)).toMatchObject({ condition: 'damaged' });
    const claims = await screen.findByRole('table', { name: 'क्लेम के लिए रखे रिटर्न' });
    await waitFor(() => expect(within(claims).getByRole('cell', { name: returnId }).closest('tr')!.textContent).toContain('टूटा-फूटा'));

    // The same package again: the station's refusal, said in Hindi from its key.
    await user.type(screen.getByLabelText('रिटर्न स्कैन करें'), `${returnId}{Enter}`);
    await screen.findByText(`रिटर्न ${returnId} पहले ही लिया जा चुका है। अगर यह दूसरा पैकेट है, सुपरवाइज़र को बताएँ।`, undefined, { timeout: 10_000 });
  });

  it('a self-ship form in Hindi: its labels, its errors and the date read back in hi-IN words', async () => {
    const shipment = selfShipShipment(app.sandbox);
    for (const item of shipment.orderItems) item.serviceProfile = 'NON_FBF';
    const id = shipment.shipmentId;
    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: `डिस्पैच ${id}` }));
    const form = screen.getByRole('form', { name: `डिस्पैच ${id}` });
    const dispatchDate = within(form).getByLabelText('डिस्पैच तारीख (IST)');
    // The typed time read back 24-hour, as the datetime field holds it: no Latin am/pm in Hindi.
    const typed = (dispatchDate as HTMLInputElement).value;
    const expected = formatterFor('hi-IN').dateTime(new Date(`${typed}:00+05:30`));
    expect(description(dispatchDate)).toBe(`${expected} IST`);
    expect(expected).toContain(typed.slice(11, 16));
    fireEvent.change(dispatchDate, { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'डिस्पैच' }));
    expect(description(dispatchDate)).toBe('डिस्पैच तारीख डालें; मार्केटप्लेस को इसके लिए यह चाहिए।');
    expect(sent).not.toContain('selfship.dispatch');
  });
});
