// The queue of shipments as last pulled from the marketplace, and the filter that pulled it.
// Changes come by pull (queue.refresh on a timer and on window focus), never by polling row by row.
import { create } from 'zustand';
import type { StationApi } from '../../../shared/contract.js';
import type { QueueFilter, QueueView } from '../../../shared/contract/queue.js';
import { errorWords } from '../app/errors.js';
import { msgKey, tr } from '../i18n/i18n.js';
import { say } from './app-store.js';

interface QueueState {
  view?: QueueView;
  filter: QueueFilter;
  loading: boolean;
  error?: string;
  /** The row the keyboard is on, by shipment id (indexes move when the list changes). */
  activeId?: string;
}

const initial = (): QueueState => ({ view: undefined, filter: { type: 'preDispatch' }, loading: false, error: undefined, activeId: undefined });

export const useQueueStore = create<QueueState>()(() => initial());

export function resetQueueStore(): void {
  useQueueStore.setState(initial());
}

// Only the answer to the latest request counts: a slow answer to an old filter must not
// replace the rows of the filter the packer just chose.
let latest = 0;

/** `failed` is the catalogue key of what could not be done, with the station's reason as {{reason}}. */
async function pull(work: () => Promise<QueueView>, failed: string): Promise<void> {
  const mine = ++latest;
  useQueueStore.setState({ loading: true });
  try {
    const view = await work();
    if (mine !== latest) return;
    useQueueStore.setState({ view, loading: false, error: undefined });
  } catch (e) {
    if (mine !== latest) return;
    const words = tr(failed, { reason: errorWords(e) });
    useQueueStore.setState({ loading: false, error: words });
    say('error', words);
  }
}

export function listQueue(api: StationApi, filter: QueueFilter): Promise<void> {
  useQueueStore.setState({ filter });
  return pull(() => api.invoke('queue.list', filter), msgKey('queue.loadFailed'));
}

export function refreshQueue(api: StationApi): Promise<void> {
  return pull(() => api.invoke('queue.refresh', {}), msgKey('queue.refreshFailed'));
}

export function followQueue(api: StationApi): () => void {
  return api.subscribe('queue.changed', (view) => {
    latest++; // a pushed view is newer than any answer still on its way
    useQueueStore.setState({ view, loading: false, error: undefined });
  });
}
