// Print jobs (labels, invoices, manifests) and the printers of this machine, as the station
// reports them. Jobs update live from 'print.job' events.
import { create } from 'zustand';
import { tr } from '../i18n/i18n.js';
import type { ResultOf, StationApi } from '../../../shared/contract.js';
import { errorWords } from '../app/errors.js';
import { jobTitleWords } from '../app/job-title.js';
import { playSound } from '../sound/feedback-sound.js';
import { say } from './app-store.js';

export type PrintJob = ResultOf<'print.jobs'>[number];
export type Printer = ResultOf<'printers.list'>[number];

interface PrintState {
  jobs: PrintJob[];
  printers: Printer[];
  printersError?: string;
}

const initial = (): PrintState => ({ jobs: [], printers: [], printersError: undefined });

export const usePrintStore = create<PrintState>()(() => initial());

export function resetPrintStore(): void {
  usePrintStore.setState(initial());
}

const newestFirst = (a: PrintJob, b: PrintJob) => b.createdAt.localeCompare(a.createdAt);

function upsert(job: PrintJob): void {
  const others = usePrintStore.getState().jobs.filter((j) => j.id !== job.id);
  usePrintStore.setState({ jobs: [job, ...others].sort(newestFirst) });
}

export function followPrint(api: StationApi): () => void {
  let printersAgain: ReturnType<typeof setTimeout> | undefined;
  const off = api.subscribe('print.job', (job) => {
    const before = usePrintStore.getState().jobs.find((j) => j.id === job.id);
    upsert(job);
    // A job that moves on tells that its printer did too (started again, paper loaded): the
    // printers' states are read again then, not half a minute later.
    if (before?.status !== job.status) {
      clearTimeout(printersAgain);
      printersAgain = setTimeout(() => void loadPrinters(api), 300);
    }
    if (job.status === 'failed' && before?.status !== 'failed') {
      say('error', tr('print.say.failed', { title: jobTitleWords(job.title, job.titleSentence), printer: job.printer, reason: job.message ?? '' }));
      playSound('failure');
    }
  });
  void loadPrint(api);
  return () => {
    clearTimeout(printersAgain);
    off();
  };
}

async function loadPrinters(api: StationApi): Promise<void> {
  try {
    usePrintStore.setState({ printers: await api.invoke('printers.list', {}), printersError: undefined });
  } catch (e) {
    usePrintStore.setState({ printersError: tr('print.say.noPrinterList', { reason: errorWords(e) }) });
  }
}

export async function loadPrint(api: StationApi): Promise<void> {
  const [jobs, printers] = await Promise.allSettled([api.invoke('print.jobs', {}), api.invoke('printers.list', {})]);
  if (jobs.status === 'fulfilled') {
    // Events that came while the list was on its way are newer than the list.
    const live = new Map(usePrintStore.getState().jobs.map((j) => [j.id, j]));
    usePrintStore.setState({ jobs: jobs.value.map((j) => live.get(j.id) ?? j).concat([...live.values()].filter((j) => !jobs.value.some((k) => k.id === j.id))).sort(newestFirst) });
  } else say('error', tr('print.say.noJobs', { reason: errorWords(jobs.reason) }));
  if (printers.status === 'fulfilled') usePrintStore.setState({ printers: printers.value, printersError: undefined });
  else usePrintStore.setState({ printersError: tr('print.say.noPrinterList', { reason: errorWords(printers.reason) }) });
}

export async function reprint(api: StationApi, job: PrintJob): Promise<void> {
  try {
    await api.invoke('print.reprint', { jobId: job.id });
    say('ok', tr('print.say.again', { title: jobTitleWords(job.title, job.titleSentence), printer: job.printer }));
  } catch (e) {
    say('error', tr('print.say.reprintFailed', { reason: errorWords(e) }));
    playSound('failure');
  }
}

export async function reprintInvoice(api: StationApi, shipmentId: string): Promise<boolean> {
  try {
    await api.invoke('print.reprintInvoice', { shipmentId });
    say('ok', tr('print.say.invoiceAgain', { id: shipmentId }));
    return true;
  } catch (e) {
    say('error', tr('print.say.invoiceFailed', { id: shipmentId, reason: errorWords(e) }));
    playSound('failure');
    return false;
  }
}

export async function reprintLabel(api: StationApi, shipmentId: string): Promise<boolean> {
  try {
    await api.invoke('print.reprintLabel', { shipmentId });
    say('ok', tr('print.say.labelAgain', { id: shipmentId }));
    return true;
  } catch (e) {
    say('error', tr('print.say.labelFailed', { id: shipmentId, reason: errorWords(e) }));
    playSound('failure');
    return false;
  }
}
