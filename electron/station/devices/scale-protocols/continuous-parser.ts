// Continuous output, the common format of indicators that stream without being asked:
// "ST,GS,+0001.250kg" — ST stable / US unstable / OL overload, GS gross / NT net, then the weight
// and unit. CAS's 22-byte variant puts a device id and a lamp byte in a third field
// ("ST,GS,1@,  1.250 kg"); both are read. Lines end with CR LF (CR or LF alone is accepted).
import { FrameSplitter } from '../frame-splitter.js';
import { parseNumber, parseUnit, toKg } from '../weight-units.js';
import { OVERLOAD_MESSAGE, eventsOf, garbled, type ScaleEvent, type ScaleProtocolParser } from './scale-protocol.js';

const LINE_RE = /^(ST|US|OL),(GS|NT|TR|TARE)?,(?:[\s\S]{1,2},)?\s*([+-]?\s*[\d.]*)\s*([A-Za-z]*)\s*$/;

export function createContinuousParser(): ScaleProtocolParser {
  const splitter = new FrameSplitter({ terminator: '\n' });
  const line = (raw: string): ScaleEvent => {
    const text = raw.replace(/\r/g, '');
    const m = LINE_RE.exec(text);
    if (!m) return garbled(raw, 'a continuous-output weight line');
    if (m[1] === 'OL') return { type: 'fault', fault: { code: 'overload', message: OVERLOAD_MESSAGE, raw: text } };
    const unit = parseUnit(m[4]);
    const value = parseNumber(m[3]);
    if (!unit || Number.isNaN(value)) return garbled(raw, 'a continuous-output weight line');
    return {
      type: 'reading',
      reading: { weightKg: toKg(value, unit), stable: m[1] === 'ST', mode: m[2] === 'NT' ? 'net' : 'gross', value, unit, raw: text },
    };
  };
  return {
    acknowledgesCommands: false,
    push(chunk) {
      // CR-only devices exist: treat CR as a line end too.
      const normalized = Buffer.from(chunk).map((b) => (b === 0x0d ? 0x0a : b));
      return eventsOf(splitter.push(normalized), line);
    },
    reset: () => splitter.reset(),
  };
}
