// The Queue as a list to save or print: its filters and each row in the words the screen uses.
import type { QueueFilter, QueueRow } from '../../../../shared/contract/queue.js';
import { dispatchCountdown, shortDateTime } from './countdown.js';
import { CANCELLATION_WORDS, SEARCH_TYPE_WORDS, SHIPMENT_TYPE_WORDS, stateWords } from './state-words.js';

export function queueFilterWords(f: QueueFilter): string {
  const parts: string[] = [SEARCH_TYPE_WORDS[f.type ?? 'preDispatch']];
  if (f.states?.length) parts.push(`states: ${f.states.map(stateWords).join(', ')}`);
  if (f.hold !== undefined) parts.push(f.hold ? 'on hold' : 'not on hold');
  if (f.shipmentTypes?.length) parts.push(f.shipmentTypes.map((t) => SHIPMENT_TYPE_WORDS[t]).join(', '));
  if (f.cancellationType) parts.push(CANCELLATION_WORDS[f.cancellationType]);
  if (f.sku) parts.push(`SKU ${f.sku}`);
  if (f.search) parts.push(`search: ${f.search}`);
  if (f.dispatchByTo) parts.push(`dispatch by ${shortDateTime(f.dispatchByTo)}`);
  return parts.join('; ');
}

export function queueRowWords(r: QueueRow, now: number): string[] {
  const notes = [r.hold ? 'On hold' : '', Date.parse(r.dispatchAfterDate) > now ? `Not before ${shortDateTime(r.dispatchAfterDate)}` : '', r.mps ? 'Several packages' : ''].filter(Boolean);
  return [r.shipmentId, shortDateTime(r.dispatchByDate), dispatchCountdown(r.dispatchByDate, now).text, stateWords(r.status), String(r.units), r.titles.join('; ') || r.skus.join('; '), r.orderIds.join(', '), notes.join('; ')];
}
