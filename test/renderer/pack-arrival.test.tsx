// @vitest-environment happy-dom
// Coming back to the Pack screen, over a real app station: the desk's words describe the shipment
// as it stands now, not the refusal said about an earlier scan, nor the hint for an empty desk.
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { createShipments, renderApp, statusSays, statusText, useAppStation } from './app-harness.js';

const session = useAppStation({ scan: { debounceMs: 100 } });
const scanField = () => screen.getByLabelText('Scan') as HTMLInputElement;

describe('arriving at Pack', () => {
  it('describes the open shipment as it stands, not the last refusal in red', async () => {
    const [id] = await createShipments(session.sb, 1);
    const item = session.sb.world.shipments.get(id!)!.orderItems[0]!;
    const { user } = renderApp(session.app.api);
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    await user.keyboard(`${id}{Enter}`);
    await statusSays(new RegExp(`Shipment ${id} opened`));
    await user.keyboard('NOT-IN-THIS-BOX-7{Enter}');
    await statusSays(/Wrong item/);
    expect(document.querySelector('.desk-feedback')!.className).toContain('tone-error');

    act(() => useAppStore.getState().go('queue'));
    act(() => useAppStore.getState().go('pack'));
    const units = item.quantity;
    await statusSays(new RegExp(`^Shipment ${id} is open: 0 of ${units} units? verified; scan its next unit\\.$`));
    const box = document.querySelector('.desk-feedback')!;
    expect(box.className).toContain('tone-info');
    expect(box.textContent).toBe(statusText());
    await user.keyboard('{Escape}');
    await statusSays(/put aside/);
  });
});
