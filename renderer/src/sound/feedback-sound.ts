// Scan feedback a packer hears without looking: a short high beep for success, a low double
// buzz for failure. Tones are made with Web Audio, so there are no sound files to ship or load,
// and they follow settings.sounds (on/off, volume).
import { useAppStore } from '../stores/app-store.js';

export type SoundKind = 'success' | 'failure';

/** Where sounds go; tests replace it to hear what the app would play. */
export type SoundOutput = (kind: SoundKind, volume: number) => void;

let context: AudioContext | undefined;

function tone(ctx: AudioContext, frequency: number, startAt: number, duration: number, volume: number, wave: OscillatorType): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.value = frequency;
  // A quick fade in and out: a hard start or stop clicks in the speaker.
  gain.gain.setValueAtTime(0, startAt);
  gain.gain.linearRampToValueAtTime(volume, startAt + 0.01);
  gain.gain.linearRampToValueAtTime(0, startAt + duration);
  osc.connect(gain).connect(ctx.destination);
  osc.start(startAt);
  osc.stop(startAt + duration + 0.02);
}

const webAudio: SoundOutput = (kind, volume) => {
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return;
  context ??= new Ctor();
  if (context.state === 'suspended') void context.resume();
  const t = context.currentTime;
  if (kind === 'success') {
    tone(context, 1320, t, 0.12, volume * 0.6, 'sine');
  } else {
    tone(context, 220, t, 0.18, volume, 'square');
    tone(context, 180, t + 0.24, 0.3, volume, 'square');
  }
};

let output: SoundOutput = webAudio;

export function setSoundOutput(next: SoundOutput | undefined): void {
  output = next ?? webAudio;
}

/** Plays a feedback sound unless the settings turned sounds off. */
export function playSound(kind: SoundKind | 'none'): void {
  if (kind === 'none') return;
  const { enabled, volume } = useAppStore.getState().settings.sounds;
  if (!enabled || volume <= 0) return;
  try {
    output(kind, volume);
  } catch {
    // No audio device: the words on screen still say what happened.
  }
}
