// The header's word on who is packing: the signed-in operator with a Sign out button (Alt+O),
// or a Sign in button that opens the name-and-PIN dialog. A desk with no operators shows nothing:
// it works as before, under the desk's operator setting.
import { useState } from 'react';
import { useOperatorStore } from '../stores/operator-store.js';
import { signOut } from '../stores/operator-store.js';
import { useT } from '../i18n/use-t.js';
import { SignInDialog } from './sign-in-dialog.js';
import { useStation } from './station-context.js';

export function OperatorChip() {
  const { t } = useT();
  const api = useStation();
  const view = useOperatorStore((s) => s.view);
  const [asking, setAsking] = useState(false);
  const active = view?.operators?.filter((o) => !o.retired) ?? [];
  if (active.length === 0 && !view?.signedIn) return null;
  return (
    <span className="operator-chip">
      {view?.signedIn ? (
        <>
          <span className="chip operator-signed-in" aria-live="polite">
            {t('operators.packing', { name: view.signedIn.name })}
          </span>
          <button type="button" aria-keyshortcuts="Alt+O" onClick={() => void signOut(api, 'button')}>
            {t('operators.signOut')} <kbd>Alt+O</kbd>
          </button>
        </>
      ) : (
        <>
          <span className="chip operator-none">{t('operators.nobody')}</span>
          <button type="button" onClick={() => setAsking(true)}>
            {t('operators.signIn')}
          </button>
        </>
      )}
      {asking ? <SignInDialog operators={active} onClose={() => setAsking(false)} /> : null}
    </span>
  );
}
