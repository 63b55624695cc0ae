// Setup -> Warehouse: the shared PostgreSQL of a warehouse with many desks (address without the
// password, the password as a secret, TLS, the seller's GSTIN, this desk's name), "Test
// connection" in words, and the link's state. The password lives only in its input until it is
// sent, like the app secret: emptied before the call leaves, never in React state, never shown
// back (the view says only whether one is stored). Saving takes effect at once.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useBusyAction } from '../../app/use-busy-action.js';
import { useStation } from '../../app/station-context.js';
import type { WarehouseForm as Form, WarehouseView } from '../../../../shared/contract/warehouse-desk.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { errorWords } from '../../app/errors.js';
import { Field, ResultLine } from './form-field.js';
import { msgKey, tr } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { sentenceWords } from '../../i18n/said-words.js';

type SslMode = Form['sslMode'];
const SSL_MODES: { value: SslMode; label: string }[] = [
  { value: 'auto', label: msgKey('setup.warehouse.tlsAuto') },
  { value: 'verify-full', label: msgKey('setup.warehouse.tlsFull') },
  { value: 'disable', label: msgKey('setup.warehouse.tlsOff') },
];

/** The link in one sentence for the status line. */
export function warehouseWords(view: WarehouseView | undefined): string {
  if (!view) return tr('setup.warehouse.reading');
  if (!view.enabled) return tr('setup.warehouse.off');
  // The source is an environment variable's name or 'command line'; a name stays as it is.
  const from = !view.source || view.source === 'settings' ? '' : view.source === 'command line' ? tr('setup.warehouse.fromCommandLine') : tr('setup.warehouse.fromSource', { source: view.source });
  // The station's problem and reason travel with their keys: said in the desk's language.
  if (view.problem) return tr('setup.warehouse.problem', { desk: view.desk, address: view.address, from, problem: view.problemSentence ? sentenceWords(view.problemSentence, view.problem) : view.problem });
  const numbers = view.outageNumbers ?? 0;
  if (!view.online) return tr('setup.warehouse.offline', { desk: view.desk, address: view.address, reason: view.reason ? (view.reasonSentence ? sentenceWords(view.reasonSentence, view.reason) : view.reason) : tr('setup.warehouse.noAnswer'), numbers });
  const online = tr('setup.warehouse.online', { desk: view.desk, address: view.address, from, version: view.schemaVersion ?? '?', numbers });
  return view.unrecorded ? `${online} ${tr('setup.warehouse.recording', { count: view.unrecorded })}` : online;
}

export function WarehouseSetup() {
  const { t } = useT();
  const api = useStation();
  const { settings } = useSettingsStore();
  const saved = settings?.warehouse;
  const [url, setUrl] = useState(saved?.url ?? '');
  const [sslMode, setSslMode] = useState<SslMode>(saved?.sslMode ?? 'auto');
  const [caFile, setCaFile] = useState(saved?.caFile ?? '');
  const [registration, setRegistration] = useState(saved?.registration ?? '');
  const [deskName, setDeskName] = useState(settings?.desk.name ?? '');
  const [view, setView] = useState<WarehouseView>();
  const { busy, result, setResult, run } = useBusyAction(errorWords);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    api.invoke('warehouse.link', {}).then(setView, (e) => setResult({ ok: false, text: errorWords(e) }));
    return api.subscribe('warehouse.changed', setView);
  }, [api]);

  /** The form as the contract takes it; saving empties the password input (a test keeps it for the save). */
  function form(clear: boolean): Form {
    const password = passwordRef.current?.value ?? '';
    if (clear && passwordRef.current) passwordRef.current.value = '';
    return { url: url.trim(), ...(password ? { password } : {}), sslMode, caFile: caFile.trim(), registration: registration.trim(), deskName: deskName.trim() };
  }

  function save(e: FormEvent) {
    e.preventDefault();
    const f = form(true);
    void run(async () => {
      const next = await api.invoke('warehouse.save', f);
      setView(next);
      setResult({ ok: !next.problem, text: f.url ? t('setup.warehouse.saved', { link: warehouseWords(next) }) : t('setup.warehouse.savedOff') });
    });
  }

  function test() {
    const f = form(false);
    void run(async () => {
      const tested = await api.invoke('warehouse.test', f);
      setResult({ ok: tested.ok, text: tested.sentence ? sentenceWords(tested.sentence, tested.text) : tested.text });
    });
  }

  return (
    <section aria-labelledby="wh-title" className="panel">
      <h2 id="wh-title">{t('setup.warehouse.title')}</h2>
      <p role="status" aria-label={t('setup.warehouse.statusLabel')}>
        {warehouseWords(view)}
      </p>
      <form aria-label={t('setup.warehouse.formLabel')} onSubmit={save} noValidate>
        <Field id="wh-url" label={t('setup.warehouse.url')} hint={t('setup.warehouse.urlHint')}>
          {(a) => <input {...a} type="text" spellCheck={false} autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="postgres://station@db.example.com/warehouse" />}
        </Field>
        <Field id="wh-password" label={t('setup.warehouse.password')} hint={view?.passwordStored ? t('setup.warehouse.passwordStored') : t('setup.warehouse.passwordKept')}>
          {(a) => <input {...a} ref={passwordRef} type="password" autoComplete="off" defaultValue="" />}
        </Field>
        <Field id="wh-ssl" label={t('setup.warehouse.tls')}>
          {(a) => (
            <select {...a} value={sslMode} onChange={(e) => setSslMode(e.target.value as SslMode)}>
              {SSL_MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {t(m.label)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="wh-ca" label={t('setup.warehouse.ca')} hint={t('setup.warehouse.caHint')}>
          {(a) => <input {...a} type="text" spellCheck={false} value={caFile} onChange={(e) => setCaFile(e.target.value)} />}
        </Field>
        <Field id="wh-gstin" label={t('setup.warehouse.gstin')} hint={t('setup.warehouse.gstinHint')}>
          {(a) => <input {...a} type="text" spellCheck={false} maxLength={15} value={registration} onChange={(e) => setRegistration(e.target.value.toUpperCase())} />}
        </Field>
        <Field id="wh-desk" label={t('setup.warehouse.desk')} hint={t('setup.warehouse.deskHint')}>
          {(a) => <input {...a} type="text" maxLength={40} value={deskName} onChange={(e) => setDeskName(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {t('setup.warehouse.save')}
          </button>
          <button type="button" disabled={busy} onClick={test}>
            {t('setup.warehouse.test')}
          </button>
        </div>
      </form>
      {busy ? <p role="status">{t('setup.warehouse.working')}</p> : null}
      {result ? <ResultLine {...result} /> : null}
    </section>
  );
}
