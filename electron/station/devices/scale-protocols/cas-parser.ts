// CAS ENQ/DC1 protocol (the "ECR" protocol of CAS PD-II / AP / ER style scales).
// Host sends ENQ (05); a ready scale answers ACK (06), NAK (15) when not ready. Host sends DC1 (11);
// the scale answers one fixed 15-byte frame:
//   SOH STX STA SIGN W W . W W W U U BCC ETX EOT
//   STA 'S' stable / 'U' unstable; SIGN ' ' or '-', 'F' overflow; six weight characters with
//   the decimal point; two unit characters ("kg", "lb"); BCC = XOR of STA..unit bytes.
// It has no remote tare or zero.
import { parseNumber, parseUnit, toKg } from '../weight-units.js';
import { OVERLOAD_MESSAGE, frameText, garbled, type ScaleEvent, type ScaleProtocolParser } from './scale-protocol.js';

export const ENQ = 0x05;
export const ACK = 0x06;
export const NAK = 0x15;
export const DC1 = 0x11;
export const SOH = 0x01;
export const STX = 0x02;
export const ETX = 0x03;
export const EOT = 0x04;
export const CAS_FRAME_LENGTH = 15;

export function casChecksum(data: Uint8Array): number {
  let x = 0;
  for (const b of data) x ^= b;
  return x;
}

export function createCasParser(): ScaleProtocolParser {
  let pending = Buffer.alloc(0);
  const decode = (frame: Buffer): ScaleEvent => {
    const raw = frameText(frame);
    const data = frame.subarray(2, 12);
    if (casChecksum(data) !== frame[12]) {
      return { type: 'fault', fault: { code: 'transmission-error', message: 'A weight frame from the scale had a wrong checksum (check the cable and baud rate).', raw } };
    }
    const text = frameText(data);
    const sta = text[0];
    const sign = text[1];
    if (sign === 'F') return { type: 'fault', fault: { code: 'overload', message: OVERLOAD_MESSAGE, raw } };
    const unit = parseUnit(text.slice(8, 10));
    const magnitude = parseNumber(text.slice(2, 8));
    if ((sta !== 'S' && sta !== 'U') || (sign !== ' ' && sign !== '-') || !unit || Number.isNaN(magnitude)) return garbled(raw, 'CAS');
    const value = sign === '-' ? -magnitude : magnitude;
    return { type: 'reading', reading: { weightKg: toKg(value, unit), stable: sta === 'S', value, unit, raw } };
  };
  return {
    pollCommand: Buffer.from([ENQ]),
    acknowledgesCommands: false,
    push(chunk) {
      const events: ScaleEvent[] = [];
      let buf = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
      let skipped = 0;
      while (buf.length > 0) {
        const b = buf[0];
        if (b === ACK) {
          events.push({ type: 'send', bytes: Buffer.from([DC1]) });
          buf = buf.subarray(1);
        } else if (b === NAK) {
          events.push({ type: 'fault', fault: { code: 'not-ready', message: 'The scale is not ready to send a weight (it answered NAK).', raw: '<15>' } });
          buf = buf.subarray(1);
        } else if (b === SOH) {
          if (buf.length < CAS_FRAME_LENGTH) break;
          const frame = buf.subarray(0, CAS_FRAME_LENGTH);
          if (frame[1] === STX && frame[13] === ETX && frame[14] === EOT) {
            events.push(decode(frame));
            buf = buf.subarray(CAS_FRAME_LENGTH);
          } else {
            // Not a frame after all: resynchronise on the next SOH.
            skipped++;
            buf = buf.subarray(1);
          }
        } else {
          skipped++;
          buf = buf.subarray(1);
        }
      }
      if (skipped > 0) events.push({ type: 'dropped', bytes: skipped });
      pending = Buffer.from(buf);
      return events;
    },
    reset() {
      pending = Buffer.alloc(0);
    },
  };
}
