// The hardening every window of the app gets (ARCHITECTURE.md § Security defaults), as plain
// functions over the few Electron objects they touch, so they run and are tested in Node.
// main.ts passes Electron's BrowserWindow options, webContents and session in.

/** webPreferences no window of the app may weaken. */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
} as const;

export interface MainWindowOptionsInput {
  preloadPath: string;
  title: string;
  iconPath?: string;
}

/** The app window: hardened, with the one preload that exposes `window.station`. */
export function mainWindowOptions(input: MainWindowOptionsInput) {
  return {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    title: input.title,
    // Shown once the first paint is ready, so a packer never sees a white flash at the desk.
    show: false,
    backgroundColor: '#f4f5f7',
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: input.preloadPath },
  };
}

/**
 * The sign-in window for a third-party marketplace page: hardened, no preload (the page is not
 * ours and must never reach the station), and its own in-memory session so the marketplace's
 * cookies neither leak into nor persist beside the app.
 */
export function authWindowOptions(title = 'Sign in to the marketplace') {
  return {
    width: 520,
    height: 720,
    title,
    autoHideMenuBar: true,
    webPreferences: { ...HARDENED_WEB_PREFERENCES, partition: 'station-auth' },
  };
}

export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's WebContents the guards use. */
export interface GuardedContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
  on(event: 'will-navigate' | 'will-attach-webview', listener: (event: PreventableEvent, ...rest: any[]) => void): unknown;
}

export interface GuardOptions {
  /** Navigations to allow; nothing by default (the app is one page and never navigates away). */
  allowNavigation?: (url: string) => boolean;
  /** Told about refused attempts, for the log. */
  onRefused?: (what: 'navigation' | 'window' | 'webview', url: string) => void;
}

export function guardWebContents(contents: GuardedContents, options: GuardOptions = {}): void {
  contents.setWindowOpenHandler(({ url }) => {
    options.onRefused?.('window', url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url: string) => {
    if (options.allowNavigation?.(url)) return;
    event.preventDefault();
    options.onRefused?.('navigation', url);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.onRefused?.('webview', '');
  });
}

/** The part of Electron's Session the permission policy uses. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string; mediaTypes?: string[] }) => void) | null,
  ): void;
  setPermissionCheckHandler(handler: ((contents: unknown, permission: string, requestingOrigin: string, details: { mediaType?: string }) => boolean) | null): void;
}

export interface PermissionPolicy {
  /** True when the operator turned packing video on; the camera is the only permission ever granted. */
  cameraAllowed: () => boolean;
  /** Only the app's own page may use it. */
  isOwnPage: (url: string) => boolean;
}

/** Decides one permission request: everything refused but video from our own page when allowed. */
export function decidePermission(policy: PermissionPolicy, permission: string, url: string, mediaTypes: string[] = []): boolean {
  if (permission !== 'media') return false;
  if (!policy.cameraAllowed() || !policy.isOwnPage(url)) return false;
  // Video only: packing video never records sound at the desk.
  return mediaTypes.length > 0 && mediaTypes.every((type) => type === 'video');
}

export function applyPermissionPolicy(session: PermissionSession, policy: PermissionPolicy): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(decidePermission(policy, permission, details.requestingUrl ?? '', details.mediaTypes ?? []));
  });
  session.setPermissionCheckHandler((_contents, permission, origin, details) =>
    decidePermission(policy, permission, origin, details.mediaType ? [details.mediaType] : []),
  );
}
