// The sounds a packer tells apart without reading: a short tick for a unit verified, a rising
// chime for a shipment complete, a low double buzz for a wrong item, a two-note question for
// "serial needed" and a long alternating alarm for an error that needs the lead. Each is a few
// tones for Web Audio; nothing to ship or load.
import type { DeskView } from '../../../shared/contract/desk.js';

export type Cue = 'verified' | 'complete' | 'serialNeeded' | 'wrongItem' | 'lead';

export interface Tone {
  /** Hz */
  frequency: number;
  /** Seconds after the cue starts. */
  at: number;
  /** Seconds. */
  duration: number;
  /** Share of the volume setting. */
  level: number;
  wave: OscillatorType;
}

export const CUE_TONES: Record<Cue, readonly Tone[]> = {
  verified: [{ frequency: 1320, at: 0, duration: 0.12, level: 0.6, wave: 'sine' }],
  complete: [
    { frequency: 880, at: 0, duration: 0.12, level: 0.6, wave: 'sine' },
    { frequency: 1109, at: 0.13, duration: 0.12, level: 0.6, wave: 'sine' },
    { frequency: 1319, at: 0.26, duration: 0.28, level: 0.7, wave: 'sine' },
  ],
  serialNeeded: [
    { frequency: 660, at: 0, duration: 0.14, level: 0.7, wave: 'triangle' },
    { frequency: 990, at: 0.2, duration: 0.2, level: 0.7, wave: 'triangle' },
  ],
  wrongItem: [
    { frequency: 220, at: 0, duration: 0.18, level: 1, wave: 'square' },
    { frequency: 180, at: 0.24, duration: 0.3, level: 1, wave: 'square' },
  ],
  lead: [
    { frequency: 440, at: 0, duration: 0.25, level: 1, wave: 'sawtooth' },
    { frequency: 330, at: 0.3, duration: 0.25, level: 1, wave: 'sawtooth' },
    { frequency: 440, at: 0.6, duration: 0.25, level: 1, wave: 'sawtooth' },
    { frequency: 330, at: 0.9, duration: 0.4, level: 1, wave: 'sawtooth' },
  ],
};

/** How long a cue sounds, in milliseconds: a spoken word comes after it. */
export function cueLengthMs(cue: Cue): number {
  return Math.round(Math.max(...CUE_TONES[cue].map((t) => t.at + t.duration)) * 1000);
}

/** The old two sounds: a plain success is a verified tick, a plain failure the wrong-item buzz. */
export const CUE_OF_KIND = { success: 'verified', failure: 'wrongItem' } as const satisfies Record<string, Cue>;

/** success or failure: what the cue tells in one word (tests and screen readers group by it). */
export const KIND_OF_CUE: Record<Cue, 'success' | 'failure'> = {
  verified: 'success',
  complete: 'success',
  serialNeeded: 'success',
  wrongItem: 'failure',
  lead: 'failure',
};

function allVerified(view: DeskView): boolean {
  const lines = view.session?.lines ?? [];
  return lines.length > 0 && lines.every((l) => l.verified >= l.quantity);
}

/**
 * The cue of a desk outcome, from the view before and after: a success that finished the units
 * (or packed) is "complete", one that now waits for a serial "serial needed"; a refusal at an
 * open shipment is a wrong item; a refusal with nothing open, at the marketplace or the printer,
 * needs the lead.
 */
export function deskCue(before: DeskView | undefined, after: DeskView): Cue | 'none' {
  const { sound } = after.feedback;
  if (sound === 'none') return 'none';
  if (sound === 'failure') return after.session ? 'wrongItem' : 'lead';
  if (!after.session) return before?.session ? 'complete' : 'verified';
  if (after.session.phase === 'serial') return 'serialNeeded';
  const wasDone = before?.session?.sessionId === after.session.sessionId && allVerified(before);
  return allVerified(after) && !wasDone ? 'complete' : 'verified';
}
