// Dimensioner answers, one frame at a time.
//
// CubiScan (Quantronix 25/110/125/325 command set), Measure command STX 'M' ETX CR LF. Answer:
//   STX M A <C|H> <6-char location id> ,L<lll.l> ,W<www.w> ,H<hhh.h> ,<E|M> ,K<wwww.ww> ,D<ddd.dd> ,<E|M>
//   [,F<ffff> ,<D|I>] ETX CR LF
// The first E/M is the dimension unit (E inches, M centimetres), the second the weight unit
// (E pounds, M kilograms). A refused measurement is STX M N ETX (or STX ? N ETX for an unknown
// command). Frames are cut at ETX; the CR LF after it is skipped at the start of the next frame.
//
// Regex: named groups length, width, height, weight and optional unit (cm/mm/in) and weightUnit.
import type { KeyedSentence } from '../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import type { WeightUnit } from './device-profile.js';
import { parseNumber, parseUnit, toKg } from './weight-units.js';

export interface DimensionReading {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** Undefined when the dimensioner has no scale (or sent no weight). */
  weightKg?: number;
  raw: string;
}

export type DimensionerEvent = { type: 'measurement'; reading: DimensionReading } | { type: 'fault'; message: string; sentence: KeyedSentence; raw: string };

/** A fault said as a catalogue key (the desk's language) with its English (logs). */
const fault = (sentence: KeyedSentence, raw: string): DimensionerEvent => ({ type: 'fault', message: englishSentence(sentence), sentence, raw });

const CM_PER = { cm: 1, mm: 0.1, in: 2.54 } as const;
const round = (n: number) => Math.round(n * 100) / 100;

// eslint-disable-next-line no-control-regex
const CUBISCAN_RE = /^\x02?MA[CH].{6},L\s*([\d.]+),W\s*([\d.]+),H\s*([\d.]+),([EM]),K\s*([\d.]+),D\s*([\d.]+),([EM])(?:,.*)?$/s;

export function parseCubiscanFrame(frame: string): DimensionerEvent | undefined {
  // eslint-disable-next-line no-control-regex
  const text = frame.replace(/^[\r\n\x00]+/, '').replace(/\x03$/, '');
  if (text.trim() === '') return undefined;
  // eslint-disable-next-line no-control-regex
  if (/^\x02?[M?]N$/.test(text)) {
    return fault(keyed('devices.fault.dim.refused'), text);
  }
  const m = CUBISCAN_RE.exec(text);
  if (!m) return fault(keyed('devices.fault.dim.notCubiscan'), text);
  const dimFactor = m[4] === 'E' ? CM_PER.in : 1;
  const weightUnit: WeightUnit = m[7] === 'E' ? 'lb' : 'kg';
  const [l, w, h, kg] = [m[1], m[2], m[3], m[5]].map(parseNumber);
  if ([l, w, h, kg].some(Number.isNaN)) return fault(keyed('devices.fault.dim.unreadable'), text);
  return {
    type: 'measurement',
    reading: { lengthCm: round(l * dimFactor), widthCm: round(w * dimFactor), heightCm: round(h * dimFactor), weightKg: toKg(kg, weightUnit), raw: text },
  };
}

export function createRegexDimensionParser(source: string): (frame: string) => DimensionerEvent | undefined {
  const re = new RegExp(source);
  for (const g of ['length', 'width', 'height']) {
    if (!source.includes(`(?<${g}>`)) throw new Error(`The dimensioner regex needs a named group "${g}"`);
  }
  return (frame) => {
    const text = frame.trim();
    if (text === '') return undefined;
    const g = re.exec(text)?.groups;
    if (!g) return fault(keyed('devices.fault.dim.noMatch'), text);
    const unitName = (g.unit ?? 'cm').trim().toLowerCase().replace(/^inch(es)?$/, 'in') as keyof typeof CM_PER;
    const factor = CM_PER[unitName];
    const wUnit = g.weightUnit !== undefined ? parseUnit(g.weightUnit) : 'kg';
    const [l, w, h] = [g.length, g.width, g.height].map(parseNumber);
    const weight = g.weight !== undefined ? parseNumber(g.weight) : undefined;
    if (!factor || !wUnit || [l, w, h].some(Number.isNaN) || (weight !== undefined && Number.isNaN(weight))) {
      return fault(keyed('devices.fault.dim.matchedUnreadable'), text);
    }
    return {
      type: 'measurement',
      reading: { lengthCm: round(l * factor), widthCm: round(w * factor), heightCm: round(h * factor), weightKg: weight === undefined ? undefined : toKg(weight, wUnit), raw: text },
    };
  };
}
