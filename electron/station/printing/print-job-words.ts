// A print job's status line as a keyed sentence, so the Print screen says it in the desk's
// language. The job keeps its English message (the job file, the logs); the sentence is given only
// when that message is one of the known ones word for word, so a translation never says more or
// less than the English.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { sentence } from '../../../shared/i18n/station-sentences.js';
import { messages, type PrintJob } from './print-job.js';

export function jobSentence(job: Pick<PrintJob, 'role' | 'printer' | 'message'>): KeyedSentence | undefined {
  const { role, printer, message } = job;
  const label = role === 'label';
  const params = { printer };
  if (message === messages.done(role, printer)) return label ? sentence('station.print.job.doneLabel', params) : sentence('station.print.job.doneDocument', params);
  if (message === messages.printing(role, printer)) return label ? sentence('station.print.job.printingLabel', params) : sentence('station.print.job.printingDocument', params);
  if (message === messages.sent(role, printer)) return label ? sentence('station.print.job.sentLabel', params) : sentence('station.print.job.sentDocument', params);
  if (message === messages.queued(role, printer)) return label ? sentence('station.print.job.queuedLabel', params) : sentence('station.print.job.queuedDocument', params);
  if (message === messages.missing(role, printer)) return label ? sentence('station.print.job.missingLabel', params) : sentence('station.print.job.missingDocument', params);
  return withWords(job, label);
}

/** The sentences that carry the printer's or the system's own words (a stop reason, an error), said as written. */
function withWords({ role, printer, message }: Pick<PrintJob, 'role' | 'printer' | 'message'>, label: boolean): KeyedSentence | undefined {
  const stopped = / is stopped(?: \((.*)\))?; the job waits/.exec(message);
  if (stopped) {
    const reason = stopped[1] ?? '';
    const why = reason ? ` (${reason})` : '';
    if (message === messages.stoppedHere(role, printer, reason))
      return label ? sentence('station.print.job.stoppedHereLabel', { printer, why }) : sentence('station.print.job.stoppedHereDocument', { printer, why });
    if (message === messages.stoppedAtPrinter(role, printer, reason))
      return label ? sentence('station.print.job.stoppedAtPrinterLabel', { printer, why }) : sentence('station.print.job.stoppedAtPrinterDocument', { printer, why });
  }
  const retrying = /\((.*)\); the job waits and retries$/.exec(message);
  if (retrying && message === messages.retrying(role, printer, retrying[1]!))
    return label ? sentence('station.print.job.retryingLabel', { printer, error: retrying[1]! }) : sentence('station.print.job.retryingDocument', { printer, error: retrying[1]! });
  const failed = / failed: (.*)$/s.exec(message);
  if (failed && message === messages.failed(role, printer, failed[1]!))
    return label ? sentence('station.print.job.failedLabel', { printer, error: failed[1]! }) : sentence('station.print.job.failedDocument', { printer, error: failed[1]! });
  return undefined;
}

/** The job of a role with no printer chosen yet. */
export const noPrinterChosen = (role: PrintJob['role']): KeyedSentence =>
  role === 'label' ? sentence('station.print.job.noLabelPrinter') : sentence('station.print.job.noDocumentPrinter');
