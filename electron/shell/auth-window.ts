// Third-party sign-in (spec § Authorization code flow): the marketplace's authorize page opens in
// a separate hardened window without preload; when the marketplace sends the browser to the
// registered redirect_uri, the window is stopped before the request leaves, closed, and the
// callback address goes to the station, which verifies `state` and exchanges the code in the
// main process (TokenManager.completeAuthorization). Nothing of the page ever reaches the app.

export interface RedirectMatch {
  /** The whole callback address, for TokenManager.completeAuthorization. */
  url: string;
  code?: string;
  state?: string;
  error?: string;
}

/** The callback, only when url is the registered redirect address itself (scheme, host, port, path). */
export function matchRedirect(url: string, redirectUri: string): RedirectMatch | undefined {
  let got: URL;
  let want: URL;
  try {
    got = new URL(url);
    want = new URL(redirectUri);
  } catch {
    return undefined;
  }
  if (got.protocol !== want.protocol || got.host !== want.host || got.pathname !== want.pathname) return undefined;
  // Credentials in the address would be a different server pretending to be this one.
  if (got.username || got.password) return undefined;
  const param = (name: string) => got.searchParams.get(name) ?? undefined;
  return { url: got.toString(), code: param('code'), state: param('state'), error: param('error') };
}

export interface NavigationEvent {
  preventDefault(): void;
}

/** The parts of Electron's BrowserWindow the catcher uses. */
export interface AuthWindowLike {
  loadURL(url: string): Promise<unknown>;
  close(): void;
  isDestroyed(): boolean;
  once(event: 'closed', listener: () => void): unknown;
  webContents: {
    on(event: 'will-redirect' | 'will-navigate', listener: (event: NavigationEvent, url: string) => void): unknown;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
    session: {
      webRequest: {
        onBeforeRequest(filter: { urls: string[] }, listener: ((details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void) | null): void;
      };
    };
  };
}

export class SignInCancelled extends Error {
  constructor() {
    super('The sign-in window was closed before the marketplace answered. Start the sign-in again to connect.');
    this.name = 'SignInCancelled';
  }
}

/** Chromium URL pattern for the redirect address (the listener checks the exact match again). */
export function redirectFilter(redirectUri: string): string {
  const u = new URL(redirectUri);
  return `${u.protocol}//${u.host}${u.pathname}*`;
}

/**
 * Opens authorizeUrl in win and resolves with the callback address the marketplace redirected to;
 * rejects with SignInCancelled when the window closes first.
 */
export function catchAuthRedirect(win: AuthWindowLike, authorizeUrl: string, redirectUri: string): Promise<RedirectMatch> {
  return new Promise<RedirectMatch>((resolve, reject) => {
    let settled = false;
    const finish = (match: RedirectMatch) => {
      if (settled) return;
      settled = true;
      win.webContents.session.webRequest.onBeforeRequest({ urls: [redirectFilter(redirectUri)] }, null);
      resolve(match);
      if (!win.isDestroyed()) win.close();
    };
    const onNavigation = (event: NavigationEvent, url: string) => {
      const match = matchRedirect(url, redirectUri);
      if (match) {
        // The redirect address may not even exist (a desktop app registers one for this): never load it.
        event.preventDefault();
        finish(match);
        return;
      }
      // Sign-in pages move between marketplace pages over HTTPS only.
      if (!url.startsWith('https://')) event.preventDefault();
    };
    win.webContents.on('will-redirect', onNavigation);
    win.webContents.on('will-navigate', onNavigation);
    win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    // A redirect done by a script or a 30x without a navigation event is still caught here.
    win.webContents.session.webRequest.onBeforeRequest({ urls: [redirectFilter(redirectUri)] }, (details, callback) => {
      const match = matchRedirect(details.url, redirectUri);
      callback({ cancel: match !== undefined });
      if (match) finish(match);
    });
    win.once('closed', () => {
      if (settled) return;
      settled = true;
      reject(new SignInCancelled());
    });
    win.loadURL(authorizeUrl).catch(() => {
      /* an aborted load (our own cancel of the redirect) is expected; a real failure shows in the window */
    });
  });
}
