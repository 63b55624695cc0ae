// The frames real scales send, built from a weight: what the simulators write and what the
// parsers are tested against. Formats are documented next to each parser in ../scale-protocols.
import type { WeightUnit } from '../device-profile.js';
import { casChecksum } from '../scale-protocols/cas-parser.js';

const PER_KG: Record<WeightUnit, number> = { g: 1000, kg: 1, lb: 1 / 0.45359237, oz: 1 / 0.028349523125 };
const DECIMALS: Record<WeightUnit, number> = { g: 0, kg: 3, lb: 2, oz: 1 };

export interface FrameInput {
  kg: number;
  stable: boolean;
  unit: WeightUnit;
  net?: boolean;
}

/** The kg weight in the display unit, rounded as the display shows it. */
export function displayValue(kg: number, unit: WeightUnit): string {
  return (kg * PER_KG[unit]).toFixed(DECIMALS[unit]);
}

/** MT-SICS answers S and SI alike: "S S" stable, "S D" dynamic. */
export function sicsFrame(f: FrameInput): string {
  return `S ${f.stable ? 'S' : 'D'} ${displayValue(f.kg, f.unit).padStart(10)} ${f.unit}\r\n`;
}

export function continuousFrame(f: FrameInput): string {
  const v = displayValue(Math.abs(f.kg), f.unit).padStart(8, '0');
  return `${f.stable ? 'ST' : 'US'},${f.net ? 'NT' : 'GS'},${f.kg < 0 ? '-' : '+'}${v}${f.unit}\r\n`;
}

/** NCI status bytes for a weight answer: motion bit, at-zero bit; net uses a third byte. */
export function nciStatus(f: { stable: boolean; atZero?: boolean; over?: boolean; under?: boolean; net?: boolean }): string {
  const b1 = 0x30 | (f.stable ? 0 : 0x01) | (f.atZero ? 0x02 : 0);
  const b2 = 0x30 | (f.under ? 0x01 : 0) | (f.over ? 0x02 : 0) | (f.net ? 0x40 : 0);
  return String.fromCharCode(b1, b2) + (f.net ? String.fromCharCode(0x34) : '');
}

export function nciWeightFrame(f: FrameInput & { over?: boolean; under?: boolean }): string {
  const field = f.over ? '^^^^^^^' : f.under ? '_______' : displayValue(f.kg, f.unit).padStart(7, '0');
  return `\n${field}${f.unit}\r\nS${nciStatus({ ...f, atZero: Math.abs(f.kg) < 1e-9 })}\r\u0003`;
}

export function nciStatusFrame(stable = true): string {
  return `\nS${nciStatus({ stable })}\r\u0003`;
}

export function casFrame(f: FrameInput & { overflow?: boolean }): Buffer {
  const magnitude = displayValue(Math.abs(f.kg), f.unit);
  // Six characters including the decimal point, e.g. "01.250" or " 1.250".
  const w = magnitude.length > 6 ? magnitude.slice(0, 6) : magnitude.padStart(6, ' ');
  const unit = f.unit === 'lb' ? 'lb' : f.unit === 'g' ? ' g' : f.unit === 'oz' ? 'oz' : 'kg';
  const data = Buffer.from(`${f.stable ? 'S' : 'U'}${f.overflow ? 'F' : f.kg < 0 ? '-' : ' '}${w}${unit}`, 'latin1');
  return Buffer.concat([Buffer.from([0x01, 0x02]), data, Buffer.from([casChecksum(data), 0x03, 0x04])]);
}

/** Toledo 8217 answer to W: the weight when stable and in range, else '?' and the status byte. */
export function toledoFrame(f: FrameInput & { over?: boolean; under?: boolean }): string {
  const zero = Math.abs(f.kg) < 1e-9;
  if (f.over || f.under || !f.stable || zero) {
    const status = 0x40 | (f.stable ? 0 : 0x01) | (f.over ? 0x02 : 0) | (f.under ? 0x04 : 0) | (zero && f.stable ? 0x10 : 0);
    return `\u0002?${String.fromCharCode(status)}\r`;
  }
  return `\u0002${displayValue(f.kg, f.unit).padStart(6, '0')}\r`;
}

/** The line the regex simulator streams, and a regex that reads it. */
export function regexFrame(f: FrameInput): string {
  return `W=${displayValue(f.kg, f.unit)}${f.unit} ${f.stable ? 'ST' : 'US'}\r\n`;
}
export const REGEX_SIMULATOR_PATTERN = '^W=(?<weight>[+-]?[\\d.]+)(?<unit>kg|g|lb|oz) (?<stable>ST|US)$';

export interface CubiscanInput {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  kg: number;
  /** 'M' metric (cm, kg) or 'E' English (in, lb). */
  units?: 'M' | 'E';
}

export function cubiscanFrame(d: CubiscanInput): string {
  const e = d.units === 'E';
  const dim = (cm: number) => (e ? cm / 2.54 : cm).toFixed(1).padStart(5, '0');
  const wt = (e ? d.kg / 0.45359237 : d.kg).toFixed(2).padStart(6, '0');
  const u = e ? 'E' : 'M';
  return `\u0002MAC000001,L${dim(d.lengthCm)},W${dim(d.widthCm)},H${dim(d.heightCm)},${u},K${wt},D000.00,${u},F0000,D\u0003\r\n`;
}
