// What happened to the shipments packed at this desk: packing, waiting for the label (it can
// take the marketplace a while), printed on which printer, ready to dispatch, or failed.
import type { LabelJob } from '../../stores/desk-store.js';

const STATUS_WORDS: Record<LabelJob['status'], string> = {
  packing: 'Packing',
  waitingLabel: 'Waiting for label',
  waitingPrinter: 'Waiting for the printer',
  printed: 'Printed',
  dispatched: 'Ready to dispatch',
  failed: 'Failed',
};

export function LabelJobs({ jobs }: { jobs: LabelJob[] }) {
  if (jobs.length === 0) return null;
  const recent = [...jobs].reverse().slice(0, 8);
  return (
    <section className="label-jobs" aria-labelledby="label-jobs-heading">
      <h2 id="label-jobs-heading">Labels</h2>
      <ul aria-label="Labels">
        {recent.map((job) => (
          <li key={job.shipmentId} className={`label-job job-${job.status}`}>
            <strong>{job.shipmentId}</strong> <span className="job-status">{STATUS_WORDS[job.status]}</span>
            {job.status === 'waitingLabel' || job.status === 'packing' || job.status === 'waitingPrinter' ? <progress aria-label={`${STATUS_WORDS[job.status]} for ${job.shipmentId}`} /> : null}
            <span className="job-text">{job.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
