// The Queue as a list to save or print: its filters and each row in the words the screen uses,
// in the desk's language.
import type { QueueFilter, QueueRow } from '../../../../shared/contract/queue.js';
import { tr } from '../../i18n/i18n.js';
import { dispatchCountdown, shortDateTime } from './countdown.js';
import { CANCELLATION_WORDS, SEARCH_TYPE_WORDS, SHIPMENT_TYPE_WORDS, stateWords } from './state-words.js';

export function queueFilterWords(f: QueueFilter): string {
  const parts: string[] = [tr(SEARCH_TYPE_WORDS[f.type ?? 'preDispatch'])];
  if (f.states?.length) parts.push(tr('queue.export.states', { states: f.states.map(stateWords).join(', ') }));
  if (f.hold !== undefined) parts.push(f.hold ? tr('queue.held') : tr('queue.notHeld'));
  if (f.shipmentTypes?.length) parts.push(f.shipmentTypes.map((t) => tr(SHIPMENT_TYPE_WORDS[t])).join(', '));
  if (f.cancellationType) parts.push(tr(CANCELLATION_WORDS[f.cancellationType]));
  if (f.sku) parts.push(tr('queue.export.sku', { sku: f.sku }));
  if (f.search) parts.push(tr('queue.export.search', { text: f.search }));
  if (f.dispatchByTo) parts.push(tr('queue.export.dispatchBy', { at: shortDateTime(f.dispatchByTo) }));
  return parts.join('; ');
}

/** The line under the list's title: its filters, how many, and when the list was read. */
export function queueSubtitle(f: QueueFilter, count: number, fetchedAt: string | undefined): string {
  return tr('queue.export.subtitle', { filters: queueFilterWords(f), count, at: fetchedAt ? shortDateTime(fetchedAt) : '' });
}

export function queueColumns(): string[] {
  return [
    tr('queue.export.col.shipment'),
    tr('queue.export.col.dispatchBy'),
    tr('queue.export.col.due'),
    tr('queue.export.col.state'),
    tr('queue.export.col.units'),
    tr('queue.export.col.what'),
    tr('queue.export.col.orders'),
    tr('queue.export.col.notes'),
  ];
}

export function queueRowWords(r: QueueRow, now: number): string[] {
  const notes = [r.hold ? tr('queue.held') : '', Date.parse(r.dispatchAfterDate) > now ? tr('queue.notBefore', { at: shortDateTime(r.dispatchAfterDate) }) : '', r.mps ? tr('queue.severalPackages') : ''].filter(Boolean);
  return [r.shipmentId, shortDateTime(r.dispatchByDate), dispatchCountdown(r.dispatchByDate, now).text, stateWords(r.status), String(r.units), r.titles.join('; ') || r.skus.join('; '), r.orderIds.join(', '), notes.join('; ')];
}
