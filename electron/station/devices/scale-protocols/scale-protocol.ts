// The shape every scale protocol parser has: bytes in, events out, no I/O and no timers, so each
// protocol is tested on recorded frames and the Scale service drives any of them the same way.
import type { WeightUnit } from '../device-profile.js';

export interface ScaleReading {
  weightKg: number;
  /** The scale's own stability flag where the protocol has one; else N equal readings in a row. */
  stable: boolean;
  /** Gross or net (after tare) where the protocol says. */
  mode?: 'gross' | 'net';
  /** The value and unit as the scale sent them. */
  value: number;
  unit: WeightUnit;
  /** The frame, for logs and the settings screen's "what the scale sends" view. */
  raw: string;
}

export type ScaleFaultCode =
  | 'overload'
  | 'underload'
  | 'in-motion'
  | 'not-executable'
  | 'zero-error'
  | 'command-not-understood'
  | 'transmission-error'
  | 'device-error'
  | 'not-ready'
  | 'garbled';

export interface ScaleFault {
  code: ScaleFaultCode;
  /** A sentence a packer can act on. */
  message: string;
  raw: string;
}

export type ScaleEvent =
  | { type: 'reading'; reading: ScaleReading }
  | { type: 'fault'; fault: ScaleFault }
  /** The scale confirmed a tare or zero (protocols with acknowledgements only). */
  | { type: 'ack'; command: 'tare' | 'zero' }
  /** A handshake answer the protocol requires (CAS: ACK from the scale is followed by DC1). */
  | { type: 'send'; bytes: Buffer }
  /** Bytes thrown away while looking for a frame (noise, or the wrong protocol). */
  | { type: 'dropped'; bytes: number };

export interface ScaleProtocolParser {
  push(chunk: Uint8Array): ScaleEvent[];
  /** Forget partial frames and handshake state (after a reconnect). */
  reset(): void;
  /** What asks the scale for one weight; undefined when the scale streams by itself. */
  readonly pollCommand?: Buffer;
  readonly tareCommand?: Buffer;
  readonly zeroCommand?: Buffer;
  /** Whether tare/zero are confirmed by an 'ack' event (else done once written). */
  readonly acknowledgesCommands: boolean;
}

/** Frames are mostly ASCII; latin1 keeps every byte as one character for status-byte protocols. */
export function frameText(frame: Buffer): string {
  return frame.toString('latin1');
}

/**
 * The events of one chunk from the line: a 'dropped' event for noise the framer had to throw
 * away, then the parse of every non-blank frame. Every parser reads its frames this way.
 */
export function eventsOf(split: { frames: Buffer[]; droppedBytes: number }, parse: (text: string) => ScaleEvent | ScaleEvent[]): ScaleEvent[] {
  const events: ScaleEvent[] = [];
  if (split.droppedBytes > 0) events.push({ type: 'dropped', bytes: split.droppedBytes });
  for (const f of split.frames) {
    const text = frameText(f);
    if (text.trim() !== '') events.push(...[parse(text)].flat());
  }
  return events;
}

/** A printable version of a frame for messages and logs: control bytes as <XX>. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u00ff]/g, (c) => `<${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}>`);
}

export function garbled(raw: string, protocol: string): ScaleEvent {
  return {
    type: 'fault',
    fault: { code: 'garbled', message: `The scale sent something that is not ${protocol}: "${printable(raw).slice(0, 60)}". Check the protocol and baud rate.`, raw },
  };
}

export const OVERLOAD_MESSAGE = 'Overload: the load is above the scale’s capacity. Take it off the scale.';
export const UNDERLOAD_MESSAGE = 'Underload: the scale reads below zero. Check the weighing pan, then zero the scale.';
