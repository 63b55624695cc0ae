// Setup -> Live updates: a desk that packs alone runs the push receiver itself. On/off, the port,
// the HTTPS certificate and key (checked before anything starts: readable, a matching pair, valid
// today), an optional public address, and the receiver's status as it changes. The subscription
// link holds the secret path token: it is shown once, after the save that made it, to be copied
// into the marketplace's form, and is never asked for again (it lives only in this component's
// state until "I have copied it" or leaving Setup).
import { useEffect, useState, type FormEvent } from 'react';
import { useBusyAction } from '../../app/use-busy-action.js';
import { useStation } from '../../app/station-context.js';
import type { ReceiverForm, ReceiverView } from '../../../../shared/contract/push.js';
import { sentenceWords } from '../../i18n/said-words.js';
import { useT } from '../../i18n/use-t.js';
import { errorWords } from '../../app/errors.js';
import { Field, ResultLine } from './form-field.js';

export function ReceiverSection() {
  const api = useStation();
  const { t, fmt } = useT();
  const [view, setView] = useState<ReceiverView>();
  const [form, setForm] = useState<ReceiverForm>();
  const [port, setPort] = useState('');
  const [link, setLink] = useState<string>();
  const [copied, setCopied] = useState(false);
  const { busy, result, setResult, run } = useBusyAction((e) => t('push.notSaved', { reason: errorWords(e) }));

  useEffect(() => {
    api.invoke('push.receiver', {}).then(
      (v) => {
        setView(v);
        setForm(v.settings);
        setPort(String(v.settings.port));
      },
      (e) => setResult({ ok: false, text: errorWords(e) }),
    );
    return api.subscribe('push.receiver.changed', setView);
  }, [api, setResult]);

  if (!form) return null;
  const portNumber = Number(port);
  const portOk = /^\d{1,5}$/.test(port) && portNumber >= 1 && portNumber <= 65_535;
  const change = (patch: Partial<ReceiverForm>) => setForm({ ...form, ...patch });

  function save(e?: FormEvent, newToken = false) {
    e?.preventDefault();
    if (!form || !portOk) return;
    const sent = { ...form, port: portNumber };
    void run(async () => {
      const answer = await api.invoke('push.receiver.save', { ...sent, ...(newToken ? { newToken: true } : {}) });
      setView(answer.view);
      setCopied(false);
      setLink(answer.subscriptionUrl);
      setResult({ ok: answer.view.state !== 'failed', text: t('push.saved') });
    });
  }

  function check() {
    if (!form) return;
    void run(async () => {
      const answer = await api.invoke('push.receiver.check', { ...form, port: portOk ? portNumber : 9443 });
      setResult({ ok: answer.ok, text: sentenceWords(answer.sentence, answer.ok ? 'The certificate and key can be used.' : 'The certificate and key cannot be used.') });
    });
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (a page without the permission): the link stays selected to copy by hand.
      document.getElementById('push-link')?.focus();
    }
  }

  const states: Record<ReceiverView['state'], string> = {
    off: t('push.state.off'),
    listening: t('push.state.listening', { address: view?.address ?? '' }),
    environment: t('push.state.environment', { address: view?.address ?? '' }),
    warehouse: t('push.state.warehouse'),
    failed: t('push.state.failed'),
  };

  return (
    <section aria-labelledby="push-title" className="panel">
      <h2 id="push-title">{t('push.title')}</h2>
      <p className="field-hint">{t('push.intro')}</p>
      {view ? (
        <div role="status" aria-label={t('push.title')} className="push-status">
          <p>
            {states[view.state]} {view.problem ? sentenceWords(view.problem, '') : null}
          </p>
          {view.state === 'listening' || view.state === 'environment' ? (
            <>
              <p>
                {t('push.status.counts', { stored: view.stored, duplicates: view.duplicates, refused: view.refused })}{' '}
                {view.lastNotificationAt ? t('push.status.last', { time: fmt.dateTime(view.lastNotificationAt) }) : t('push.status.none')}
              </p>
              {view.certValidTo ? <p>{t('push.status.validTo', { date: fmt.date(view.certValidTo) })}</p> : null}
            </>
          ) : null}
          {view.lastError ? <p>{t('push.status.lastError', { time: fmt.dateTime(view.lastError.at), problem: sentenceWords(view.lastError.sentence, '') })}</p> : null}
        </div>
      ) : null}
      <form aria-label={t('push.title')} onSubmit={save} noValidate>
        <label className="check">
          <input type="checkbox" checked={form.enabled} onChange={(e) => change({ enabled: e.target.checked })} /> {t('push.enabled')}
        </label>
        <Field id="push-port" label={t('push.port')} hint={t('push.portHint')} error={portOk ? undefined : t('push.check.portRange')}>
          {(a) => <input {...a} type="text" inputMode="numeric" maxLength={5} value={port} onChange={(e) => setPort(e.target.value.trim())} />}
        </Field>
        <Field id="push-host" label={t('push.host')} hint={t('push.hostHint')}>
          {(a) => (
            <select {...a} value={form.host} onChange={(e) => change({ host: e.target.value as ReceiverForm['host'] })}>
              <option value="0.0.0.0">{t('push.hostAll')}</option>
              <option value="127.0.0.1">{t('push.hostLocal')}</option>
            </select>
          )}
        </Field>
        <Field id="push-cert" label={t('push.certFile')} hint={t('push.certHint')}>
          {(a) => <input {...a} type="text" spellCheck={false} value={form.certFile} onChange={(e) => change({ certFile: e.target.value })} />}
        </Field>
        <Field id="push-key" label={t('push.keyFile')} hint={t('push.keyHint')}>
          {(a) => <input {...a} type="text" spellCheck={false} value={form.keyFile} onChange={(e) => change({ keyFile: e.target.value })} />}
        </Field>
        <Field id="push-public" label={t('push.publicUrl')} hint={t('push.publicUrlHint')}>
          {(a) => <input {...a} type="text" spellCheck={false} value={form.publicUrl} placeholder="https://push.myshop.in" onChange={(e) => change({ publicUrl: e.target.value })} />}
        </Field>
        <p className="field-hint">{view?.tokenStored ? t('push.tokenStored') : t('push.noToken')}</p>
        <div className="actions">
          <button type="submit" disabled={busy || !portOk}>
            {t('push.save')}
          </button>
          <button type="button" disabled={busy} onClick={check}>
            {t('push.checkButton')}
          </button>
          {view?.tokenStored ? (
            <button type="button" disabled={busy || !portOk} onClick={() => save(undefined, true)}>
              {t('push.newToken')}
            </button>
          ) : null}
        </div>
      </form>
      {link ? (
        <div role="alert" className="push-link">
          <h3>{t('push.url.title')}</h3>
          <p>{t('push.url.body')}</p>
          <div className="field">
            <label htmlFor="push-link">{t('push.url.label')}</label>
            <input id="push-link" type="text" readOnly style={{ width: '100%', boxSizing: 'border-box' }} value={link} onFocus={(e) => e.target.select()} spellCheck={false} />
          </div>
          <div className="actions">
            <button type="button" onClick={() => void copy()}>
              {t('push.url.copy')}
            </button>
            <button type="button" onClick={() => setLink(undefined)}>
              {t('push.url.done')}
            </button>
          </div>
          {copied ? <p role="status">{t('push.url.copied')}</p> : null}
        </div>
      ) : null}
      {busy ? <p role="status">{t('push.working')}</p> : null}
      {result ? <ResultLine {...result} /> : null}
    </section>
  );
}
