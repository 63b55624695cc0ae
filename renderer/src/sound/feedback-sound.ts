// Scan feedback a packer hears without looking: distinct cues (cues.ts) for a unit verified, a
// shipment complete, a wrong item, a serial needed and an error that needs the lead. Tones are
// made with Web Audio, so there are no sound files to ship or load, and they follow
// settings.sounds (on/off, volume).
import { useAppStore } from '../stores/app-store.js';
import { CUE_OF_KIND, CUE_TONES, KIND_OF_CUE, type Cue } from './cues.js';

export type SoundKind = 'success' | 'failure';
export type { Cue };

/** Where sounds go; tests replace it to hear what the app would play. */
export type SoundOutput = (kind: SoundKind, volume: number, cue: Cue) => void;

let context: AudioContext | undefined;

const webAudio: SoundOutput = (_kind, volume, cue) => {
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctor) return;
  context ??= new Ctor();
  if (context.state === 'suspended') void context.resume();
  const start = context.currentTime;
  for (const tone of CUE_TONES[cue]) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    const at = start + tone.at;
    osc.type = tone.wave;
    osc.frequency.value = tone.frequency;
    // A quick fade in and out: a hard start or stop clicks in the speaker.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(volume * tone.level, at + 0.01);
    gain.gain.linearRampToValueAtTime(0, at + tone.duration);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + tone.duration + 0.02);
  }
};

let output: SoundOutput = webAudio;

export function setSoundOutput(next: SoundOutput | undefined): void {
  output = next ?? webAudio;
}

/** Plays a feedback sound (a plain success or failure, or a cue) unless the settings turned sounds off. */
export function playSound(sound: SoundKind | Cue | 'none'): void {
  if (sound === 'none') return;
  const cue: Cue = sound === 'success' || sound === 'failure' ? CUE_OF_KIND[sound] : sound;
  const { enabled, volume } = useAppStore.getState().settings.sounds;
  if (!enabled || volume <= 0) return;
  try {
    output(KIND_OF_CUE[cue], volume, cue);
  } catch {
    // No audio device: the words on screen still say what happened.
  }
}
