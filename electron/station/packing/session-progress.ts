// How far an open shipment is, in the packer's words: said when it is restored after a restart
// and when a put-aside shipment is reopened, so both count the same way (units, not scans: a
// serial or a measurement is a scan too, and "2 scans" for one unit misleads).
import type { PackSessionState } from './pack-session.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 of 3 units verified" and, when asked and any were taken, ", 2 serials". */
export function unitProgressWords(state: PackSessionState, withSerials = false): string {
  const units = state.lines.reduce((a, l) => a + l.quantity, 0);
  const verified = state.lines.reduce((a, l) => a + l.verified, 0);
  const serials = state.lines.reduce((a, l) => a + l.serials.length, 0);
  const done = `${verified} of ${plural(units, 'unit')} verified`;
  return withSerials && serials > 0 ? `${done}, ${plural(serials, 'serial')}` : done;
}
