// Setup → Printers: which printer prints labels and which prints documents, the label stock and
// what prints after a pack. Every choice takes effect the moment it is made (there is no Save
// to forget), "None" really clears a printer, and a test print goes to the printer shown.
import { useEffect, useRef, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { InvoicePrinting, LabelStock, StationSettings } from '../../../../shared/settings.js';
import { useAppStore } from '../../stores/app-store.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { errorWords, ResultLine } from './form-field.js';

type Printer = ResultOf<'printers.list'>[number];
type PrintJob = ResultOf<'print.jobs'>[number];
type Role = 'label' | 'document';
type Result = { ok: boolean; text: string };

const STOCKS: { value: LabelStock; label: string }[] = [
  { value: 'label-4x6in', label: '4 x 6 in label' },
  { value: 'label-100x150mm', label: '100 x 150 mm label' },
  { value: 'label-4x4in', label: '4 x 4 in label' },
  { value: 'label-a6', label: 'A6 label (105 x 148 mm)' },
  { value: 'a4-label-region', label: 'A4 sheet, label in the top region' },
];

const AFTER_PACK: { value: InvoicePrinting; label: string }[] = [
  { value: 'labelOnly', label: 'The label only' },
  { value: 'labelAndInvoice', label: 'The label, and the invoice on the document printer' },
  { value: 'combinedSplit', label: 'The combined A4 page, split: label to the label printer, invoice to the document printer' },
];

const ROLE_WORDS: Record<Role, string> = { label: 'Label printer', document: 'Document printer (invoices, manifests, reports)' };

function chosen(settings: StationSettings, role: Role): string {
  return (role === 'label' ? settings.printers.label : (settings.printers.invoice ?? settings.printers.manifest)) ?? '';
}

export function PrintersSection({ settings, printers }: { settings: StationSettings; printers: Printer[] }) {
  const api = useStation();
  const [results, setResults] = useState<Record<string, Result>>({});
  const say = (key: string, r: Result) => setResults((all) => ({ ...all, [key]: r }));
  // Test prints followed until the printer finishes them; stopped when the screen closes.
  const following = useRef(new Map<string, () => void>());
  useEffect(() => {
    const offs = following.current;
    return () => offs.forEach((off) => off());
  }, []);

  function saved(next: StationSettings) {
    useSettingsStore.setState({ settings: next });
    useAppStore.getState().setSettings(next);
  }

  async function assign(role: Role, name: string) {
    try {
      saved(await api.invoke('printers.assign', { role, printer: name || null }));
      say(role, { ok: true, text: name ? `${role === 'label' ? 'Labels' : 'Documents'} now print on ${name}.` : `No ${role} printer is chosen now: its jobs wait until one is.` });
    } catch (e) {
      say(role, { ok: false, text: `Not changed: ${errorWords(e)}` });
    }
  }

  async function choose(key: 'labelStock' | 'invoices', value: string) {
    try {
      saved(await api.invoke('settings.update', { printing: { [key]: value } }));
      say(key, { ok: true, text: 'Saved: the next print uses it.' });
    } catch (e) {
      say(key, { ok: false, text: `Not changed: ${errorWords(e)}` });
    }
  }

  async function testPrint(role: Role) {
    const shown = chosen(settings, role);
    try {
      const { jobId, printer } = await api.invoke('printers.testPrint', { role, ...(shown ? { printer: shown } : {}) });
      say(`${role}-test`, { ok: true, text: `Test page queued for ${printer}; waiting for the printer to print it.` });
      // Said as the spool reports it: printed only once the printer completed the page.
      following.current.get(role)?.();
      const seen = (job: PrintJob) => {
        if (job.id !== jobId) return;
        if (job.status === 'done') say(`${role}-test`, { ok: true, text: `Test page printed on ${printer}. Check it shows the whole border.` });
        else if (job.status === 'waiting') say(`${role}-test`, { ok: false, text: `Test page not printed yet: ${job.message}` });
        else if (job.status === 'failed') say(`${role}-test`, { ok: false, text: `Test page failed: ${job.message}` });
        if (job.status === 'done' || job.status === 'failed') {
          off();
          following.current.delete(role);
        }
      };
      const off = api.subscribe('print.job', seen);
      following.current.set(role, off);
      // The page may have printed before the subscription started.
      void api.invoke('print.jobs', {}).then((jobs) => jobs.filter((j) => j.id === jobId).forEach(seen), () => undefined);
    } catch (e) {
      say(`${role}-test`, { ok: false, text: errorWords(e) });
    }
  }

  const options = (current: string) => [
    { value: '', label: 'None' },
    ...printers.map((p) => ({ value: p.name, label: `${p.name} (${p.message || p.state})` })),
    ...(current && !printers.some((p) => p.name === current) ? [{ value: current, label: `${current} (not found on this computer)` }] : []),
  ];

  return (
    <section aria-labelledby="printers-heading" className="panel printers-setup">
      <h2 id="printers-heading">Printers</h2>
      <p className="hint">Each choice takes effect at once.</p>
      {(['label', 'document'] as const).map((role) => {
        const current = chosen(settings, role);
        const id = `printer-${role}`;
        return (
          <div key={role} className="field">
            <label htmlFor={id}>{ROLE_WORDS[role]}</label>
            <span className="inline">
              <select id={id} value={current} onChange={(e) => void assign(role, e.target.value)}>
                {options(current).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <button type="button" onClick={() => void testPrint(role)} disabled={!current}>
                {role === 'label' ? 'Test print on the label printer' : 'Test print on the document printer'}
              </button>
            </span>
            {results[role] ? <ResultLine {...results[role]} /> : null}
            {results[`${role}-test`] ? <ResultLine {...results[`${role}-test`]} /> : null}
          </div>
        );
      })}
      {printers.length === 0 ? <p>No printers were found on this machine.</p> : null}
      <div className="field">
        <label htmlFor="printing-labelStock">Label stock</label>
        <select id="printing-labelStock" value={settings.printing.labelStock} onChange={(e) => void choose('labelStock', e.target.value)}>
          {STOCKS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {results.labelStock ? <ResultLine {...results.labelStock} /> : null}
      </div>
      <div className="field">
        <label htmlFor="printing-invoices">After a pack, print</label>
        <select id="printing-invoices" value={settings.printing.invoices} onChange={(e) => void choose('invoices', e.target.value)}>
          {AFTER_PACK.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {results.invoices ? <ResultLine {...results.invoices} /> : null}
      </div>
    </section>
  );
}
