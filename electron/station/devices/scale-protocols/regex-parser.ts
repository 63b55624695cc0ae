// Any scale that prints lines: the profile's regular expression with named groups `weight`
// (required), `unit` (else the profile's unit, else kg) and `stable` (S/ST/stable/1/true/Y = stable).
// Without a `stable` group, stability is N equal readings in a row.
import type { WeightUnit } from '../device-profile.js';
import { FrameSplitter } from '../frame-splitter.js';
import { parseNumber, parseUnit, toKg } from '../weight-units.js';
import { eventsOf, garbled, type ScaleEvent, type ScaleProtocolParser } from './scale-protocol.js';
import { StabilityTracker } from './stability-tracker.js';

export interface RegexParserOptions {
  regex: string;
  terminator: string;
  unit?: WeightUnit;
  stableReadings: number;
  stripPrefix?: string;
  stripSuffix?: string;
}

const STABLE_WORDS = /^(s|st|stable|1|true|y|yes)$/i;

export function createRegexScaleParser(options: RegexParserOptions): ScaleProtocolParser {
  const re = new RegExp(options.regex);
  if (!/\(\?<weight>/.test(options.regex)) throw new Error('The scale regex needs a named group "weight", e.g. (?<weight>[\\d.]+)');
  const hasStable = /\(\?<stable>/.test(options.regex);
  const splitter = new FrameSplitter({ terminator: options.terminator, stripPrefix: options.stripPrefix, stripSuffix: options.stripSuffix });
  const tracker = new StabilityTracker(options.stableReadings);
  const line = (raw: string): ScaleEvent => {
    const text = raw.trim();
    const g = re.exec(text)?.groups;
    if (!g) return garbled(raw, 'matched by the configured regex');
    const unit = g.unit !== undefined ? parseUnit(g.unit) : (options.unit ?? 'kg');
    const value = parseNumber(g.weight ?? '');
    if (!unit || Number.isNaN(value)) return garbled(raw, 'matched by the configured regex');
    const weightKg = toKg(value, unit);
    const repeated = tracker.push(weightKg);
    const stable = hasStable ? STABLE_WORDS.test((g.stable ?? '').trim()) : repeated;
    return { type: 'reading', reading: { weightKg, stable, value, unit, raw: text } };
  };
  return {
    acknowledgesCommands: false,
    push(chunk) {
      return eventsOf(splitter.push(chunk), line);
    },
    reset() {
      splitter.reset();
      tracker.reset();
    },
  };
}
