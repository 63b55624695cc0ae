// @vitest-environment happy-dom
// The Setup screen over a real app station and test sandbox: what an operator sees when a
// setting is wrong, that a saved setting is really kept, and that the app secret disappears.
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SetupScreen from '../../renderer/src/screens/setup/index.js';
import type { TestAppStation } from '../support/app-station.js';
import { describedBy as description, useScreenStation } from './screen-harness.js';

const screenStation = useScreenStation(<SetupScreen />);
const { show } = screenStation;
let app: TestAppStation;
beforeAll(() => void (app = screenStation.app));

/** The words a field's aria-describedby points at. */

describe('Setup screen', () => {
  it('refuses an http:// marketplace address with words at the field and signs nothing in', async () => {
    const user = userEvent.setup();
    show();
    const form = await screen.findByRole('form', { name: 'Sign in to the marketplace' });
    await user.click(within(form).getByRole('radio', { name: /Self access/ }));
    const url = within(form).getByLabelText('Marketplace address (https)');
    await user.clear(url);
    await user.type(url, 'http://api.example.com');
    await user.type(within(form).getByLabelText('Application ID'), 'my-app');
    await user.type(within(form).getByLabelText('Application secret'), 'not-used-secret');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));

    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(description(url)).toMatch(/must start with https:\/\/, not http:\/\//);
    const settings = await app.api.invoke('settings.get', {});
    expect(settings.marketplace.baseUrl).not.toContain('example.com');
    expect(settings.marketplace.mode).toBe('sandbox');
    expect((await app.api.invoke('app.info', {})).signIn.mode).toBe('sandbox');
  });

  it('keeps a saved setting: the station reads it back and a fresh screen shows it', async () => {
    const user = userEvent.setup();
    show();
    const form = await screen.findByRole('form', { name: 'Station settings' });
    const operator = within(form).getByLabelText('Operator');
    await user.clear(operator);
    await user.type(operator, 'Meera');
    const prefix = within(form).getByLabelText('Invoice prefix');
    await user.clear(prefix);
    await user.type(prefix, 'DK2');
    await user.click(within(form).getByRole('checkbox', { name: /Compact mode/ }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await within(form).findByText('Settings saved.');

    const saved = await app.api.invoke('settings.get', {});
    expect(saved.desk.operator).toBe('Meera');
    expect(saved.invoiceSeries.prefix).toBe('DK2');
    expect(saved.compactMode).toBe(true);

    cleanup();
    show();
    const again = await screen.findByRole('form', { name: 'Station settings' });
    expect((within(again).getByLabelText('Operator') as HTMLInputElement).value).toBe('Meera');
    expect((within(again).getByRole('checkbox', { name: /Compact mode/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the schema words at a wrong field and saves nothing', async () => {
    const user = userEvent.setup();
    show();
    const form = await screen.findByRole('form', { name: 'Station settings' });
    const volume = within(form).getByLabelText('Volume (0 to 1)');
    await user.clear(volume);
    await user.type(volume, '3');
    const prefix = within(form).getByLabelText('Invoice prefix');
    await user.clear(prefix);
    await user.type(prefix, 'A/B');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(volume.getAttribute('aria-invalid')).toBe('true');
    expect(description(volume)).toContain('Volume goes from 0 to 1.');
    expect(description(prefix)).toContain('The invoice prefix may use letters, digits and "-" only.');
    expect(within(form).getByText(/Nothing was saved/)).toBeTruthy();
    const saved = await app.api.invoke('settings.get', {});
    expect(saved.sounds.volume).toBeLessThanOrEqual(1);
    expect(saved.invoiceSeries.prefix).not.toBe('A/B');
  });

  it('signs in with self access and leaves no trace of the secret on screen', async () => {
    const user = userEvent.setup();
    const { appId, appSecret } = app.sandbox.info.selfAccess as { appId: string; appSecret: string };
    show();
    const form = await screen.findByRole('form', { name: 'Sign in to the marketplace' });
    await user.click(within(form).getByRole('radio', { name: /Self access/ }));
    const url = within(form).getByLabelText('Marketplace address (https)');
    await user.clear(url);
    await user.type(url, app.sandbox.baseUrl);
    const id = within(form).getByLabelText('Application ID');
    await user.clear(id);
    await user.type(id, appId);
    const secret = within(form).getByLabelText('Application secret') as HTMLInputElement;
    await user.type(secret, appSecret);
    expect(secret.type).toBe('password');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));

    expect(secret.value).toBe('');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Sign-in status' }).textContent).toMatch(/Signed in/));
    // Until when, said once (the station's sentence), not repeated after it.
    const status = screen.getByRole('status', { name: 'Sign-in status' }).textContent!;
    expect(status).toMatch(/^Signed in to .+ until \d{1,2} \w+ \d{4}, \d{2}:\d{2} IST\.$/);
    expect(status.match(/until/g)).toHaveLength(1);
    expect(document.body.innerHTML).not.toContain(appSecret);
    expect([...document.querySelectorAll('input')].some((i) => i.value === appSecret)).toBe(false);
  });

  it('adds a device only with a name and a port, and lists it with its status in words', async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Add a device' }));
    const form = screen.getByRole('form', { name: 'Add a device' });
    const name = within(form).getByLabelText('Device name');
    const path = within(form).getByLabelText('Port path');
    // Typing in one field says nothing yet of the others still empty.
    await user.type(path, '/dev/tty');
    expect(description(name)).not.toMatch(/Give the device a name/);
    await user.clear(path);
    expect(description(path)).toMatch(/Choose a port or type its path/);
    await user.click(within(form).getByRole('button', { name: 'Save device' }));
    expect(description(name)).toMatch(/Give the device a name/);
    expect(description(path)).toMatch(/Choose a port or type its path/);
    expect(await app.api.invoke('devices.list', {})).toHaveLength(0);

    await user.type(name, 'Packing scale');
    await user.type(path, '/dev/ttyNOPE0');
    await user.click(within(form).getByRole('button', { name: 'Save device' }));
    await screen.findByText('Packing scale saved.');
    const item = await screen.findByRole('listitem', { name: 'Packing scale' });
    expect(item.textContent).toMatch(/Scale: (Connecting|Not connected|Fault)/);
    expect((await app.api.invoke('devices.list', {})).map((d) => d.name)).toEqual(['Packing scale']);
  });
});
