// Weights arrive in whatever unit the scale displays; the app works in kilograms.
import type { WeightUnit } from './device-profile.js';

const KG_PER: Record<WeightUnit, number> = { g: 0.001, kg: 1, lb: 0.45359237, oz: 0.028349523125 };

/** Reads a unit as scales print it ("kg", "KG", "lbs", "Kg", "g "). Undefined when unknown. */
export function parseUnit(text: string): WeightUnit | undefined {
  const u = text.trim().toLowerCase();
  if (u === 'kg') return 'kg';
  if (u === 'g') return 'g';
  if (u === 'lb' || u === 'lbs') return 'lb';
  if (u === 'oz') return 'oz';
  return undefined;
}

/** Converts to kg, rounded to the gram's thousandth so 1.25 lb prints as 0.566990 kg, not float dust. */
export function toKg(value: number, unit: WeightUnit): number {
  return Math.round(value * KG_PER[unit] * 1e6) / 1e6;
}

/** Parses "+0001.250", "  -1.2", "1,250" (decimal comma). NaN when it is not a number. */
export function parseNumber(text: string): number {
  const t = text.replace(/\s+/g, '').replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return Number.NaN;
  return Number(t);
}
