// @vitest-environment happy-dom
// The shell: the Sandbox badge with its way to Setup, navigation by Alt+digit, compact mode from
// the settings, and the status line saying when the station is lost and when it is back.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CONTRACT_ERRORS, StationError, type StationApi } from '../../shared/contract.js';
import { defaultSettings } from '../../shared/settings.js';
import { useAppStore } from '../../renderer/src/stores/app-store.js';
import { renderApp, resetRenderer, statusSays } from './app-harness.js';
import { shortSignIn } from '../../renderer/src/app/app-header.js';

/** A station that answers the shell's questions, and can be "unplugged". */
function stubStation(opts: { compact?: boolean } = {}) {
  const state = { online: true };
  const api = {
    invoke: async (command: string) => {
      if (!state.online) throw new StationError(CONTRACT_ERRORS.disconnected, 'lost');
      switch (command) {
        case 'app.info':
          return { version: '1', sandbox: true, locations: ['LOC1'], transport: 'memory', signIn: { mode: 'sandbox', signedIn: true, text: 'Signed in to the Sandbox' } };
        case 'settings.get':
          return { ...defaultSettings(), compactMode: opts.compact ?? false };
        case 'desk.view':
          return { feedback: { tone: 'info', text: 'Scan a shipment to start.', sound: 'none' }, jobs: [], awaitingDispatch: [] };
        case 'push.receiver':
          return { settings: { ...defaultSettings().pushReceiver }, state: 'off', tokenStored: false, stored: 0, duplicates: 0, refused: 0 };
        case 'devices.list':
          return [{ id: 's1', name: 'Desk scale', role: 'scale', status: 'disconnected', message: 'Cable unplugged' }];
        default:
          return [];
      }
    },
    subscribe: () => () => undefined,
  } as unknown as StationApi;
  return { api, state };
}

afterEach(resetRenderer);

describe('app shell', () => {
  it('shows the Sandbox badge with a way to Setup, sign-in and device status in words', async () => {
    const { api } = stubStation();
    const { user } = renderApp(api);
    await screen.findByText('Sandbox');
    expect(screen.getByText('Signed in to the Sandbox')).toBeTruthy();
    expect(await screen.findByText(/Scale Desk scale: not connected/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Connect a real marketplace' }));
    expect(screen.getByRole('main', { name: 'Setup' })).toBeTruthy();
  });

  it('moves between the screens with Alt+digit, as shown on the buttons', async () => {
    const { api } = stubStation();
    const { user } = renderApp(api);
    expect(screen.getByRole('button', { name: /Queue Alt\+2/ })).toBeTruthy();
    await user.keyboard('{Alt>}2{/Alt}');
    expect(screen.getByRole('main', { name: 'Queue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Queue/, current: 'page' })).toBeTruthy();
    await user.keyboard('{Alt>}4{/Alt}');
    expect(screen.getByRole('main', { name: 'Dispatch' })).toBeTruthy();
  });

  it('turns on compact mode from the settings', async () => {
    const { api } = stubStation({ compact: true });
    renderApp(api);
    await waitFor(() => expect(document.documentElement.classList.contains('compact')).toBe(true));
  });

  it('while the station is away the header says the desk is offline, not signed in or devices ready', async () => {
    const { api, state } = stubStation();
    renderApp(api);
    await screen.findByText('Signed in to the Sandbox');
    await screen.findByText(/Scale Desk scale: not connected/);
    state.online = false;
    await api.invoke('desk.view', {}).catch(() => undefined);
    useAppStore.getState().go('queue');
    const banner = await screen.findByText(/^Desk offline: station not answering$/);
    expect(banner.className).toContain('offline');
    expect(banner.title).toMatch(/scans made meanwhile wait here and are sent in order/);
    expect(screen.queryByText('Signed in to the Sandbox')).toBeNull();
    expect(screen.queryByText(/Scale Desk scale/)).toBeNull();
    useAppStore.getState().setScansWaiting(2);
    expect(await screen.findByText(/2 scans waiting/)).toBeTruthy();
    state.online = true;
    await screen.findByText('Signed in to the Sandbox', undefined, { timeout: 5_000 });
  });

  it('says in the status line when the station is lost and when it is back', async () => {
    const { api, state } = stubStation();
    renderApp(api);
    await waitFor(() => expect(useAppStore.getState().connection).toBe('online'));
    state.online = false;
    await api.invoke('desk.view', {}).catch(() => undefined);
    // A call through the app's own station notices the loss.
    useAppStore.getState().go('queue');
    await statusSays(/Lost the connection to the station/);
    state.online = true;
    await statusSays(/Connected to the station again/, 5_000);
  });

  it("leaves a screen's message behind on that screen: the next screen's status line says what to do there", async () => {
    const { api } = stubStation();
    const { user } = renderApp(api);
    await waitFor(() => expect(useAppStore.getState().connection).toBe('online'));
    useAppStore.getState().say('error', 'SH1 is on hold: put it aside.');
    await statusSays(/SH1 is on hold/);
    await user.keyboard('{Alt>}2{/Alt}');
    await statusSays(/Arrow keys choose a shipment/);
    expect(screen.getByRole('status', { name: 'Status line' }).textContent).not.toMatch(/on hold/);
  });

  it('says where it is signed in within the header, with the whole sentence as its tooltip', () => {
    const view = { mode: 'selfAccess' as const, signedIn: true, baseUrl: 'https://api.example.in/sellers', text: 'Signed in to api.example.in until 24 Nov 2026, 03:45 (IST).' };
    expect(shortSignIn(view)).toBe('Signed in to api.example.in');
    expect(shortSignIn({ ...view, signedIn: false, text: 'Signed out: sign in from Setup.' })).toBe('Signed out: sign in from Setup.');
  });
});
