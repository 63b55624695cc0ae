// A date and time in IST said as a keyed sentence ("24 Nov 2026, 10:42"), its month a word of the
// catalogue: the station's English keeps its usual form, and a desk in Hindi reads no English
// month inside a sentence that names when something happened.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import { istParts } from './ist-dates.js';

const MONTHS = [
  keyed('station.date.month.jan'),
  keyed('station.date.month.feb'),
  keyed('station.date.month.mar'),
  keyed('station.date.month.apr'),
  keyed('station.date.month.may'),
  keyed('station.date.month.jun'),
  keyed('station.date.month.jul'),
  keyed('station.date.month.aug'),
  keyed('station.date.month.sep'),
  keyed('station.date.month.oct'),
  keyed('station.date.month.nov'),
  keyed('station.date.month.dec'),
];

const pad = (n: number): string => String(n).padStart(2, '0');

/** "24 Nov 2026, 10:42" in IST (the word IST is the sentence's own), its month a catalogue word. */
export function istWhenSentence(at: Date): KeyedSentence {
  const p = istParts(at);
  return keyed('station.date.when', { day: p.day, year: p.year, time: `${pad(p.hour)}:${pad(p.minute)}` }, { month: MONTHS[p.month - 1] });
}
