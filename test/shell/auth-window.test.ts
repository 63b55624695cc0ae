// The third-party sign-in window: only the registered redirect address is caught, its request is
// stopped before it leaves, the window closes, and the station finishes the sign-in from the
// callback address through the dispatcher (a handler that checks `state` stands in for
// TokenManager.completeAuthorization, which test/station/api covers against the sandbox).
import { describe, expect, it } from 'vitest';
import { catchAuthRedirect, matchRedirect, redirectFilter, SignInCancelled } from '../../electron/shell/auth-window.js';
import { signInFlow } from '../../electron/shell/sign-in-flow.js';
import { Dispatcher, EventHub } from '../../electron/station/app/dispatcher.js';
import { StationError } from '../../shared/contract/define.js';
import { FakeWindow } from './electron-fakes.js';

const REDIRECT = 'https://desk.example.com/callback';

describe('matchRedirect', () => {
  it('extracts code and state from the registered redirect address', () => {
    expect(matchRedirect(`${REDIRECT}?code=abc&state=s1`, REDIRECT)).toEqual({ url: `${REDIRECT}?code=abc&state=s1`, code: 'abc', state: 's1', error: undefined });
    expect(matchRedirect(`${REDIRECT}?error=access_denied&state=s1`, REDIRECT)).toMatchObject({ error: 'access_denied', state: 's1' });
  });

  it('ignores every other address, however similar', () => {
    for (const url of [
      'https://desk.example.com/callback2?code=a&state=s',
      'https://desk.example.com/other?code=a&state=s',
      'http://desk.example.com/callback?code=a&state=s',
      'https://desk.example.com:8443/callback?code=a&state=s',
      'https://evil.example.com/callback?code=a&state=s',
      'https://desk.example.com.evil.com/callback?code=a&state=s',
      'https://user:pw@desk.example.com/callback?code=a&state=s',
      'https://market.example/authorize?redirect_uri=https://desk.example.com/callback&code=a',
      'not a url',
    ]) {
      expect(matchRedirect(url, REDIRECT), url).toBeUndefined();
    }
  });

  it('filters the web requests of the redirect address', () => {
    expect(redirectFilter('https://desk.example.com:8443/cb?x=1')).toBe('https://desk.example.com:8443/cb*');
  });
});

describe('catchAuthRedirect', () => {
  it('opens the authorize page, lets marketplace pages through, catches the redirect, closes', async () => {
    const win = new FakeWindow();
    const caught = catchAuthRedirect(win, 'https://market.example/oauth/authorize?state=s1', REDIRECT);
    expect(win.loaded).toEqual(['https://market.example/oauth/authorize?state=s1']);
    expect(win.webContents.navigate('will-navigate', 'https://market.example/login')).toBe(false);
    expect(win.webContents.navigate('will-navigate', 'http://market.example/login')).toBe(true);
    expect(win.webContents.openHandler!({ url: 'https://x' })).toEqual({ action: 'deny' });
    expect(win.webContents.navigate('will-redirect', `${REDIRECT}?code=c1&state=s1`)).toBe(true);
    expect(await caught).toMatchObject({ code: 'c1', state: 's1' });
    expect(win.isDestroyed()).toBe(true);
    expect(win.webContents.beforeRequest?.listener).toBeNull();
  });

  it('catches the redirect at the request level too, and cancels that request', async () => {
    const win = new FakeWindow();
    const caught = catchAuthRedirect(win, 'https://market.example/authorize', REDIRECT);
    expect(win.webContents.beforeRequest!.filter.urls).toEqual(['https://desk.example.com/callback*']);
    const answers: unknown[] = [];
    win.webContents.beforeRequest!.listener!({ url: 'https://desk.example.com/callbackish' }, (r) => answers.push(r));
    win.webContents.beforeRequest!.listener!({ url: `${REDIRECT}?code=c2&state=s2` }, (r) => answers.push(r));
    expect(answers).toEqual([{ cancel: false }, { cancel: true }]);
    expect(await caught).toMatchObject({ code: 'c2', state: 's2' });
  });

  it('rejects when the operator closes the window first', async () => {
    const win = new FakeWindow();
    const caught = catchAuthRedirect(win, 'https://market.example/authorize', REDIRECT);
    win.close();
    await expect(caught).rejects.toBeInstanceOf(SignInCancelled);
  });
});

describe('sign-in flow in the desktop app', () => {
  function setup() {
    const completed: string[] = [];
    const hub = new EventHub();
    const events: unknown[] = [];
    hub.subscribe((m) => events.push(m.payload));
    const dispatcher = new Dispatcher({
      'auth.completeThirdParty': ({ callbackUrl }) => {
        const state = new URL(callbackUrl).searchParams.get('state');
        if (state !== 'good') throw new StationError('AUTH', 'The sign-in answer did not carry the state this station sent.');
        completed.push(callbackUrl);
        return { mode: 'thirdParty', signedIn: true, text: 'Signed in.' };
      },
    });
    const windows: FakeWindow[] = [];
    const after = signInFlow({ openWindow: () => (windows.push(new FakeWindow()), windows.at(-1)!), dispatcher, hub });
    const start = (url = 'https://market.example/authorize?state=good') =>
      after({ command: 'auth.startThirdParty', args: { baseUrl: 'https://market.example', appId: 'a', appSecret: 's', redirectUri: REDIRECT } }, { t: 'reply', id: 1, ok: true, value: { url } });
    return { after, start, windows, completed, events };
  }

  it('opens the window after auth.startThirdParty and completes with the callback address', async () => {
    const { start, windows, completed } = setup();
    const done = start();
    expect(windows[0].loaded).toEqual(['https://market.example/authorize?state=good']);
    windows[0].webContents.navigate('will-redirect', `${REDIRECT}?code=c&state=good`);
    await done;
    expect(completed).toEqual([`${REDIRECT}?code=c&state=good`]);
  });

  it('reports a refused state or a closed window on auth.changed, in words', async () => {
    const { start, windows, completed, events } = setup();
    const first = start();
    windows[0].webContents.navigate('will-redirect', `${REDIRECT}?code=c&state=forged`);
    await first;
    const second = start();
    windows[1].close();
    await second;
    expect(completed).toEqual([]);
    expect(events).toEqual([
      { mode: 'thirdParty', signedIn: false, text: 'The sign-in answer did not carry the state this station sent.' },
      { mode: 'thirdParty', signedIn: false, text: new SignInCancelled().message },
    ]);
  });

  it('does nothing for other commands or failed starts', () => {
    const { after, windows } = setup();
    expect(after({ command: 'app.info', args: {} }, { t: 'reply', id: 1, ok: true, value: {} })).toBeUndefined();
    expect(after({ command: 'auth.startThirdParty', args: { redirectUri: REDIRECT } }, { t: 'reply', id: 1, ok: false, error: { code: 'X', message: 'no' } })).toBeUndefined();
    expect(windows).toEqual([]);
  });
});
