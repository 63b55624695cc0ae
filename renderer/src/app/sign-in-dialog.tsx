// Signing in without a badge: pick your name, type your PIN, Enter. Esc closes. A badge scanned
// while the dialog is open signs in as well (the scan router takes it first).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { OperatorView } from '../../../shared/contract/operators.js';
import { useT } from '../i18n/use-t.js';
import { signInWithPin, useOperatorStore } from '../stores/operator-store.js';
import { useStation } from './station-context.js';

export function SignInDialog({ operators, onClose }: { operators: OperatorView[]; onClose(): void }) {
  const { t } = useT();
  const api = useStation();
  const [id, setId] = useState(operators[0]?.id ?? '');
  const [pin, setPin] = useState('');
  // The refusal, inside the dialog where the operator is looking (the status line is behind it).
  const [problem, setProblem] = useState<string>();
  const first = useRef<HTMLSelectElement>(null);
  const signedIn = useOperatorStore((s) => s.view?.signedIn);
  useEffect(() => first.current?.focus(), []);
  // Signed in meanwhile (a badge): nothing left to ask.
  useEffect(() => {
    if (signedIn) onClose();
  }, [signedIn, onClose]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!id || !pin) return;
    const { refused } = await signInWithPin(api, id, pin);
    setPin('');
    setProblem(refused);
    if (!refused) onClose();
  }

  return (
    <div className="dialog-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="sign-in-title"
        className="dialog sign-in-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="sign-in-title">{t('operators.signInTitle')}</h2>
        <p>{t('operators.signInHint')}</p>
        <div className="field">
          <label htmlFor="sign-in-name">{t('operators.name')}</label>
          <select id="sign-in-name" ref={first} value={id} onChange={(e) => setId(e.target.value)}>
            {operators.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sign-in-pin">{t('operators.pin')}</label>
          <input
            id="sign-in-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? 'sign-in-problem' : undefined}
            onChange={(e) => setPin(e.target.value)}
          />
          {problem ? (
            <p id="sign-in-problem" role="alert" className="field-problem">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="dialog-actions">
          <button type="submit">{t('operators.signIn')}</button>
          <button type="button" onClick={onClose}>
            {t('operators.cancel')} <kbd>Esc</kbd>
          </button>
        </div>
      </form>
      </div>
    </div>
  );
}
