// The lead asks for the PIN as well as the badge (Setup → Operators), and a run of wrong PINs locks
// that operator's PIN sign-in on the desk, end to end in Chromium at 1366x768: the badge scan is
// refused in words, five wrong PINs typed in the sign-in dialog lock it, the right PIN is then
// refused too, and nobody is signed in at the station.
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import type { BrowserStation } from '../support/browser-station.js';

const OPERATOR = 'Asha Verma';
const PIN = '2580';

describe.skipIf(!haveChromium())('operator sign-in: badge with PIN, and PIN attempts limited', () => {
  const session = useDeskSession({ station: { devices: false }, printers: false });
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  async function call<T>(command: string, args: unknown): Promise<T> {
    const reply = await station.running.station.dispatcher.handle({ t: 'call', id: 1, command, args }, { transport: 'memory' });
    if (!reply?.ok) throw new Error(`${command}: ${JSON.stringify(reply)}`);
    return reply.value as T;
  }
  const signedIn = async () => (await call<{ signedIn?: { name: string } }>('operators.list', {})).signedIn?.name;

  it('a badge alone is refused once Setup asks for the PIN; five wrong PINs lock the PIN sign-in, the right one included', async () => {
    const { page } = desk;
    await page.setViewportSize({ width: 1366, height: 768 });
    const added = await call<{ operators: { name: string; badge: string }[] }>('operators.add', { name: OPERATOR, pin: PIN });
    const badge = added.operators.find((o) => o.name === OPERATOR)!.badge;

    // The lead unticks "a badge alone signs in" in Setup → Operators, by keyboard.
    await desk.go('Setup');
    const tick = page.getByLabel(/A scanned badge alone signs in/);
    await tick.scrollIntoViewIfNeeded();
    expect(await tick.isChecked()).toBe(true);
    await tick.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => words(page.getByRole('main'))).toContain('This desk now asks for the PIN as well as the badge.');
    await desk.screenshot('operators-badge-needs-pin');
    expect((await call<{ operators: { badgeAlone: boolean } }>('settings.get', {})).operators.badgeAlone).toBe(false);

    // The badge scanned at Pack: refused in words, nobody signed in.
    await page.keyboard.press('Alt+1');
    await desk.wedgeScan(badge);
    await expect.poll(() => words(desk.status())).toContain(`This desk asks for the PIN as well as the badge: press Sign in, choose ${OPERATOR} and type the PIN.`);
    expect(await signedIn()).toBeUndefined();
    await desk.screenshot('operators-badge-refused');

    // Five wrong PINs in the sign-in dialog, then the right one: locked.
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    const attempt = async (pin: string) => {
      if (!(await dialog.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      await dialog.getByLabel('Name').selectOption({ label: OPERATOR });
      await dialog.getByLabel('PIN').fill(pin);
      await dialog.getByLabel('PIN').press('Enter');
    };
    for (let n = 0; n < 5; n++) {
      await attempt('1111');
      await expect.poll(async () => (await call<{ signedIn?: unknown }>('operators.list', {})).signedIn).toBeUndefined();
    }
    await attempt(PIN);
    // Said inside the dialog, where the operator is looking, and on the status line behind it.
    const locked = /Too many wrong PINs: PIN sign-in is locked for this operator on this desk for \d+ more minute/;
    await expect.poll(() => words(dialog.getByRole('alert'))).toMatch(locked);
    await expect.poll(() => words(desk.status())).toMatch(locked);
    await desk.screenshot('operators-pin-locked');
    expect(await signedIn()).toBeUndefined();
    expect(await words(page.getByRole('banner'))).not.toContain(`Packing: ${OPERATOR}`);
  });
});
