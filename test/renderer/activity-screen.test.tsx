// @vitest-environment happy-dom
// The Activity screen over a real app station and test sandbox: an operation the desk did is
// found in the audit trail by searching for its id.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StationProvider } from '../../renderer/src/app/station-context.js';
import ActivityScreen from '../../renderer/src/screens/activity/index.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { selfShipShipment } from '../support/selfship-fixtures.js';

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
