// @vitest-environment happy-dom
// Setup -> Live updates over a real app station: a certificate that does not fit is refused in
// words and nothing starts; a good pair turns the receiver on, the subscription link is shown
// once (gone after "I have copied it" and never shown by a fresh screen), and the status says
// where it listens.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReceiverSection } from '../../renderer/src/screens/setup/receiver-section.js';
import { generateTls } from '../../electron/sandbox/tls.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { describedBy, renderScreen } from './screen-harness.js';

let app: TestAppStation;
const work = mkdtempSync(join(tmpdir(), 'receiver-section-'));
let cert: string;
let key: string;
let otherKey: string;
let port: number;

beforeAll(async () => {
  app = await startTestAppStation();
  const [tls, other] = await Promise.all([generateTls(), generateTls()]);
  writeFileSync((cert = join(work, 'cert.pem')), tls.cert);
  writeFileSync((key = join(work, 'key.pem')), tls.key);
  writeFileSync((otherKey = join(work, 'other-key.pem')), other.key);
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
});
afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});
afterEach(cleanup);

async function fill(user: ReturnType<typeof userEvent.setup>, certFile: string, keyFile: string) {
  const form = await screen.findByRole('form', { name: 'Live updates from the marketplace' });
  const check = within(form).getByRole('checkbox', { name: 'Receive live updates on this desk' });
  if (!(check as HTMLInputElement).checked) await user.click(check);
  const portInput = within(form).getByLabelText('Port');
  await user.clear(portInput);
  await user.type(portInput, String(port));
  for (const [label, value] of [['Certificate file (PEM)', certFile], ['Private key file (PEM)', keyFile]] as const) {
    const input = within(form).getByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
  }
  return form;
}

describe('Setup -> Live updates', () => {
  it('refuses a key that is not the certificate’s, in words, and starts nothing', async () => {
    const user = userEvent.setup();
    renderScreen(app.api, <ReceiverSection />);
    const form = await fill(user, cert, otherKey);
    await user.click(within(form).getByRole('button', { name: 'Check certificate' }));
    expect(await screen.findByText(/The key does not belong to this certificate/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Save live updates' }));
    expect(await screen.findByText(/Not saved: The key does not belong to this certificate/)).toBeTruthy();
    expect((await app.api.invoke('push.receiver', {})).state).toBe('off');
    expect((await app.api.invoke('settings.get', {})).pushReceiver.enabled).toBe(false);
  });

  it('a port out of range is refused at the field before anything is sent', async () => {
    const user = userEvent.setup();
    renderScreen(app.api, <ReceiverSection />);
    const form = await screen.findByRole('form', { name: 'Live updates from the marketplace' });
    const portInput = within(form).getByLabelText('Port');
    await user.clear(portInput);
    await user.type(portInput, '70000');
    expect(describedBy(portInput)).toMatch(/A port is a number from 1 to 65535/);
    expect((within(form).getByRole('button', { name: 'Save live updates' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('turns the receiver on, shows the link once, and the status says where it listens', async () => {
    const user = userEvent.setup();
    renderScreen(app.api, <ReceiverSection />);
    const form = await fill(user, cert, key);
    await user.click(within(form).getByRole('button', { name: 'Save live updates' }));
    const link = (await screen.findByLabelText('Subscription link')) as HTMLInputElement;
    expect(link.value).toMatch(new RegExp(`^https://localhost:${port}/push/[A-Za-z0-9_-]{43}$`));
    const token = link.value.split('/push/')[1];
    expect(await screen.findByText(`Listening on https://localhost:${port}.`, { exact: false })).toBeTruthy();
    expect((await app.api.invoke('push.receiver', {})).state).toBe('listening');
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Subscription link')).toBeNull();

    cleanup();
    renderScreen(app.api, <ReceiverSection />);
    expect(await screen.findByText(/A secret link is set up/)).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(token);
    expect((screen.getByLabelText('Certificate file (PEM)') as HTMLInputElement).value).toBe(cert);
    await app.api.invoke('push.receiver.save', { enabled: false, port, host: '127.0.0.1', certFile: cert, keyFile: key, publicUrl: '' });
  });
});
