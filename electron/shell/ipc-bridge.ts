// The Electron IPC transport of the station contract, main side (ARCHITECTURE.md § The
// contract). Every call is checked against the sender frame before the dispatcher sees it:
// only the app's own page (its index.html over file://, or the dev server's origin) may drive
// the station; anything else (a frame that navigated away, an injected iframe) gets FORBIDDEN.
import { CONTRACT_ERRORS } from '../../shared/contract/define.js';
import { IPC_CALL, IPC_EVENT, type EventMessage, type ReplyMessage } from '../../shared/contract/wire.js';
import type { CallContext } from '../station/app/dispatcher.js';

/** Where the app's page comes from. */
export type OwnPage = { kind: 'file'; indexUrl: string } | { kind: 'app'; indexUrl: string } | { kind: 'dev'; origin: string };

/** True when url is the app's own page (query and hash ignored). */
export function isOwnPage(url: string | undefined, page: OwnPage): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (page.kind === 'dev') return parsed.origin === new URL(page.origin).origin;
  // app://station is an origin of its own: every path of it is the app (a screen, an asset).
  if (page.kind === 'app') {
    const own = new URL(page.indexUrl);
    return parsed.protocol === own.protocol && parsed.host === own.host && !parsed.username && !parsed.password && !parsed.port;
  }
  const own = new URL(page.indexUrl);
  // Every file:// page shares the opaque origin "file://", so the path itself must match.
  return parsed.protocol === 'file:' && own.protocol === 'file:' && parsed.host === own.host && decodeURIComponent(parsed.pathname) === decodeURIComponent(own.pathname);
}

/** The page whose origin is allowed to ask for permissions ("file://" or the dev origin). */
export function isOwnOriginOrPage(url: string, page: OwnPage): boolean {
  if (isOwnPage(url, page)) return true;
  if (page.kind === 'file') return url === 'file://' || url === 'file:///';
  return false;
}

export interface SenderFrameLike {
  url: string;
}

export interface IpcInvokeEventLike {
  senderFrame: SenderFrameLike | null;
  sender: { id: number };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, message: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface DispatcherLike {
  handle(raw: unknown, ctx: CallContext): Promise<ReplyMessage | undefined>;
}

export interface HubLike {
  subscribe(listener: (message: EventMessage) => void): () => void;
}

export interface EventTarget {
  isDestroyed(): boolean;
  send(channel: string, message: unknown): void;
}

export interface IpcBridgeOptions {
  ipcMain: IpcMainLike;
  dispatcher: DispatcherLike;
  hub: HubLike;
  page: OwnPage;
  /** The webContents ids allowed to call (the app window); other windows are refused too. */
  isOwnContents: (id: number) => boolean;
  /** Where events go: the app window's webContents, when there is one. */
  eventTarget: () => EventTarget | undefined;
  /** After a successful call: main.ts opens the sign-in window after auth.startThirdParty. */
  afterCall?: (message: { command: string; args: unknown }, reply: ReplyMessage) => void;
  onRefused?: (url: string) => void;
}

function callId(message: unknown): number {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 ? id : 0;
}

/** Binds the dispatcher to IPC_CALL and the hub to IPC_EVENT; returns the function that unbinds. */
export function bindIpc(options: IpcBridgeOptions): () => void {
  options.ipcMain.handle(IPC_CALL, async (event, message) => {
    const url = event.senderFrame?.url;
    if (!options.isOwnContents(event.sender.id) || !isOwnPage(url, options.page)) {
      options.onRefused?.(url ?? '(no frame)');
      const refused: ReplyMessage = { t: 'reply', id: callId(message), ok: false, error: { code: CONTRACT_ERRORS.forbidden, message: 'Only the Packing Station window may use the station.' } };
      return refused;
    }
    const reply = await options.dispatcher.handle(message, { transport: 'ipc' });
    if (reply?.ok && options.afterCall) {
      const { command, args } = message as { command: string; args: unknown };
      options.afterCall({ command, args }, reply);
    }
    return reply;
  });
  const unsubscribe = options.hub.subscribe((message) => {
    const target = options.eventTarget();
    if (target && !target.isDestroyed()) target.send(IPC_EVENT, message);
  });
  return () => {
    unsubscribe();
    options.ipcMain.removeHandler(IPC_CALL);
  };
}
