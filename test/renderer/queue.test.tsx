// @vitest-environment happy-dom
// The Queue screen: rows and counts from a real app station, filters and search narrow them,
// a hold shows in words, Enter opens the shipment on Pack, and 5,000 rows keep only a window of
// rows in the DOM.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { QueueRow, QueueView } from '../../shared/contract/queue.js';
import type { StationApi } from '../../shared/contract.js';
import { dispatchCountdown } from '../../renderer/src/screens/queue/countdown.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import type { TestAppStation } from '../support/app-station.js';
import type { TestSandbox } from '../support/sandbox.js';
import { createShipments, renderApp, statusSays, useAppStation } from './app-harness.js';

let sb: TestSandbox;
let app: TestAppStation;
let ids: string[];

const session = useAppStation();
beforeAll(async () => {
  ({ sb, app } = session);
  ids = await createShipments(sb, 6);
  const held = await sb.call('POST', `/sandbox/shipments/${ids[0]}/hold`, { body: { hold: true } });
  expect(held.status).toBe(200);
});

const rowOptions = () => within(screen.getByRole('listbox', { name: 'Shipments' })).queryAllByRole('option');
const optionIds = () => rowOptions().map((o) => o.id.replace('queue-row-', ''));

describe('Queue screen over the station', () => {
  it('shows the shipments with counts per state in words, and a hold in words', async () => {
    const { user } = renderApp(app.api, 'queue');
    const list = await screen.findByRole('listbox', { name: 'Shipments' });
    await waitFor(() => expect(optionIds()).toEqual(expect.arrayContaining(ids.slice(1))), { timeout: 10_000 });
    // A held shipment is not among those to pack; the hold filter shows it.
    expect(optionIds()).not.toContain(ids[0]);
    const counts = screen.getByRole('list', { name: 'Counts per state' });
    expect(within(counts).getByText(/To pack/).textContent).toMatch(/To pack: \d+/);
    await user.selectOptions(screen.getByLabelText('Hold'), 'On hold');
    await waitFor(() => expect(optionIds()).toEqual([ids[0]]), { timeout: 10_000 });
    const heldRow = within(list).getByText(ids[0]!).closest('[role=option]') as HTMLElement;
    expect(within(heldRow).getByText('On hold')).toBeTruthy();
    expect(heldRow.textContent).toMatch(/Due in|Overdue by/);
  });

  it('narrows the rows by search and by the hold filter', async () => {
    const { user } = renderApp(app.api, 'queue');
    await waitFor(() => expect(optionIds()).toEqual(expect.arrayContaining(ids.slice(1))), { timeout: 10_000 });
    await user.type(screen.getByLabelText('Search any id or SKU'), ids[2]!);
    await waitFor(() => expect(optionIds()).toEqual([ids[2]]), { timeout: 10_000 });
    await user.clear(screen.getByLabelText('Search any id or SKU'));
    await waitFor(() => expect(optionIds().length).toBeGreaterThan(1), { timeout: 10_000 });
    const sku = sb.world.shipments.get(ids[4]!)!.orderItems[0]!.sku;
    const withSku = ids.slice(1).filter((id) => sb.world.shipments.get(id)!.orderItems.some((i) => i.sku === sku));
    await user.type(screen.getByLabelText('SKU'), sku);
    await waitFor(() => expect(optionIds().sort()).toEqual(withSku.sort()), { timeout: 10_000 });
  });

  it('opens the active row on the Pack screen with Enter', async () => {
    const { user } = renderApp(app.api, 'queue');
    await waitFor(() => expect(optionIds()).toContain(ids[3]), { timeout: 10_000 });
    const list = screen.getByRole('listbox', { name: 'Shipments' });
    list.focus();
    const target = optionIds().indexOf(ids[3]!);
    for (let i = 0; i < target; i++) await user.keyboard('{ArrowDown}');
    expect(list.getAttribute('aria-activedescendant')).toBe(`queue-row-${ids[3]}`);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(useAppStore.getState().screen).toBe('pack'));
    await statusSays(new RegExp(`Shipment ${ids[3]} opened`));
    await user.keyboard('{Escape}');
    await statusSays(/put aside/);
  });
});

describe('Queue screen: work to do first', () => {
  it('lists the shipments still to pack above the ready-to-dispatch ones, which wait for pickup rather than being overdue', async () => {
    const [waitingA, waitingB] = await createShipments(sb, 2);
    // Packed and marked ready to dispatch hours before their dispatch-by date passed: the courier is late, not the packer.
    for (const id of [waitingA!, waitingB!]) {
      const rec = sb.world.shipments.get(id)!;
      rec.dispatchByDate = '2026-01-05T06:00:00.000Z';
      for (const item of rec.orderItems) item.status = 'READY_TO_DISPATCH';
    }
    renderApp(app.api, 'queue');
    await waitFor(() => expect(optionIds()).toEqual(expect.arrayContaining([waitingA, waitingB, ...ids.slice(1)])), { timeout: 10_000 });
    const order = optionIds();
    const lastToPack = Math.max(...ids.slice(1).map((id) => order.indexOf(id)));
    expect(order.indexOf(waitingA!)).toBeGreaterThan(lastToPack);
    expect(order.indexOf(waitingB!)).toBeGreaterThan(lastToPack);
    const row = screen.getByRole('listbox', { name: 'Shipments' }).querySelector(`#queue-row-${waitingA}`)!;
    expect(row.textContent).toMatch(/Waits for pickup/);
    expect(row.querySelector('.pickup')?.getAttribute('title')).toBe('Ready to dispatch; the courier collects it by 5 Jan, 11:30.');
    expect(row.textContent).not.toMatch(/Overdue/);
    expect(row.querySelector('.overdue')).toBeNull();
  });
});

function fakeRows(n: number): QueueRow[] {
  const start = Date.parse('2026-11-21T10:00:00Z');
  return Array.from({ length: n }, (_, i) => ({
    shipmentId: `SH${String(10_000_000_000_000 + i)}`,
    orderIds: [`OD${String(1_000_000_000_000_000 + i)}`],
    skus: [`SKU-${i}`],
    titles: [`Product ${i}`],
    units: 1,
    status: 'APPROVED' as const,
    dispatchByDate: new Date(start + i * 60_000).toISOString(),
    dispatchAfterDate: new Date(start - 86_400_000).toISOString(),
    hold: false,
    mps: false,
    locationId: 'LOC1',
    updatedAt: new Date(start).toISOString(),
  }));
}

describe('Queue screen with 5,000 shipments', () => {
  it('renders only a window of rows, and the keyboard reaches the last one', async () => {
    const view: QueueView = { rows: fakeRows(5000), counts: { APPROVED: 5000 }, capped: true, fetchedAt: new Date().toISOString() };
    // A station that answers the queue and nothing else: the list's rendering is what is tested.
    const api = {
      invoke: async (command: string) => {
        if (command === 'queue.list' || command === 'queue.refresh') return view;
        throw new Error(`not in this test: ${command}`);
      },
      subscribe: () => () => undefined,
    } as unknown as StationApi;
    const { user } = renderApp(api, 'queue');
    await waitFor(() => expect(rowOptions().length).toBeGreaterThan(0));
    const rendered = rowOptions();
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]!.getAttribute('aria-setsize')).toBe('5000');
    expect(screen.getByText(/Only the first 5,000 are shown/)).toBeTruthy();
    screen.getByRole('listbox', { name: 'Shipments' }).focus();
    await user.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('listbox', { name: 'Shipments' }).getAttribute('aria-activedescendant')).toBe(`queue-row-${view.rows[4999]!.shipmentId}`));
    await waitFor(() => expect(screen.getByText(view.rows[4999]!.shipmentId)).toBeTruthy());
    expect(rowOptions().length).toBeLessThan(60);
  });
});

describe('dispatch countdown', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  it('says overdue in words, and how long', () => {
    expect(dispatchCountdown('2026-11-21T08:55:00Z', now)).toEqual({ overdue: true, soon: false, text: 'Overdue by 1 h 5 min' });
  });
  it('says the time left, in days when it is long', () => {
    expect(dispatchCountdown('2026-11-21T10:40:00Z', now)).toMatchObject({ overdue: false, soon: true, text: 'Due in 40 min' });
    expect(dispatchCountdown('2026-11-23T13:00:00Z', now).text).toBe('Due in 2 d 3 h');
  });
});
