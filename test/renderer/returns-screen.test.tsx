// @vitest-environment happy-dom
// The Returns screen over a real app station and test sandbox: receiving a return by scanning
// it, and a self-ship action that cannot leave without the dates the spec requires.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ReturnsScreen from '../../renderer/src/screens/returns/index.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { createReturnVia, selfShipShipment, standardShipment } from '../support/selfship-fixtures.js';
import { describedBy as description, recordingStation, renderScreen } from './screen-harness.js';

let app: TestAppStation;
let sent: string[];
beforeAll(async () => {
  app = await startTestAppStation();
});
afterAll(() => app.close());
afterEach(cleanup);

function show() {
  sent = [];
  renderScreen(recordingStation(app.api, sent), <ReturnsScreen />);
}


describe('Returns screen', () => {
  it('receives a standard return typed into "Scan return" and says so in words', async () => {
    const shipment = standardShipment(app.sandbox);
    const returnId = await createReturnVia(app.sandbox, shipment.orderItems[0].orderItemId, 'standard');
    const user = userEvent.setup();
    show();
    const table = await screen.findByRole('table', { name: 'Standard returns of this location' });
    const row = within(table).getByRole('cell', { name: returnId }).closest('tr')!;
    expect(row.textContent).toContain('On its way back');

    await user.type(screen.getByLabelText('Scan return'), `${returnId}{Enter}`);
    const result = await screen.findByText(new RegExp(`${returnId}.*received|received.*${returnId}`, 'i'));
    expect(result.getAttribute('role')).toBe('status');
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
    const deliveryDate = within(form).getByLabelText('Tentative delivery date (IST)');
    expect((dispatchDate as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    fireEvent.change(dispatchDate, { target: { value: '' } });
    fireEvent.change(deliveryDate, { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Dispatch' }));

    expect(dispatchDate.getAttribute('aria-invalid')).toBe('true');
    expect(description(dispatchDate)).toMatch(/Give the dispatch date/);
    expect(description(deliveryDate)).toMatch(/Give the tentative delivery date/);
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
});
