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

type SslMode = Form['sslMode'];
const SSL_MODES: { value: SslMode; label: string }[] = [
  { value: 'auto', label: 'Automatic: TLS checked, off only for a database on this computer' },
  { value: 'verify-full', label: 'TLS, certificate and name checked' },
  { value: 'disable', label: 'Off (only for a database on this computer)' },
];

/** The link in one sentence for the status line. */
export function warehouseWords(view: WarehouseView | undefined): string {
  if (!view) return 'Reading the warehouse status…';
  if (!view.enabled) return 'Warehouse mode is off: this desk packs alone, with its own invoice series.';
  const from = view.source && view.source !== 'settings' ? ` (address from ${view.source === 'command line' ? 'the command line' : view.source})` : '';
  if (view.problem) return `${view.desk} cannot use ${view.address}${from}: ${view.problem}`;
  if (!view.online) {
    return `${view.desk}: the warehouse database ${view.address} is unreachable (${view.reason ?? 'no answer'}). Shipments this desk holds are packed with its ${view.outageNumbers ?? 0} outage invoice numbers; new shipments wait.`;
  }
  const waiting = view.unrecorded ? ` ${view.unrecorded} pack(s) of the outage are being recorded.` : '';
  return `${view.desk} is connected to ${view.address}${from}, schema version ${view.schemaVersion ?? '?'}. ${view.outageNumbers ?? 0} invoice numbers kept for an outage.${waiting}`;
}

export function WarehouseSetup() {
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
      setResult({ ok: !next.problem, text: f.url ? `Saved. ${warehouseWords(next)}` : 'Saved: warehouse mode is off, this desk packs alone.' });
    });
  }

  function test() {
    const f = form(false);
    void run(async () => setResult(await api.invoke('warehouse.test', f)));
  }

  return (
    <section aria-labelledby="wh-title" className="panel">
      <h2 id="wh-title">Warehouse</h2>
      <p role="status" aria-label="Warehouse status">
        {warehouseWords(view)}
      </p>
      <form aria-label="Warehouse database" onSubmit={save} noValidate>
        <Field id="wh-url" label="Database address" hint="postgres://user@host:5432/database, without the password. Leave empty for a desk that packs alone.">
          {(a) => <input {...a} type="text" spellCheck={false} autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="postgres://station@db.example.com/warehouse" />}
        </Field>
        <Field id="wh-password" label="Database password" hint={view?.passwordStored ? 'A password is stored (not shown). Type a new one to replace it.' : 'Kept with the desk’s secrets; never shown again.'}>
          {(a) => <input {...a} ref={passwordRef} type="password" autoComplete="off" defaultValue="" />}
        </Field>
        <Field id="wh-ssl" label="TLS">
          {(a) => (
            <select {...a} value={sslMode} onChange={(e) => setSslMode(e.target.value as SslMode)}>
              {SSL_MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="wh-ca" label="CA file (PEM)" hint="Only for a database whose certificate a private CA signed: the path of that CA’s certificate on this computer.">
          {(a) => <input {...a} type="text" spellCheck={false} value={caFile} onChange={(e) => setCaFile(e.target.value)} />}
        </Field>
        <Field id="wh-gstin" label="Seller registration (GSTIN)" hint="The warehouse’s one invoice series belongs to this registration and the financial year.">
          {(a) => <input {...a} type="text" spellCheck={false} maxLength={15} value={registration} onChange={(e) => setRegistration(e.target.value.toUpperCase())} />}
        </Field>
        <Field id="wh-desk" label="This desk’s name" hint="Shown to the other desks and the lead on every claim, for example “Desk 3”.">
          {(a) => <input {...a} type="text" maxLength={40} value={deskName} onChange={(e) => setDeskName(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit" disabled={busy}>
            Save warehouse settings
          </button>
          <button type="button" disabled={busy} onClick={test}>
            Test connection
          </button>
        </div>
      </form>
      {busy ? <p role="status">Working…</p> : null}
      {result ? <ResultLine {...result} /> : null}
    </section>
  );
}
