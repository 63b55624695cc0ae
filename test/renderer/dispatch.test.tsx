// @vitest-environment happy-dom
// The Dispatch screen over a real app station: cancelling needs a confirmation dialog that shows
// the station's words about stock, keeps the focus, closes with Esc without cancelling, and
// cancels only with a reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { createShipments, renderApp, statusSays, useAppStation } from './app-harness.js';
import { readyToDispatch } from '../sandbox/shipments-fixtures.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';

let sb: TestSandbox;
let app: TestAppStation;

const session = useAppStation();
beforeAll(async () => {
  ({ sb, app } = session);
});

const statusOf = (id: string) => sb.world.shipments.get(id)!.orderItems[0]!.status;

describe('Dispatch screen: cancel', () => {
  it('shows the stock warning in a dialog, closes with Esc without cancelling, and cancels only with a reason', async () => {
    const [id] = await createShipments(sb, 1);
    const preview = await app.api.invoke('dispatch.cancelPreview', { shipmentId: id! });
    const { user } = renderApp(app.api, 'dispatch');
    await user.type(screen.getByLabelText('Shipment to cancel'), id!);
    await user.click(screen.getByRole('button', { name: 'Cancel shipment…' }));

    const dialog = await screen.findByRole('dialog', { name: `Cancel shipment ${id}?` });
    expect(within(dialog).getByText(preview.text)).toBeTruthy();
    // Stock and the buyer, in words: no spec sections, no marketplace state codes.
    expect(dialog.textContent).toMatch(/out of stock/);
    expect(dialog.textContent).toMatch(/buyer/);
    expect(dialog.textContent).not.toMatch(/spec|§|APPROVED|READY_TO_DISPATCH/);
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Tab cycles inside the dialog.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(statusOf(id!)).toBe('APPROVED');

    await user.click(screen.getByRole('button', { name: 'Cancel shipment…' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Cancel the shipment' }));
    expect(within(again).getByText(/Give a reason of at least 3 characters/)).toBeTruthy();
    expect(statusOf(id!)).toBe('APPROVED');

    await user.type(within(again).getByLabelText('Reason for cancelling'), 'Out of stock at this desk');
    await user.click(within(again).getByRole('button', { name: 'Cancel the shipment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(statusOf(id!)).toBe('CANCELLED'), { timeout: 10_000 });
    // Filed as a cancellation, not among the shipments marked ready to dispatch.
    expect(screen.getByRole('list', { name: 'Cancellation results' }).textContent).toContain(`Cancelled: ${id}`);
    expect(screen.queryByRole('list', { name: 'Dispatch results' })).toBeNull();
  });

  it('on a Hindi desk: the stock warning and the result are Hindi, and the result is filed as a cancellation', async () => {
    const [id] = await createShipments(sb, 1);
    const desk = async (language: string) => {
      const saved = await app.api.invoke('settings.update', { language });
      act(() => useAppStore.getState().setSettings(saved));
    };
    try {
      await desk('hi');
      const { user } = renderApp(app.api, 'dispatch');
      await screen.findByLabelText('कैंसल करना है: शिपमेंट');
      await user.type(screen.getByLabelText('कैंसल करना है: शिपमेंट'), id!);
      await user.click(screen.getByRole('button', { name: 'शिपमेंट कैंसल करें…' }));
      const dialog = await screen.findByRole('dialog', { name: `शिपमेंट ${id} कैंसल करें?` });
      expect(dialog.textContent).toContain('मार्केटप्लेस लोकेशन');
      // No English sentence left: only ids, product names and the key name.
      const titles = sb.world.shipments.get(id!)!.orderItems.map((i) => i.title);
      let rest = dialog.textContent!;
      for (const t of titles) rest = rest.split(t).join('');
      expect(rest.replace(/SH\d+|LOC\w+|Alt\+6|Esc/g, '').match(/[A-Za-z]{3,}/g)).toBeNull();
      await user.type(within(dialog).getByLabelText('कैंसल करने की वजह'), 'स्टॉक खत्म');
      await user.click(within(dialog).getByRole('button', { name: 'शिपमेंट कैंसल करें' }));
      await waitFor(() => expect(statusOf(id!)).toBe('CANCELLED'), { timeout: 10_000 });
      const filed = await screen.findByRole('list', { name: 'कैंसल करने के नतीजे' });
      expect(filed.textContent).toContain(`कैंसल: ${id}: ${id} कैंसल हो गया और खरीदार को बता दिया गया;`);
      expect(screen.queryByRole('list', { name: 'डिस्पैच नतीजे' })).toBeNull();
      expect(screen.queryByText('✓', { exact: false })).toBeNull();
    } finally {
      await desk('en');
    }
  });

  it('does not offer to cancel what can no longer be cancelled, and says why in words', async () => {
    const [id] = await createShipments(sb, 1);
    await readyToDispatch(sb, [id!]);
    const { user, sounds } = renderApp(app.api, 'dispatch');
    await user.type(screen.getByLabelText('Shipment to cancel'), id!);
    await user.click(screen.getByRole('button', { name: 'Cancel shipment…' }));
    await statusSays(new RegExp(`${id} is already marked ready to dispatch, so it can no longer be cancelled here`));
    expect(screen.getByRole('status').textContent).not.toMatch(/READY_TO_DISPATCH|APPROVED|spec|§/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sounds).toContain('failure');
    expect(statusOf(id!)).toBe('READY_TO_DISPATCH');
  });

  it('refuses to mark an unpacked shipment ready to dispatch, in words, with the failure sound', async () => {
    const [id] = await createShipments(sb, 1);
    const { user, sounds } = renderApp(app.api, 'dispatch');
    await user.type(screen.getByLabelText('Shipment to mark ready to dispatch'), `${id}`);
    await user.click(screen.getByRole('button', { name: 'Mark ready to dispatch' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Dispatch results' }).textContent).toContain(id!), { timeout: 10_000 });
    expect(screen.getByRole('status').textContent!.length).toBeGreaterThan(10);
    expect(sounds).toContain('failure');
    expect(statusOf(id!)).toBe('APPROVED');
    await statusSays(/./);
  });
});
