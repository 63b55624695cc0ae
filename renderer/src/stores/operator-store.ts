// The desk's operators and who is signed in, as the station says (operators.changed), and the
// actions of signing in and out. A badge scan anywhere signs in (or switches) the operator.
import { create } from 'zustand';
import type { StationApi } from '../../../shared/contract.js';
import type { OperatorsView, OperatorView } from '../../../shared/contract/operators.js';
import { errorWords } from '../app/errors.js';
import { tr } from '../i18n/i18n.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from './app-store.js';

interface OperatorState {
  view?: OperatorsView;
}

export const useOperatorStore = create<OperatorState>()(() => ({ view: undefined }));

export function resetOperatorStore(): void {
  useOperatorStore.setState({ view: undefined });
}

export const signedInOperator = (): OperatorView | undefined => useOperatorStore.getState().view?.signedIn;

/** Follows the station's operators; returns the function that stops following. */
export function followOperators(api: StationApi): () => void {
  // A station older than this page answers without operators: the desk then works as before.
  const take = (view: OperatorsView | undefined) => useOperatorStore.setState({ view: Array.isArray(view?.operators) ? view : undefined });
  const off = api.subscribe('operators.changed', take);
  api.invoke('operators.list', {}).then(take, () => undefined);
  return off;
}

function signedIn(view: OperatorsView, before: OperatorView | undefined): void {
  useOperatorStore.setState({ view });
  if (!view.signedIn) return;
  say('ok', before && before.id !== view.signedIn.id ? tr('operators.say.switched', { name: view.signedIn.name, before: before.name }) : tr('operators.say.signedIn', { name: view.signedIn.name }));
  playSound('verified');
}

export async function signInWithBadge(api: StationApi, badge: string): Promise<void> {
  const before = signedInOperator();
  try {
    signedIn(await api.invoke('operators.signIn', { badge }), before);
  } catch (e) {
    say('error', errorWords(e));
    // A badge the desk does not know is for the lead to look at in Setup.
    playSound('wrongItem', { word: 'callLead' });
  }
}

/** Resolves true when signed in; a wrong PIN is said and resolves false. */
/** Signs in by name and PIN; a refusal is said on the status line and given back for the dialog. */
export async function signInWithPin(api: StationApi, id: string, pin: string): Promise<{ refused?: string }> {
  const before = signedInOperator();
  try {
    signedIn(await api.invoke('operators.signIn', { id, pin }), before);
    return {};
  } catch (e) {
    const refused = errorWords(e);
    say('error', refused);
    // Typed at the keyboard, read on the screen: no word to say.
    playSound('wrongItem', { word: null });
    return { refused };
  }
}

export async function signOut(api: StationApi, reason: 'button' | 'key' | 'idle'): Promise<void> {
  const before = signedInOperator();
  if (!before) return;
  try {
    useOperatorStore.setState({ view: await api.invoke('operators.signOut', { reason }) });
    say('info', reason === 'idle' ? tr('operators.say.idleOut', { name: before.name }) : tr('operators.say.signedOut', { name: before.name }));
  } catch (e) {
    say('error', errorWords(e));
  }
}
