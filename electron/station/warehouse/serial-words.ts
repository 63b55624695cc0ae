// The warehouse serial register's refusals at Pack as catalogue keys: a serial or IMEI already
// packed at another desk (where, by whom, when in IST, which shipment), one scanned twice in the
// same shipment, and what the packer does next. The date is said in parts (ist-date-words.ts),
// so a desk in Hindi reads no English month.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { keyed } from '../../../shared/i18n/station-sentences.js';
import { istWhenSentence } from '../packing/ist-date-words.js';

export interface PackedSerialPlace {
  serial: string;
  shipmentId: string;
  desk: string;
  operator?: string;
  packedAt: Date;
}

/** "Serial 356938035643809 was already packed at Desk 3 by Asha on 24 Nov 2026, 10:42 IST (shipment S1)." */
export function packedSerialSentence(p: PackedSerialPlace): KeyedSentence {
  const when = { when: istWhenSentence(p.packedAt) };
  return p.operator
    ? keyed('station.serial.packedAtBy', { serial: p.serial, desk: p.desk, operator: p.operator, shipment: p.shipmentId }, when)
    : keyed('station.serial.packedAt', { serial: p.serial, desk: p.desk, shipment: p.shipmentId }, when);
}

export const scannedTwiceSentence = (serial: string, shipmentId: string): KeyedSentence => keyed('station.serial.scannedTwice', { serial, shipment: shipmentId });

/** Said after a serial packed elsewhere is scanned. */
export const CHECK_THE_UNIT = keyed('station.serial.checkUnit');
/** Said after the register refused the pack's serials. */
export const REMOVE_THAT_SERIAL = keyed('station.serial.removeIt');
