// @vitest-environment happy-dom
// The wave's confirmation on its own: it takes the focus so a stray Enter does nothing, starts
// only on Ctrl+Enter (or its button) with exactly the previewed shipments plus the put-aside ones
// the packer picked, and Esc goes back without starting anything.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WavePlanView } from '../../shared/contract/desk.js';
import { WavePreview } from '../../renderer/src/screens/pack/wave-preview.js';
import { routeScan } from '../../renderer/src/scan/scan-router.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';

const plan: WavePlanView = {
  locationId: 'LOC1',
  pack: [
    { shipmentId: 'SH1', contents: 'T-Shirt x2', units: 2, dispatchByDate: '2026-11-25T10:00:00+05:30' },
    { shipmentId: 'SH2', contents: 'Shoes', units: 1, dispatchByDate: '2026-11-25T10:00:00+05:30' },
  ],
  putAside: [{ shipmentId: 'SH3', contents: 'Cooker', units: 1, dispatchByDate: '2026-11-25T10:00:00+05:30' }],
  skipped: [{ shipmentId: 'SH4', reason: 'On hold by the marketplace: it cannot be packed until the hold is released.' }],
  capped: false,
};

function show(p: WavePlanView = plan) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(<WavePreview plan={p} dispatchAtOnce={false} onConfirm={onConfirm} onClose={onClose} />);
  return { onConfirm, onClose, user: userEvent.setup() };
}

afterEach(cleanup);

describe('wave preview', () => {
  it('says what it packs and leaves out; Enter does nothing, Ctrl+Enter starts exactly the previewed shipments', async () => {
    const { onConfirm, user } = show();
    const dialog = screen.getByRole('dialog', { name: 'Wave at LOC1: pack 2 shipments?' });
    expect(document.activeElement).toBe(dialog);
    expect(dialog.textContent).toContain('Packs 2 shipments (3 units)');
    expect(dialog.textContent).toContain('SH4: On hold by the marketplace');
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onConfirm).toHaveBeenCalledWith(['SH1', 'SH2']);
  });

  it('a put-aside shipment joins only when picked (Tab, Space)', async () => {
    const { onConfirm, user } = show();
    await user.tab();
    expect((document.activeElement as HTMLInputElement).type).toBe('checkbox');
    await user.keyboard(' ');
    expect(screen.getByRole('dialog', { name: 'Wave at LOC1: pack 3 shipments?' })).toBeTruthy();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onConfirm).toHaveBeenCalledWith(['SH1', 'SH2', 'SH3']);
  });

  it('Esc goes back without starting; with nothing to pack the button is off', async () => {
    const { onConfirm, onClose, user } = show({ ...plan, pack: [], putAside: [] });
    expect((screen.getByRole('button', { name: 'Pack 0 shipments (Ctrl+Enter)' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('names only the keys that apply: with nothing to pack a refused scan says Esc, not Ctrl+Enter; Esc stops at the dialog', async () => {
    const { onClose, user } = show({ ...plan, pack: [], putAside: [] });
    routeScan('SH00000000000042', 'typed');
    expect(useAppStore.getState().status.text).toBe('SH00000000000042 was not scanned: answer the wave preview first (Esc goes back).');
    const behind = vi.fn();
    window.addEventListener('keydown', behind);
    try {
      await user.keyboard('{Escape}');
    } finally {
      window.removeEventListener('keydown', behind);
    }
    expect(onClose).toHaveBeenCalledTimes(1);
    // The screen behind (Pack: Esc puts the shipment aside) never sees that Esc.
    expect(behind.mock.calls.filter(([e]) => (e as KeyboardEvent).key === 'Escape')).toHaveLength(0);
  });
});
