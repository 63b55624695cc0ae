// What happened to the shipments packed at this desk: packing, waiting for the label (it can
// take the marketplace a while), printed on which printer, ready to dispatch, or failed; or held
// for a weight or size the marketplace warned about, with what to do (not a printer's problem).
import { deskWords } from '../../app/desk-words.js';
import { msgKey } from '../../i18n/i18n.js';
import { useT } from '../../i18n/use-t.js';
import type { LabelJob } from '../../stores/desk-store.js';

const STATUS_WORDS: Record<LabelJob['status'], string> = {
  packing: msgKey('pack.labels.status.packing'),
  waitingLabel: msgKey('pack.labels.status.waitingLabel'),
  waitingPrinter: msgKey('pack.labels.status.waitingPrinter'),
  printed: msgKey('pack.labels.status.printed'),
  dispatched: msgKey('pack.labels.status.dispatched'),
  failed: msgKey('pack.labels.status.failed'),
  held: msgKey('pack.labels.status.held'),
};

export function LabelJobs({ jobs }: { jobs: LabelJob[] }) {
  const { t } = useT();
  if (jobs.length === 0) return null;
  const recent = [...jobs].reverse().slice(0, 8);
  return (
    <section className="label-jobs" aria-labelledby="label-jobs-heading">
      <h2 id="label-jobs-heading">{t('pack.labels.title')}</h2>
      <ul aria-label={t('pack.labels.title')}>
        {recent.map((job) => (
          <li key={job.shipmentId} className={`label-job job-${job.status}`}>
            <strong>{job.shipmentId}</strong> <span className="job-status">{t(STATUS_WORDS[job.status])}</span>
            {job.status === 'waitingLabel' || job.status === 'packing' || job.status === 'waitingPrinter' ? <progress aria-label={t('pack.labels.progress', { status: t(STATUS_WORDS[job.status]), id: job.shipmentId })} /> : null}
            <span className="job-text">{deskWords(job)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
