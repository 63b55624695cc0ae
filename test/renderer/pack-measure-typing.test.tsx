// @vitest-environment happy-dom
// Typing the weight and size while the desk's answer to the last scan (or to the last
// measurement) is still on its way, over a real app station: the answer arriving mid-typing
// neither pulls the focus back to the scan field nor clears what is being typed, and the typed
// values reach the station's session as typed.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { EventName, StationApi } from '../../shared/contract.js';
import { luhnCheckDigit } from '../../shared/barcodes.js';
import { createShipments, renderApp, useAppStation } from './app-harness.js';

const session = useAppStation({ scan: { debounceMs: 100 } });

/** The station with the desk's answers (replies and desk.changed events) held back until released. */
function heldAnswers(real: StationApi) {
  let gate: { promise: Promise<void>; open: () => void } | undefined;
  const events: (() => void)[] = [];
  const api: StationApi = {
    invoke: async (command, args) => {
      const answer = await real.invoke(command, args);
      if (gate && (command === 'desk.scan' || command === 'desk.measure')) await gate.promise;
      return answer;
    },
    subscribe: (event, listener) =>
      real.subscribe(event, (payload) => {
        if (gate && (event as EventName) === 'desk.changed') events.push(() => listener(payload));
        else listener(payload);
      }),
  };
  return {
    api,
    hold() {
      let open = () => undefined as void;
      const promise = new Promise<void>((r) => (open = r));
      gate = { promise, open };
    },
    release() {
      const g = gate;
      gate = undefined;
      for (const deliver of events.splice(0)) deliver();
      g?.open();
    },
  };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const scanField = () => screen.getByLabelText('Scan') as HTMLInputElement;

async function openPhone(user: ReturnType<typeof renderApp>['user']): Promise<string> {
  const { sb } = session;
  const [id] = await createShipments(sb, 1, 'serialized');
  const item = sb.world.shipments.get(id!)!.orderItems[0]!;
  sb.world.shipments.get(id!)!.orderItems.splice(1);
  item.quantity = 1;
  await waitFor(() => expect(document.activeElement).toBe(scanField()));
  await user.keyboard(`${id}{Enter}`);
  await screen.findByRole('heading', { name: new RegExp(`Shipment ${id}: 0 of 1`) }, { timeout: 10_000 });
  await user.keyboard(`${item.sku}{Enter}`);
  await waitFor(() => expect(scanField().placeholder).toMatch(/IMEI/), { timeout: 10_000 });
  return id!;
}

const imei = (body14: string) => body14 + String(luhnCheckDigit(body14));

describe('typing measurements while the desk answers', () => {
  it('keeps the focus in the size fields when the answer to the IMEI scan arrives after Alt+M', async () => {
    const held = heldAnswers(session.app.api);
    const { user } = renderApp(held.api);
    await openPhone(user);
    held.hold();
    await user.keyboard(`${imei('35209900176301')}{Enter}`);
    // The packer goes straight on to the size while the answer is on its way.
    await user.keyboard('{Alt>}m{/Alt}');
    expect(document.activeElement).toBe(field('Length (cm)'));
    await user.keyboard('30');
    held.release();
    await waitFor(() => expect(scanField().placeholder).toMatch(/Weigh and measure/));
    await new Promise((r) => setTimeout(r, 50));
    await user.keyboard('{Tab}20{Tab}10{Tab}1.2{Enter}');
    await waitFor(() => expect(scanField().placeholder).toBe('Ready: press Enter to pack'), { timeout: 10_000 });
    const parcel = (await session.app.api.invoke('desk.view', {})).session!.parcels[0]!;
    expect(parcel).toMatchObject({ dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.2, weightSource: 'typed', dimensionsSource: 'typed' });
    expect(scanField().value).toBe('');
    await user.click(screen.getByRole('button', { name: /^Put aside/ }));
  });

  it('keeps what is typed while the answer to the previous measurement arrives, and clears only what was sent', async () => {
    const held = heldAnswers(session.app.api);
    const { user } = renderApp(held.api);
    await openPhone(user);
    await user.keyboard(`${imei('35209900176302')}{Enter}`);
    await waitFor(() => expect(scanField().placeholder).toMatch(/Weigh and measure/), { timeout: 10_000 });
    await user.keyboard('{Alt>}m{/Alt}');
    await user.keyboard('{Tab}{Tab}{Tab}0.8');
    held.hold();
    await user.keyboard('{Enter}');
    // The weight is on its way; the packer now types the size (a desk view arrives meanwhile).
    await user.click(field('Length (cm)'));
    await user.keyboard('30{Tab}20');
    held.release();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Packages' }).textContent).toMatch(/0\.8 kg \(typed\)/));
    // The weight that was sent is cleared once taken; the size being typed stays.
    await waitFor(() => expect(field('Weight (kg)').value).toBe(''));
    expect(field('Length (cm)').value).toBe('30');
    expect(field('Breadth (cm)').value).toBe('20');
    expect(document.activeElement).toBe(field('Breadth (cm)'));
    await user.keyboard('{Tab}10{Enter}');
    await waitFor(() => expect(scanField().placeholder).toBe('Ready: press Enter to pack'), { timeout: 10_000 });
    const parcel = (await session.app.api.invoke('desk.view', {})).session!.parcels[0]!;
    expect(parcel).toMatchObject({ dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 0.8 });
    await user.click(screen.getByRole('button', { name: /^Put aside/ }));
  });

  it('drops its complaint about a typed number once the parcel is measured another way', async () => {
    const { user } = renderApp(session.app.api);
    await openPhone(user);
    await user.keyboard(`${imei('35209900176303')}{Enter}`);
    await waitFor(() => expect(scanField().placeholder).toMatch(/Weigh and measure/), { timeout: 10_000 });
    await user.click(field('Weight (kg)'));
    await user.keyboard('-2{Enter}');
    const problem = () => document.getElementById('measure-problem');
    await waitFor(() => expect(problem()?.textContent).toMatch(/Weight must be a number above zero/));
    // The scale weighs it: the red words about "-2" no longer describe anything.
    await session.app.api.invoke('desk.measure', { weightKg: 0.9, source: 'device' });
    await waitFor(() => expect(problem()).toBeNull());
    expect(field('Weight (kg)').getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Put aside/ }));
  });
});
