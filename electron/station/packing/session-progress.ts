// How far an open shipment is, in the packer's words: said when it is restored after a restart
// and when a put-aside shipment is reopened, so both count the same way (units, not scans: a
// serial or a measurement is a scan too, and "2 scans" for one unit misleads).
import { sentence } from '../../../shared/i18n/station-sentences.js';
import type { PackSessionState, Words } from './pack-session.js';

/** "2 of 3 units verified." and, when asked and any were taken, "2 of 3 units verified, 2 serials." */
export function unitProgressWords(state: PackSessionState, withSerials = false): Words {
  const units = state.lines.reduce((a, l) => a + l.quantity, 0);
  const verified = state.lines.reduce((a, l) => a + l.verified, 0);
  const serials = state.lines.reduce((a, l) => a + l.serials.length, 0);
  if (!withSerials || serials === 0) return [sentence('station.pack.progress', { verified, count: units })];
  return [sentence('station.pack.progressAnd', { verified, count: units }), sentence('station.pack.progressSerials', { count: serials })];
}
