// METTLER TOLEDO MT-SICS level 0: commands end with CR LF, answers are lines "<cmd> <status> ...".
// S = stable weight, SI = weight now (stable or not), T = tare, Z = zero. Status letters:
// S stable, D dynamic, I not executable now, + overload, - underload; ES/ET/EL are the
// syntax / transmission / logical errors every MT-SICS device answers.
import { FrameSplitter } from '../frame-splitter.js';
import { parseNumber, parseUnit, toKg } from '../weight-units.js';
import { OVERLOAD_MESSAGE, UNDERLOAD_MESSAGE, eventsOf, garbled, type ScaleEvent, type ScaleProtocolParser } from './scale-protocol.js';

const WEIGHT_RE = /^(S|SI|T)\s+([SD])\s+([+-]?\s*[\d.]+)\s+([A-Za-z]+)$/;

const ERRORS: Record<string, string> = {
  ES: 'The scale did not understand the command (MT-SICS syntax error ES). Check the protocol setting.',
  ET: 'The scale received a garbled command (MT-SICS transmission error ET). Check the baud rate and parity.',
  EL: 'The scale could not carry out the command (MT-SICS logical error EL).',
};

export function createSicsParser(): ScaleProtocolParser {
  const splitter = new FrameSplitter({ terminator: '\n' });
  const line = (raw: string): ScaleEvent => {
    const text = raw.replace(/\r$/, '').trim();
    const m = WEIGHT_RE.exec(text);
    if (m) {
      const unit = parseUnit(m[4]);
      const value = parseNumber(m[3]);
      if (!unit || Number.isNaN(value)) return garbled(raw, 'MT-SICS');
      if (m[1] === 'T') return { type: 'ack', command: 'tare' };
      return { type: 'reading', reading: { weightKg: toKg(value, unit), stable: m[2] === 'S', value, unit, raw: text } };
    }
    const [cmd, status] = text.split(/\s+/);
    if (ERRORS[cmd] && status === undefined) return { type: 'fault', fault: { code: cmd === 'ET' ? 'transmission-error' : 'command-not-understood', message: ERRORS[cmd], raw: text } };
    if (cmd === 'Z' && status === 'A') return { type: 'ack', command: 'zero' };
    if (cmd === 'S' || cmd === 'SI' || cmd === 'T' || cmd === 'Z') {
      const what = cmd === 'T' ? 'Tare' : cmd === 'Z' ? 'Zero' : 'Weighing';
      if (status === 'I') {
        return { type: 'fault', fault: { code: 'not-executable', message: `${what} is not possible right now (the scale is busy or unsettled). Try again.`, raw: text } };
      }
      if (status === '+') {
        const message = cmd === 'S' || cmd === 'SI' ? OVERLOAD_MESSAGE : `${what} refused: the load is above the ${what.toLowerCase()} range.`;
        return { type: 'fault', fault: { code: cmd === 'Z' ? 'zero-error' : 'overload', message, raw: text } };
      }
      if (status === '-') {
        const message = cmd === 'S' || cmd === 'SI' ? UNDERLOAD_MESSAGE : `${what} refused: the load is below the ${what.toLowerCase()} range.`;
        return { type: 'fault', fault: { code: cmd === 'Z' ? 'zero-error' : 'underload', message, raw: text } };
      }
    }
    return garbled(raw, 'MT-SICS');
  };
  return {
    pollCommand: Buffer.from('SI\r\n'),
    tareCommand: Buffer.from('T\r\n'),
    zeroCommand: Buffer.from('Z\r\n'),
    acknowledgesCommands: true,
    push(chunk) {
      return eventsOf(splitter.push(chunk), line);
    },
    reset: () => splitter.reset(),
  };
}
