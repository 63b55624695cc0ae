// Setup → Printers: which printer prints labels and which prints documents, the label stock and
// what prints after a pack. Every choice takes effect the moment it is made (there is no Save
// to forget), "None" really clears a printer, and a test print goes to the printer shown.
import { useEffect, useRef, useState } from 'react';
import { useStation } from '../../app/station-context.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { InvoicePrinting, LabelStock, StationSettings } from '../../../../shared/settings.js';
import { saidWords } from '../../i18n/said-words.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { useAppStore } from '../../stores/app-store.js';
import { useSettingsStore } from '../../stores/settings-store.js';
import { ResultLine } from './form-field.js';
import { errorWords } from '../../app/errors.js';

type Printer = ResultOf<'printers.list'>[number];
type PrintJob = ResultOf<'print.jobs'>[number];
type Role = 'label' | 'document';
type Result = { ok: boolean; text: string };

const STOCKS: { value: LabelStock; label: string }[] = [
  { value: 'label-4x6in', label: msgKey('setup.printers.stock.in4x6') },
  { value: 'label-100x150mm', label: msgKey('setup.printers.stock.mm100x150') },
  { value: 'label-4x4in', label: msgKey('setup.printers.stock.in4x4') },
  { value: 'label-a6', label: msgKey('setup.printers.stock.a6') },
  { value: 'a4-label-region', label: msgKey('setup.printers.stock.a4Region') },
];

const AFTER_PACK: { value: InvoicePrinting; label: string }[] = [
  { value: 'labelOnly', label: msgKey('setup.printers.after.labelOnly') },
  { value: 'labelAndInvoice', label: msgKey('setup.printers.after.labelAndInvoice') },
  { value: 'combinedSplit', label: msgKey('setup.printers.after.combinedSplit') },
];

const ROLE_WORDS: Record<Role, string> = { label: msgKey('setup.printers.label'), document: msgKey('setup.printers.document') };
const TEST_WORDS: Record<Role, string> = { label: msgKey('setup.printers.testLabel'), document: msgKey('setup.printers.testDocument') };
const PRINTER_STATE: Record<Printer['state'], string> = {
  idle: msgKey('print.state.idle'),
  printing: msgKey('print.state.printing'),
  stopped: msgKey('print.state.stopped'),
  missing: msgKey('print.state.missing'),
};

function chosen(settings: StationSettings, role: Role): string {
  return (role === 'label' ? settings.printers.label : (settings.printers.invoice ?? settings.printers.manifest)) ?? '';
}

export function PrintersSection({ settings, printers }: { settings: StationSettings; printers: Printer[] }) {
  const api = useStation();
  const { t } = useT();
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
      const text = role === 'label' ? (name ? t('setup.printers.labelsOn', { printer: name }) : t('setup.printers.noLabel')) : name ? t('setup.printers.documentsOn', { printer: name }) : t('setup.printers.noDocument');
      say(role, { ok: true, text });
    } catch (e) {
      say(role, { ok: false, text: t('setup.printers.notChanged', { reason: errorWords(e) }) });
    }
  }

  async function choose(key: 'labelStock' | 'invoices', value: string) {
    try {
      saved(await api.invoke('settings.update', { printing: { [key]: value } }));
      say(key, { ok: true, text: t('setup.printers.saved') });
    } catch (e) {
      say(key, { ok: false, text: t('setup.printers.notChanged', { reason: errorWords(e) }) });
    }
  }

  async function testPrint(role: Role) {
    const shown = chosen(settings, role);
    try {
      const { jobId, printer } = await api.invoke('printers.testPrint', { role, ...(shown ? { printer: shown } : {}) });
      say(`${role}-test`, { ok: true, text: t('setup.printers.testQueued', { printer }) });
      // Said as the spool reports it: printed only once the printer completed the page.
      following.current.get(role)?.();
      const seen = (job: PrintJob) => {
        if (job.id !== jobId) return;
        const reason = saidWords({ text: job.message, sentences: job.sentences });
        if (job.status === 'done') say(`${role}-test`, { ok: true, text: t('setup.printers.testPrinted', { printer }) });
        else if (job.status === 'waiting') say(`${role}-test`, { ok: false, text: t('setup.printers.testWaiting', { reason }) });
        else if (job.status === 'failed') say(`${role}-test`, { ok: false, text: t('setup.printers.testFailed', { reason }) });
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
    { value: '', label: t('setup.printers.none') },
    // The state in the desk's words; the printer's own message (in its system's words) is on the Print screen.
    ...printers.map((p) => ({ value: p.name, label: t('setup.printers.withState', { name: p.name, state: t(PRINTER_STATE[p.state]) }) })),
    ...(current && !printers.some((p) => p.name === current) ? [{ value: current, label: t('setup.printers.notFound', { name: current }) }] : []),
  ];

  return (
    <section aria-labelledby="printers-heading" className="panel printers-setup">
      <h2 id="printers-heading">{t('setup.printers.title')}</h2>
      <p className="hint">{t('setup.printers.hint')}</p>
      {(['label', 'document'] as const).map((role) => {
        const current = chosen(settings, role);
        const id = `printer-${role}`;
        return (
          <div key={role} className="field">
            <label htmlFor={id}>{t(ROLE_WORDS[role])}</label>
            <span className="inline">
              <select id={id} value={current} onChange={(e) => void assign(role, e.target.value)}>
                {options(current).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <button type="button" onClick={() => void testPrint(role)} disabled={!current}>
                {t(TEST_WORDS[role])}
              </button>
            </span>
            {results[role] ? <ResultLine {...results[role]} /> : null}
            {results[`${role}-test`] ? <ResultLine {...results[`${role}-test`]} /> : null}
          </div>
        );
      })}
      {printers.length === 0 ? <p>{t('setup.printers.noneFound')}</p> : null}
      <div className="field">
        <label htmlFor="printing-labelStock">{t('setup.printers.labelStock')}</label>
        <select id="printing-labelStock" value={settings.printing.labelStock} onChange={(e) => void choose('labelStock', e.target.value)}>
          {STOCKS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </select>
        {results.labelStock ? <ResultLine {...results.labelStock} /> : null}
      </div>
      <div className="field">
        <label htmlFor="printing-invoices">{t('setup.printers.afterPack')}</label>
        <select id="printing-invoices" value={settings.printing.invoices} onChange={(e) => void choose('invoices', e.target.value)}>
          {AFTER_PACK.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </select>
        {results.invoices ? <ResultLine {...results.invoices} /> : null}
      </div>
    </section>
  );
}
