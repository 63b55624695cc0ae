// @vitest-environment happy-dom
// Operators in the renderer over a real app station: Setup -> Operators adds one (in Hindi too),
// the header says nobody is signed in, a badge scanned from a keyboard-wedge scanner on any
// screen signs in and the header shows who is packing, the operator's own language wins over the
// desk's, Alt+O signs out, and name + PIN signs in from the dialog. A desk without operators shows
// no sign-in at all.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { idleExpired } from '../../renderer/src/app/operator-session.js';
import { resetOperatorStore } from '../../renderer/src/stores/operator-store.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import type { TestAppStation } from '../support/app-station.js';
import type { StationApi } from '../../shared/contract.js';
import { renderApp, statusSays, useAppStation } from './app-harness.js';

let app: TestAppStation;
const session = useAppStation();
beforeAll(async () => {
  ({ app } = session);
});

const header = () => screen.getByRole('banner');

/** A wedge scanner: the keys of the code and Enter, faster than a person types. */
async function wedgeScan(code: string) {
  for (const key of [...code, 'Enter']) {
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    });
  }
}

describe('operators in the app', () => {
  it('a desk with no operators shows no sign-in', async () => {
    resetOperatorStore();
    renderApp(app.api, 'queue');
    await screen.findByRole('navigation', { name: 'Screens' });
    await new Promise((r) => setTimeout(r, 50));
    expect(within(header()).queryByRole('button', { name: /Sign in/ })).toBeNull();
  });

  it('Setup adds an operator; a badge scan signs in anywhere; their language wins; Alt+O signs out', async () => {
    resetOperatorStore();
    const { user } = renderApp(app.api, 'setup');
    const section = await screen.findByRole('region', { name: 'Operators' });
    await user.type(within(section).getByLabelText('Name'), 'Asha');
    await user.type(within(section).getByLabelText('PIN (4 to 8 digits)'), '12');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    expect(await within(section).findByText('A PIN has 4 to 8 digits, nothing else.')).toBeTruthy();
    await user.clear(within(section).getByLabelText('PIN (4 to 8 digits)'));
    await user.type(within(section).getByLabelText('PIN (4 to 8 digits)'), '4821');
    await user.selectOptions(within(section).getByLabelText('Language'), 'hi');
    await user.click(within(section).getByRole('button', { name: 'Add' }));
    expect(await within(section).findByText('Asha added. Print their badge next.')).toBeTruthy();
    const badge = (await app.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Asha')!.badge;
    expect(within(section).getByText(badge)).toBeTruthy();
    expect(within(header()).getByText('Nobody signed in')).toBeTruthy();

    await user.keyboard('{Alt>}2{/Alt}');
    await screen.findByRole('heading', { level: 1, name: 'Queue' });
    await wedgeScan(badge);
    // Signed in, and Asha reads Hindi: the header says so in her language.
    await waitFor(() => expect(within(header()).getByText('पैकिंग: Asha')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('कतार');
    expect((await app.api.invoke('operators.list', {})).signedIn?.name).toBe('Asha');

    await user.keyboard('{Alt>}o{/Alt}');
    await waitFor(() => expect(within(header()).getByText('Nobody signed in')).toBeTruthy());
    await statusSays(/Asha signed out/);
    expect((await app.api.invoke('operators.list', {})).signedIn).toBeUndefined();
  });

  it('a badge scanned into a focused text field signs in; the field keeps what it had', async () => {
    await app.api.invoke('operators.add', { name: 'Meena', pin: '5151' });
    const meena = (await app.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Meena')!;
    // The scanner's timing is tested in wedge.test.tsx; here a generous window keeps a slow
    // machine's simulated keys one burst, and what is checked is where the burst goes. The same
    // badge twice within the double-read window counts once (scan-router), and this test's steps
    // between its two badge scans take less than that window on a quick machine: the window is off.
    await app.api.invoke('settings.update', { scan: { wedgeMaxInterKeyMs: 500, debounceMs: 0 } });
    resetOperatorStore();
    const { user } = renderApp(app.api, 'queue');
    await waitFor(() => expect(useAppStore.getState().settings.scan).toMatchObject({ wedgeMaxInterKeyMs: 500, debounceMs: 0 }));
    await waitFor(() => expect(within(header()).getByText('Nobody signed in')).toBeTruthy());
    // The Queue's search box, with something typed in it at a person's pace.
    const search = screen.getByLabelText('Search any id or SKU') as HTMLInputElement;
    await user.click(search);
    await user.keyboard('SH1');
    // A click between: the scanner's burst starts fresh, as it does at a desk.
    await user.click(search);
    await user.keyboard(`${meena.badge}{Enter}`);
    await waitFor(() => expect(within(header()).getByText('Packing: Meena')).toBeTruthy(), { timeout: 10_000 });
    expect(search.value).toBe('SH1');
    expect(document.activeElement).toBe(search);
    expect((await app.api.invoke('operators.list', {})).signedIn?.name).toBe('Meena');

    // A Setup field: the desk name stays as it was, and nothing is saved.
    await user.keyboard('{Alt>}o{/Alt}');
    await waitFor(() => expect(within(header()).getByText('Nobody signed in')).toBeTruthy());
    await user.keyboard('{Alt>}8{/Alt}');
    const deskName = (await screen.findByLabelText('Desk name')) as HTMLInputElement;
    const before = deskName.value;
    await user.click(deskName);
    await user.keyboard(`${meena.badge}{Enter}`);
    await waitFor(() => expect(within(header()).getByText('Packing: Meena')).toBeTruthy(), { timeout: 10_000 });
    expect(deskName.value).toBe(before);
    expect((await app.api.invoke('settings.get', {})).desk.name).toBe(before);
    await user.keyboard('{Alt>}o{/Alt}');
    await waitFor(() => expect(within(header()).getByText('Nobody signed in')).toBeTruthy());
    await app.api.invoke('settings.update', { scan: { wedgeMaxInterKeyMs: 35, debounceMs: 150 } });
  });

  it('signs in by name and PIN from the header; a wrong PIN is said and nothing changes', async () => {
    await app.api.invoke('operators.add', { name: 'Ravi', pin: '7777' });
    resetOperatorStore();
    const { user } = renderApp(app.api, 'queue');
    await user.click(await within(header()).findByRole('button', { name: 'Sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    await user.selectOptions(within(dialog).getByLabelText('Name'), 'Ravi');
    await user.type(within(dialog).getByLabelText('PIN'), '1234{Enter}');
    await statusSays(/Wrong PIN/);
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    await user.type(within(dialog).getByLabelText('PIN'), '7777{Enter}');
    await waitFor(() => expect(within(header()).getByText('Packing: Ravi')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(within(header()).getByRole('button', { name: /Sign out/ }));
    await waitFor(() => expect(within(header()).getByText('Nobody signed in')).toBeTruthy());
  });

  it("tells the station the signed-in operator is active (keys, clicks), so the sign-in outlives a restart; not for every key", async () => {
    const ravi = (await app.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Ravi')!;
    const active: number[] = [];
    const api: StationApi = {
      invoke: (command, args) => {
        if (command === 'operators.active') active.push(Date.now());
        return app.api.invoke(command, args);
      },
      subscribe: (event, listener) => app.api.subscribe(event, listener),
    };
    resetOperatorStore();
    const { user } = renderApp(api, 'queue');
    await user.keyboard('a');
    // Nobody signed in: nothing to keep.
    expect(active).toEqual([]);
    await app.api.invoke('operators.signIn', { badge: ravi.badge });
    await waitFor(() => expect(within(header()).getByText('Packing: Ravi')).toBeTruthy());
    await user.keyboard('abc');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(active).toHaveLength(1);
    await app.api.invoke('operators.signOut', { reason: 'button' });
  });

  it('signs the operator out after the idle minutes of Setup, and says so', async () => {
    await app.api.invoke('settings.update', { operators: { idleMinutes: 1 } });
    const ravi = (await app.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Ravi')!;
    resetOperatorStore();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      renderApp(app.api, 'queue');
      await waitFor(() => expect(useAppStore.getState().settings.operators.idleMinutes).toBe(1));
      await app.api.invoke('operators.signIn', { badge: ravi.badge });
      await waitFor(() => expect(within(header()).getByText('Packing: Ravi')).toBeTruthy());
      // Half a minute of nothing: still signed in.
      act(() => void vi.advanceTimersByTime(30_000));
      expect((await app.api.invoke('operators.list', {})).signedIn?.name).toBe('Ravi');
      act(() => void vi.advanceTimersByTime(45_000));
      await waitFor(() => expect(within(header()).getByText('Nobody signed in')).toBeTruthy());
      await statusSays(/Ravi signed out after no activity/);
      expect((await app.api.invoke('operators.list', {})).signedIn).toBeUndefined();
    } finally {
      vi.useRealTimers();
      await app.api.invoke('settings.update', { operators: { idleMinutes: 15 } });
    }
  });

  it('the idle timeout: signed out after the set minutes without activity, never with 0', () => {
    expect(idleExpired(0, 14 * 60_000, 15)).toBe(false);
    expect(idleExpired(0, 15 * 60_000, 15)).toBe(true);
    expect(idleExpired(0, 10 * 3_600_000, 0)).toBe(false);
  });
});
