// @vitest-environment happy-dom
// The Activity screen over a real app station and test sandbox: an operation the desk did is
// found in the audit trail by searching for its id.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StationProvider } from '../../renderer/src/app/station-context.js';
import ActivityScreen from '../../renderer/src/screens/activity/index.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { createReturnVia, selfShipShipment } from '../support/selfship-fixtures.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import { formatterFor } from '../../shared/i18n/format.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { todayInIst } from '../../renderer/src/screens/activity/day-range.js';

let app: TestAppStation;
beforeAll(async () => {
  app = await startTestAppStation({ settings: { desk: { name: 'Desk 1', operator: 'Ravi' } } });
});
afterAll(() => app.close());
afterEach(cleanup);

function show() {
  render(
    <StationProvider station={app.api}>
      <ActivityScreen />
    </StationProvider>,
  );
}

describe('Activity screen', () => {
  it('finds the record of a dispatch by its shipment id, with who did it', async () => {
    const shipment = selfShipShipment(app.sandbox);
    for (const item of shipment.orderItems) item.serviceProfile = 'NON_FBF';
    const now = new Date(app.sandbox.world.now()).toISOString();
    const later = new Date(app.sandbox.world.now() + 3 * 86_400_000).toISOString();
    const done = await app.api.invoke('selfship.dispatch', { shipmentId: shipment.shipmentId, dispatchDate: now, tentativeDeliveryDate: later });
    expect(done.ok).toBe(true);
    const other = selfShipShipment(app.sandbox);

    const user = userEvent.setup();
    show();
    const form = screen.getByRole('form', { name: 'Search the activity' });
    await user.type(within(form).getByLabelText('Search text'), shipment.shipmentId);
    await user.click(within(form).getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.textContent!.includes(shipment.shipmentId))).toBe(true);
    expect(rows.some((r) => /dispatch/i.test(r.textContent!) && r.textContent!.includes('Ravi'))).toBe(true);
    expect(table.textContent).not.toContain(other.shipmentId);
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    show();
    const form = screen.getByRole('form', { name: 'Search the activity' });
    await user.type(within(form).getByLabelText('Search text'), 'no-such-thing-here');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Nothing was recorded that matches.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Audit trail' })).toBeNull();
  });
});

describe('Activity screen in Hindi', () => {
  afterEach(() => switchLanguage('en'));

  it('says the station\'s records in Hindi: a received damaged return and a self-ship dispatch, with who, when (IST, hi-IN) and the count', async () => {
    const location = app.settings.get().locationId;
    const created = await app.sandbox.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: location, kind: 'plain' } });
    const item = app.sandbox.world.shipments.get(created.json.shipmentIds[0])!.orderItems[0]!;
    const returnId = await createReturnVia(app.sandbox, item.orderItemId, 'standard');
    const received = await app.api.invoke('returns.receive', { raw: returnId, condition: 'damaged' });
    expect(received.ok).toBe(true);
    const shipment = selfShipShipment(app.sandbox);
    for (const i of shipment.orderItems) i.serviceProfile = 'NON_FBF';
    const now = new Date(app.sandbox.world.now()).toISOString();
    const later = new Date(app.sandbox.world.now() + 3 * 86_400_000).toISOString();
    expect((await app.api.invoke('selfship.dispatch', { shipmentId: shipment.shipmentId, dispatchDate: now, tentativeDeliveryDate: later })).ok).toBe(true);

    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('हिसाब');
    const form = screen.getByRole('form', { name: 'हिसाब में खोजें' });
    await user.type(within(form).getByLabelText('खोज'), returnId);
    await user.click(within(form).getByRole('button', { name: 'खोजें' }));
    const table = await screen.findByRole('table', { name: 'किसने क्या किया' });
    // The return's condition is said inside the sentence, in Hindi too.
    const row = within(table).getByText(`रिटर्न ${returnId} लिया (टूटा-फूटा) (Desk 1, Ravi)।`).closest('tr')!;
    expect(within(row).getByText('हो गया')).toBeTruthy();
    const entries = await app.api.invoke('activity.search', { text: returnId });
    const entry = entries.find((e) => e.kind === 'returns.complete')!;
    // The English words stay with the record, for exports and the command line.
    expect(entry.text).toBe(`Received return ${returnId} (damaged) at Desk 1 by Ravi.`);
    // 24-hour, as every time of the desk: no am/pm in Latin letters in a Hindi row.
    expect(row.textContent).toContain(formatterFor('hi-IN').dateTime(entry.at));
    expect(row.textContent).toMatch(/, \d{2}:\d{2}/);
    expect(row.textContent).not.toMatch(/\b[ap]m\b/i);
    const rows = within(table).getAllByRole('row').length - 1;
    expect(screen.getByText(rows === 1 ? '1 रिकॉर्ड मिला।' : `${rows} रिकॉर्ड मिले।`)).toBeTruthy();

    await user.clear(within(form).getByLabelText('खोज'));
    await user.type(within(form).getByLabelText('खोज'), shipment.shipmentId);
    await user.click(within(form).getByRole('button', { name: 'खोजें' }));
    expect(await screen.findByText(`${shipment.shipmentId} का सेल्फ-शिप डिस्पैच (Desk 1, Ravi)।`)).toBeTruthy();
    // The day's numbers under their Hindi captions.
    expect(screen.getByRole('table', { name: 'हर घंटे के पैक' })).toBeTruthy();

    // A Hindi word of the sentence as the screen shows it finds the record; its English word still does too.
    await user.clear(within(form).getByLabelText('खोज'));
    await user.type(within(form).getByLabelText('खोज'), 'टूटा-फूटा');
    await user.click(within(form).getByRole('button', { name: 'खोजें' }));
    const found = await screen.findByText(`रिटर्न ${returnId} लिया (टूटा-फूटा) (Desk 1, Ravi)।`);
    const hindiRows = within(found.closest('table')!).getAllByRole('row').slice(1);
    expect(hindiRows.length).toBeGreaterThan(0);
    expect(hindiRows.every((r) => r.textContent!.includes('टूटा-फूटा'))).toBe(true);
    expect(found.closest('table')!.textContent).not.toContain(shipment.shipmentId);
    await user.clear(within(form).getByLabelText('खोज'));
    await user.type(within(form).getByLabelText('खोज'), 'damaged');
    await user.click(within(form).getByRole('button', { name: 'खोजें' }));
    expect(await screen.findByText(`रिटर्न ${returnId} लिया (टूटा-फूटा) (Desk 1, Ravi)।`)).toBeTruthy();
    // In English, the Hindi word is no word of the sentences.
    expect(await app.api.invoke('activity.search', { text: 'टूटा-फूटा', language: 'en' })).toEqual([]);
    expect((await app.api.invoke('activity.search', { text: 'टूटा-फूटा', language: 'hi' })).map((e) => e.kind)).toContain('returns.complete');
  });
  it("says a refused scan's reason in Hindi, and names the export buttons in Hindi", async () => {
    const location = app.settings.get().locationId;
    const created = await app.sandbox.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: location, kind: 'plain' } });
    const id = created.json.shipmentIds[0] as string;
    const wrong = 'NOT-IN-THIS-BOX-9';
    await app.api.invoke('desk.scan', { raw: id, source: 'serial' });
    expect((await app.api.invoke('desk.scan', { raw: wrong, source: 'serial' })).feedback.tone).toBe('error');
    await app.api.invoke('desk.putAside', {});

    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    const form = screen.getByRole('form', { name: 'हिसाब में खोजें' });
    await user.type(within(form).getByLabelText('खोज'), wrong);
    await user.click(within(form).getByRole('button', { name: 'खोजें' }));
    const table = await screen.findByRole('table', { name: 'किसने क्या किया' });
    const reason = `गलत सामान: ${wrong} शिपमेंट ${id} में नहीं है। इसे वापस रखें और सही सामान स्कैन करें।`;
    const row = within(table).getByText(`SKU ${wrong} का स्कैन नहीं लिया (Desk 1, Ravi): ${reason}`).closest('tr')!;
    expect(row.textContent).not.toMatch(/Wrong item|Put it back/);
    expect(screen.getByRole('button', { name: 'CSV फ़ाइल बनाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF प्रिंट करें' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Export to CSV|Print to PDF/ })).toBeNull();
    // What the status line says once the file is made, in Hindi too.
    const rows = within(table).getAllByRole('row').length - 1;
    await user.click(screen.getByRole('button', { name: 'CSV फ़ाइल बनाएँ' }));
    const file = `activity-${todayInIst()}.csv`;
    expect(useAppStore.getState().status).toMatchObject({ tone: 'ok', text: rows === 1 ? `${file} सेव हो गई: 1 लाइन।` : `${file} सेव हो गई: ${rows} लाइनें।` });
  });
});
