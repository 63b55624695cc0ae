// @vitest-environment happy-dom
// The Pack screen over a real app station and sandbox: a scan opens the shipment and shows its
// units, a product scan ticks a unit, a wrong item is refused in words with the failure sound,
// typed measurements apply with Enter, Enter packs, and the label job appears and prints.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { createShipments, renderApp, statusSays, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;

const session = useAppStation({ scan: { debounceMs: 100 } });
beforeAll(async () => {
  ({ sb, app } = session);
});

const scanField = () => screen.getByLabelText('Scan') as HTMLInputElement;

describe('Pack screen', () => {
  it('keeps the focus in the scan field, opens a scanned shipment and ticks a unit per product scan', async () => {
    const [id] = await createShipments(sb, 1);
    const item = sb.world.shipments.get(id!)!.orderItems[0]!;
    const { user } = renderApp(app.api);
    await waitFor(() => expect(document.activeElement).toBe(scanField()));

    await user.keyboard(`${id}{Enter}`);
    const units = await screen.findByRole('list', { name: 'Units' }, { timeout: 10_000 });
    expect(within(units).getByText(`0 of ${item.quantity} verified`)).toBeTruthy();
    await statusSays(new RegExp(`Shipment ${id} opened`));

    await user.keyboard(`${item.sku}{Enter}`);
    await waitFor(() => expect(within(units).getByText(new RegExp(`^1 of ${item.quantity}`))).toBeTruthy(), { timeout: 10_000 });
    // The focus is still in the scan field, ready for the next scan.
    expect(document.activeElement).toBe(scanField());
    expect(scanField().value).toBe('');

    await user.keyboard('{Escape}');
    await statusSays(new RegExp(`Shipment ${id} put aside`));
    expect(screen.queryByRole('list', { name: 'Units' })).toBeNull();
  });

  it('refuses a wrong item in words in the status line, with the failure sound', async () => {
    const [id] = await createShipments(sb, 1);
    const { user, sounds } = renderApp(app.api);
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    await user.keyboard(`${id}{Enter}`);
    await statusSays(new RegExp(`Shipment ${id} opened`));
    sounds.length = 0;
    await user.keyboard('NOT-IN-THIS-BOX-42{Enter}');
    await statusSays(/Wrong item: NOT-IN-THIS-BOX-42 is not in shipment/);
    expect(screen.getByRole('status').textContent).toMatch(/Put it back and scan the right product/);
    expect(sounds).toEqual(['failure']);
    await user.keyboard('{Escape}');
    await statusSays(/put aside/);
  });

  it('takes typed measurements with Enter, packs on Enter and shows the label job until it is printed', async () => {
    const [id] = await createShipments(sb, 1);
    const items = sb.world.shipments.get(id!)!.orderItems;
    const { user, sounds } = renderApp(app.api);
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    await user.keyboard(`${id}{Enter}`);
    await screen.findByRole('list', { name: 'Units' }, { timeout: 10_000 });
    for (const item of items) {
      for (let n = 0; n < item.quantity; n++) {
        const before = sounds.length;
        await user.keyboard(`${item.sku}{Enter}`);
        // Each scan is answered (with a beep) before the next, as at a real desk.
        await waitFor(() => expect(sounds.length).toBeGreaterThan(before), { timeout: 10_000 });
        // The same code again within the debounce time would be one scan, not two.
        await new Promise((r) => setTimeout(r, 150));
      }
    }
    await waitFor(() => expect(screen.getByRole('heading', { name: /verified$/ }).textContent).toMatch(/(\d+) of \1 units? verified/), { timeout: 10_000 });

    const needsMeasuring = screen.queryByText(/size not measured|weight not measured/);
    if (needsMeasuring) {
      // Wrong values are refused in words before anything is sent.
      await user.click(screen.getByLabelText('Weight (kg)'));
      await user.keyboard('-2{Enter}');
      await statusSays(/Weight must be a number above zero/);
      await user.clear(screen.getByLabelText('Weight (kg)'));
      await user.type(screen.getByLabelText('Length (cm)'), '30');
      await user.type(screen.getByLabelText('Breadth (cm)'), '20');
      await user.type(screen.getByLabelText('Height (cm)'), '10');
      await user.type(screen.getByLabelText('Weight (kg)'), '1.2{Enter}');
      await statusSays(/./);
      await screen.findByRole('button', { name: /Pack shipment/ }, { timeout: 10_000 }).catch((e) => {
        throw new Error(`${e.message.slice(0, 80)} status: ${screen.getByRole('status').textContent}`);
      });
      await waitFor(() => expect(document.activeElement).toBe(scanField()));
    }
    // With the station away, Enter packs nothing and says so out loud; once it is back, Enter packs.
    useAppStore.getState().setConnection('lost');
    await user.keyboard('{Enter}');
    await statusSays(/Desk offline: the pack was not done/);
    expect(sb.world.shipments.get(id!)!.orderItems.every((i) => i.status === 'APPROVED')).toBe(true);
    useAppStore.getState().setConnection('online');
    await user.keyboard('{Enter}');
    await statusSays(new RegExp(`Shipment ${id} packed`));
    const labels = await screen.findByRole('list', { name: 'Labels' });
    const row = () => within(labels).getByText(id!).closest('li')!;
    await waitFor(() => expect(row().textContent).toMatch(/Label printed on .+/), { timeout: 15_000 });
    await waitFor(() => expect(app.printedFiles().some((f) => f.includes(id!))).toBe(true), { timeout: 10_000 });
  });
});
