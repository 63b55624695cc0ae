// Connecting the desk to a marketplace from the Setup screen, against the sandbox over HTTPS:
// self access (address, application id and secret → signed in, with the access expiry shown) and
// the third-party flow (the marketplace's sign-in page opens in a new tab, the seller signs in and
// allows, and the address the marketplace sends them back to is pasted into the station; a
// pasted address whose state was tampered with is refused).
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import type { BrowserStation } from '../support/browser-station.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/api/limits.js';

const ready = haveChromium();

describe.skipIf(!ready)('signing in from the Setup screen', () => {
  // The marketplace's own sign-in page is served with the sandbox's self-signed certificate; a
  // real marketplace has a public one. Only this browser context (the seller's) accepts it.
  const session = useDeskSession({ station: { devices: false }, printers: false, page: { ignoreHTTPSErrors: true } });
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  const signInStatus = () => desk.page.getByRole('status', { name: 'Sign-in status' });
  const header = () => desk.page.locator('.app-header .sign-in');

  it('a lapsed sign-in renewed by the next call: the header says signed in again, as Setup does', async () => {
    const { page } = desk;
    await expect.poll(() => words(header())).toMatch(/Sandbox/);
    // The access token lapses at the marketplace, and for a moment its token endpoint fails, so
    // a page opened now learns the lapse from the station (app.info) whatever it calls first.
    const lapsedAt = station.sandbox.world.clock.advance(ACCESS_TOKEN_TTL_SECONDS + 60);
    station.sandbox.faults.configure({ errorRate: 1, operations: ['GET /oauth-service/oauth/token'] });
    await page.reload();
    await expect.poll(() => words(header())).toMatch(/^The sign-in to the Sandbox expired on /);
    expect(await header().getAttribute('class')).toContain('signed-out');
    await desk.screenshot('header-lapsed');
    station.sandbox.faults.configure({});
    // Any call to the marketplace (the queue) signs in again quietly with the application's secret.
    await desk.go('Queue');
    // The marketplace issued a new access token after the lapse: the station did sign in again.
    await expect.poll(() => [...station.sandbox.world.tokens.values()].some((t) => t.kind === 'access' && t.issuedAt >= lapsedAt), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => words(header()), { timeout: 15_000 }).toMatch(/^Signed in.*Sandbox/);
    expect(await header().getAttribute('class')).toContain('signed-in');
    await desk.screenshot('header-renewed');
    await desk.go('Setup');
    await expect.poll(() => words(signInStatus())).toMatch(/^Signed in to the Sandbox until /);
    expect(await words(header())).not.toMatch(/expired/);
  });

  it('self access: the sandbox address, application id and secret sign the desk in, with the expiry shown', async () => {
    const { page } = desk;
    await desk.go('Setup');
    await expect.poll(() => words(signInStatus())).toMatch(/Sandbox/);
    await desk.screenshot('setup');
    await page.getByRole('radio', { name: /Self access/ }).check();
    await page.getByLabel('Marketplace address (https)').fill(station.sandbox.baseUrl);
    await page.getByLabel('Application ID').fill(station.sandbox.info.selfAccess.appId);
    // A wrong secret first: the marketplace refuses, and the desk says so.
    await page.getByLabel('Application secret').fill('not-the-secret');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => words(page.getByRole('main', { name: 'Setup' }))).toContain('The marketplace refused the application id or secret');
    expect(await words(signInStatus())).toMatch(/^Signed in to the Sandbox/);
    expect(await page.getByLabel('Application secret').inputValue()).toBe('');

    await page.getByLabel('Application secret').fill(station.sandbox.info.selfAccess.appSecret);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => words(signInStatus()), { timeout: 15_000 }).toMatch(new RegExp(`^Signed in to ${new URL(station.sandbox.baseUrl).host} until \\d{1,2} \\w+ \\d{4}, \\d{2}:\\d{2} IST\\.$`));
    // The secret is nowhere on the page.
    expect(await page.content()).not.toContain(station.sandbox.info.selfAccess.appSecret);
  });

  it('third party: sign in on the marketplace page in a new tab, allow, paste the address back', async () => {
    const { page, context } = desk;
    const app = station.sandbox.info.thirdParty;
    // The registered redirect address has no server behind it here: answer it as the seller's
    // own web page would, so the tab shows the address to copy.
    await context.route(`${app.redirectUri}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Signed in</title><p>Copy this address.</p>' }));
    await desk.go('Setup');
    await page.getByRole('radio', { name: /Third party/ }).check();
    await page.getByLabel('Marketplace address (https)').fill(station.sandbox.baseUrl);
    await page.getByLabel('Application ID').fill(app.appId);
    await page.getByLabel('Application secret').fill(app.appSecret);
    await page.getByLabel('Redirect address (https)').fill(app.redirectUri);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open sign-in page' }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url().startsWith(`${station.sandbox.baseUrl}/`)).toBe(true);
    const state = new URL(tab.url()).searchParams.get('state');
    expect(state).toBeTruthy();

    await tab.getByLabel('Username').fill(station.sandbox.info.seller.username);
    await tab.getByLabel('Password').fill(station.sandbox.info.seller.password);
    await tab.getByRole('button', { name: 'Allow' }).click();
    await tab.waitForURL(`${app.redirectUri}**`);
    const callback = new URL(tab.url());
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeTruthy();
    await tab.close();

    const finish = page.getByRole('form', { name: 'Finish the third-party sign-in' });
    const before = await words(signInStatus());
    // The same code with another state is not the answer to this desk's request: refused.
    const forged = new URL(callback);
    forged.searchParams.set('state', `${state}x`);
    await finish.getByLabel('Address after sign-in').fill(forged.toString());
    await finish.getByRole('button', { name: 'Finish sign-in' }).click();
    await expect.poll(() => words(page.getByRole('main', { name: 'Setup' }))).toMatch(/state/i);
    expect(await words(signInStatus())).toBe(before);

    await finish.getByLabel('Address after sign-in').fill(callback.toString());
    await finish.getByRole('button', { name: 'Finish sign-in' }).click();
    await expect.poll(() => words(signInStatus()), { timeout: 15_000 }).not.toBe(before);
    // Until when the partner sign-in holds and until when the current access runs, each once.
    expect(await words(signInStatus())).toMatch(/until \d{1,2} \w+ \d{4}, \d{2}:\d{2} IST \(access renewed automatically; current access until \d{1,2} \w+ \d{4}, \d{2}:\d{2} IST\)\.$/);
    expect(desk.problems).toEqual([]);
  });
});
