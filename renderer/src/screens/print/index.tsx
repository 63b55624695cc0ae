// The Print screen (issue "packing desk app", screen 4): every label, invoice and manifest job
// with its status in words, reprint of any job, reprint of a label by shipment id, and the
// printers with what is wrong with them (offline, stopped, missing).
import { useEffect, useState } from 'react';
import { deskWords } from '../../app/desk-words.js';
import { jobTitleWords } from '../../app/job-title.js';
import { useStation } from '../../app/station-context.js';
import { useAppStore } from '../../stores/app-store.js';
import { msgKey, tr } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import { followPrint, loadPrint, reprint, reprintInvoice, reprintLabel, usePrintStore, type PrintJob, type Printer } from '../../stores/print-store.js';

const JOB_WORDS: Record<PrintJob['status'], string> = {
  queued: msgKey('print.job.queued'),
  printing: msgKey('print.job.printing'),
  done: msgKey('print.job.done'),
  failed: msgKey('print.job.failed'),
  waiting: msgKey('print.job.waiting'),
};

const PRINTER_WORDS: Record<Printer['state'], string> = {
  idle: msgKey('print.state.idle'),
  printing: msgKey('print.state.printing'),
  stopped: msgKey('print.state.stopped'),
  missing: msgKey('print.state.missing'),
};

/** The printer's own message only repeats its state ("ready"): the state word says it already, in the desk's language. */
const saysState = (p: Printer): boolean => [tr(PRINTER_WORDS[p.state]), tr(PRINTER_WORDS[p.state], { lng: 'en' })].some((w) => w.toLowerCase() === p.message.toLowerCase());

const ROLE_WORDS: Record<string, string> = {
  label: msgKey('print.role.label'),
  invoice: msgKey('print.role.invoice'),
  packingSlip: msgKey('print.role.packingSlip'),
  manifest: msgKey('print.role.manifest'),
  report: msgKey('print.role.report'),
  document: msgKey('print.role.document'),
};

function Printers() {
  const { t } = useT();
  const printers = usePrintStore((s) => s.printers);
  const problem = usePrintStore((s) => s.printersError);
  return (
    <section aria-labelledby="printers-heading" className="printers">
      <h2 id="printers-heading">{t('print.printers')}</h2>
      {problem ? <p className="field-problem">{problem}</p> : null}
      {printers.length === 0 && !problem ? <p>{t('print.noPrinters')}</p> : null}
      <ul aria-label={t('print.printers')}>
        {printers.map((p) => (
          <li key={p.name} className={`printer printer-${p.state}`}>
            <strong>{p.name}</strong>
            {p.roles.length > 0 ? t('print.forRoles', { roles: p.roles.map((r) => (ROLE_WORDS[r] ? t(ROLE_WORDS[r]) : r)).join(', ') }) : ''}: {t(PRINTER_WORDS[p.state])}
            {p.message && !saysState(p) ? <span className="printer-message"> — {deskWords({ text: p.message, ...(p.sentence ? { sentences: [p.sentence] } : {}) })}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function PrintScreen() {
  const { t, fmt } = useT();
  const api = useStation();
  const epoch = useAppStore((s) => s.epoch);
  const jobs = usePrintStore((s) => s.jobs);
  const [shipmentId, setShipmentId] = useState('');
  useEffect(() => followPrint(api), [api, epoch]);
  useEffect(() => {
    // Printers come and go (cables, paper): look again every ten seconds while this screen shows.
    const t = setInterval(() => void loadPrint(api), 10_000);
    return () => clearInterval(t);
  }, [api]);

  return (
    <section aria-label={t('print.title')} className="print-screen">
      <h1>{t('print.title')}</h1>
      <form
        className="reprint-label"
        onSubmit={(e) => {
          e.preventDefault();
          const id = shipmentId.trim().toUpperCase();
          if (!id) return;
          // Enter (or the first button) reprints the label; the second button the invoice.
          const which = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
          void (which === 'invoice' ? reprintInvoice : reprintLabel)(api, id).then((ok) => ok && setShipmentId(''));
        }}
      >
        <label>
          {t('print.shipmentId')}
          <input type="text" value={shipmentId} onChange={(e) => setShipmentId(e.target.value)} autoComplete="off" />
        </label>
        <button type="submit" value="label">
          {t('print.reprintLabel')}
        </button>
        <button type="submit" value="invoice">
          {t('print.reprintInvoice')}
        </button>
      </form>
      <Printers />
      <section aria-labelledby="jobs-heading" className="print-jobs">
        <h2 id="jobs-heading">{t('print.jobs')}</h2>
        {jobs.length === 0 ? <p>{t('print.noJobs')}</p> : null}
        <table className="jobs">
          <caption className="visually-hidden">{t('print.jobsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('print.document')}</th>
              <th scope="col">{t('print.printer')}</th>
              <th scope="col">{t('print.status')}</th>
              <th scope="col">{t('print.when')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('print.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} className={`job job-${job.status}`}>
                <td>
                  {jobTitleWords(job.title, job.titleSentence)}
                  {job.pages ? t('print.pages', { count: job.pages }) : ''}
                </td>
                <td>{job.printerSentence ? deskWords({ text: job.printer, sentences: [job.printerSentence] }) : job.printer}</td>
                <td>
                  {t(JOB_WORDS[job.status])}
                  {job.message ? <span className="job-message"> — {deskWords({ text: job.message, sentences: job.sentences })}</span> : null}
                </td>
                <td>{fmt.timeSeconds(job.createdAt)}</td>
                <td>
                  <button type="button" aria-label={t('print.reprintThis', { title: jobTitleWords(job.title, job.titleSentence) })} onClick={() => void reprint(api, job)}>
                    {t('print.reprint')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
