// The marketplace connection: sandbox, self access (client credentials) or third party
// (authorization code; spec § Authentication). The app secret lives only in the password input
// until submit: it is read once, the input is emptied before the call leaves, and nothing in
// React state or a store ever holds it.
import { useRef, useState, type FormEvent } from 'react';
import { useBusyAction } from '../../app/use-busy-action.js';
import { useStation } from '../../app/station-context.js';
import { MarketplaceConnection, type MarketplaceMode } from '../../../../shared/settings.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { errorWords } from '../../app/errors.js';
import { Field, ResultLine } from './form-field.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { signInWords } from './sign-in-words.js';

const MODES: { value: MarketplaceMode; label: string }[] = [
  { value: 'sandbox', label: msgKey('signin.modeSandbox') },
  { value: 'selfAccess', label: msgKey('signin.modeSelf') },
  { value: 'thirdParty', label: msgKey('signin.modeThird') },
];

export function ConnectionForm() {
  const { t } = useT();
  const api = useStation();
  const { settings, info, signIn, setSignIn } = useSettingsStore();
  const saved = settings?.marketplace;
  const [mode, setMode] = useState<MarketplaceMode>(saved?.mode ?? 'sandbox');
  const [baseUrl, setBaseUrl] = useState(saved?.mode === 'sandbox' ? '' : (saved?.baseUrl ?? ''));
  const [appId, setAppId] = useState(saved?.appId ?? '');
  const [redirectUri, setRedirectUri] = useState(saved?.redirectUri ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, result, setResult, run } = useBusyAction(errorWords);
  const [awaitingCallback, setAwaitingCallback] = useState(false);
  const [callbackUrl, setCallbackUrl] = useState('');
  const secretRef = useRef<HTMLInputElement>(null);
  // In Electron the shell opens the sign-in page and catches the redirect itself; in a browser
  // the operator pastes the address the marketplace sent them back to.
  const browserMode = info?.transport !== 'ipc';

  function submit(e: FormEvent) {
    e.preventDefault();
    const secret = secretRef.current?.value ?? '';
    if (secretRef.current) secretRef.current.value = '';
    if (mode === 'sandbox') {
      setErrors({});
      void run(async () => {
        const view = await api.invoke('auth.useSandbox', {});
        setSignIn(view);
        setResult({ ok: view.signedIn, text: signInWords(view) });
      });
      return;
    }
    const found: Record<string, string> = {};
    const parsed = MarketplaceConnection.safeParse({ mode, baseUrl, appId, redirectUri: mode === 'thirdParty' ? redirectUri : undefined });
    if (!parsed.success) for (const i of parsed.error.issues) found[`conn-${String(i.path[0])}`] ??= i.message;
    if (baseUrl.trim() === '') found['conn-baseUrl'] = t('signin.needBaseUrl');
    if (appId.trim() === '') found['conn-appId'] = t('signin.needAppId');
    if (secret === '') found['conn-secret'] = t('signin.needSecret');
    if (mode === 'thirdParty' && redirectUri.trim() === '') found['conn-redirectUri'] = t('signin.needRedirect');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(async () => {
      if (mode === 'selfAccess') {
        const view = await api.invoke('auth.signInSelfAccess', { baseUrl: baseUrl.trim(), appId: appId.trim(), appSecret: secret });
        setSignIn(view);
        setResult({ ok: view.signedIn, text: signInWords(view) });
      } else {
        const { url } = await api.invoke('auth.startThirdParty', { baseUrl: baseUrl.trim(), appId: appId.trim(), appSecret: secret, redirectUri: redirectUri.trim() });
        if (browserMode) {
          window.open(url, '_blank', 'noopener');
          setAwaitingCallback(true);
          setResult({ ok: true, text: t('signin.openedTab') });
        } else {
          setResult({ ok: true, text: t('signin.openedWindow') });
        }
      }
    });
  }

  function finishThirdParty(e: FormEvent) {
    e.preventDefault();
    if (!/^https:\/\//i.test(callbackUrl.trim())) {
      setErrors({ 'conn-callback': t('signin.pasteWhole') });
      return;
    }
    setErrors({});
    void run(async () => {
      const view = await api.invoke('auth.completeThirdParty', { callbackUrl: callbackUrl.trim() });
      setSignIn(view);
      setCallbackUrl('');
      setAwaitingCallback(false);
      setResult({ ok: view.signedIn, text: signInWords(view) });
    });
  }

  return (
    <section aria-labelledby="conn-title" className="panel">
      <h2 id="conn-title">{t('signin.title')}</h2>
      <p role="status" aria-label={t('signin.statusLabel')}>
        {/* The station's sentence already says until when the sign-in holds (and, for a partner
            application, until when access renews itself): said once, not twice. */}
        {signIn ? signInWords(signIn) : t('signin.reading')}
      </p>
      <form aria-label={t('signin.formLabel')} onSubmit={submit} noValidate>
        <fieldset>
          <legend>{t('signin.marketplace')}</legend>
          {MODES.map((m) => (
            <label key={m.value} className="check">
              <input type="radio" name="conn-mode" value={m.value} checked={mode === m.value} onChange={() => setMode(m.value)} /> {t(m.label)}
            </label>
          ))}
        </fieldset>
        {mode !== 'sandbox' ? (
          <>
            <Field id="conn-baseUrl" label={t('signin.baseUrl')} error={errors['conn-baseUrl']}>
              {(a) => <input {...a} type="url" inputMode="url" autoComplete="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />}
            </Field>
            <Field id="conn-appId" label={t('signin.appId')} error={errors['conn-appId']}>
              {(a) => <input {...a} value={appId} autoComplete="off" onChange={(e) => setAppId(e.target.value)} />}
            </Field>
            <Field id="conn-secret" label={t('signin.secret')} error={errors['conn-secret']} hint={t('signin.secretHint')}>
              {(a) => <input {...a} ref={secretRef} type="password" autoComplete="off" defaultValue="" />}
            </Field>
            {mode === 'thirdParty' ? (
              <Field id="conn-redirectUri" label={t('signin.redirect')} error={errors['conn-redirectUri']}>
                {(a) => <input {...a} type="url" value={redirectUri} onChange={(e) => setRedirectUri(e.target.value)} />}
              </Field>
            ) : null}
          </>
        ) : null}
        <div className="actions">
          <button type="submit" disabled={busy}>
            {mode === 'sandbox' ? t('signin.useSandbox') : mode === 'selfAccess' ? t('signin.signIn') : t('signin.openPage')}
          </button>
          {signIn?.signedIn ? (
            <button type="button" disabled={busy} onClick={() => void run(async () => setSignIn(await api.invoke('auth.signOut', {})))}>
              {t('signin.signOut')}
            </button>
          ) : null}
        </div>
      </form>
      {awaitingCallback ? (
        <form aria-label={t('signin.finishLabel')} onSubmit={finishThirdParty} noValidate>
          <Field id="conn-callback" label={t('signin.callback')} error={errors['conn-callback']}>
            {(a) => <input {...a} type="url" value={callbackUrl} onChange={(e) => setCallbackUrl(e.target.value)} />}
          </Field>
          <button type="submit" disabled={busy}>
            {t('signin.finish')}
          </button>
        </form>
      ) : null}
      {busy ? <p role="status">{t('signin.working')}</p> : null}
      {result ? <ResultLine {...result} /> : null}
    </section>
  );
}
