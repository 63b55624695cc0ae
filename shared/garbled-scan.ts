// A scan that could not be read, and what to do, as a keyed sentence: the station says it at Pack
// and Dispatch, and the renderer's scan router says the same words for a garbled scan it refuses
// before the station sees it, in the desk's language.
import { MAX_SCAN_LENGTH } from './barcodes.js';
import type { KeyedSentence } from './contract/define.js';

const sentence = (key: string, params?: KeyedSentence['params']): KeyedSentence => (params ? { key, params } : { key });

/** `label`: at the Dispatch screen, where the shipment label is scanned again. */
export function garbledWords(value: string, label = false): KeyedSentence {
  const params = { length: value.length, max: MAX_SCAN_LENGTH };
  if (value === '') return label ? sentence('station.dispatch.garbledEmpty') : sentence('station.pack.garbledEmpty');
  if (value.length > MAX_SCAN_LENGTH) return label ? sentence('station.dispatch.garbledLong', params) : sentence('station.pack.garbledLong', params);
  return label ? sentence('station.dispatch.garbledUnreadable') : sentence('station.pack.garbledUnreadable');
}
