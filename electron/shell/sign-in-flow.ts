// Third-party sign-in in the desktop app: when the page asks the station to start one
// (auth.startThirdParty answers with the marketplace's authorize address), the main process opens
// the sign-in window itself, catches the redirect there and finishes through the same contract
// command browser mode uses (auth.completeThirdParty), so `state` is verified and the code
// exchanged in the main process. The page learns the outcome from 'auth.changed'.
import type { EventName, PayloadOf } from '../../shared/contract.js';
import type { ReplyMessage } from '../../shared/contract/wire.js';
import type { CallContext } from '../station/app/dispatcher.js';
import { catchAuthRedirect, SignInCancelled, type AuthWindowLike } from './auth-window.js';

export interface SignInFlowDeps {
  openWindow(): AuthWindowLike;
  dispatcher: { handle(raw: unknown, ctx: CallContext): Promise<ReplyMessage | undefined> };
  hub: { emit<E extends EventName>(name: E, payload: PayloadOf<E>): void };
  log?: (line: string) => void;
}

/** The afterCall hook of the IPC bridge; resolves when the sign-in window is done (for tests). */
export function signInFlow(deps: SignInFlowDeps) {
  let current: AuthWindowLike | undefined;
  return (message: { command: string; args: unknown }, reply: ReplyMessage): Promise<void> | undefined => {
    if (message.command !== 'auth.startThirdParty' || !reply.ok) return undefined;
    const url = (reply.value as { url?: unknown }).url;
    const redirectUri = (message.args as { redirectUri?: unknown } | null)?.redirectUri;
    if (typeof url !== 'string' || typeof redirectUri !== 'string') return undefined;
    // One sign-in at a time: a second start replaces the first window.
    if (current && !current.isDestroyed()) current.close();
    const win = deps.openWindow();
    current = win;
    const failed = (text: string) => deps.hub.emit('auth.changed', { mode: 'thirdParty', signedIn: false, text });
    return catchAuthRedirect(win, url, redirectUri).then(
      async (match) => {
        const done = await deps.dispatcher.handle({ t: 'call', id: 0, command: 'auth.completeThirdParty', args: { callbackUrl: match.url } }, { transport: 'ipc' });
        if (done && !done.ok) {
          deps.log?.(`sign-in: not completed (${done.error.code})`);
          failed(done.error.message);
        }
      },
      (e: unknown) => {
        if (current !== win) return; // replaced by a newer sign-in: not a failure to report
        failed(e instanceof SignInCancelled ? e.message : `The sign-in window failed: ${String(e)}`);
      },
    );
  };
}
