// Scan feedback a packer hears without looking: distinct cues (cues.ts) for a unit verified, a
// shipment complete, a wrong item, a serial needed and an error that needs the lead. Tones are
// made with Web Audio, so there are no sound files to ship or load, and they follow
// settings.sounds (on/off, volume). With settings.sounds.spoken a short word in the desk's
// language follows the sound for the commonest errors (spoken-words.ts), from shipped clips.
import { i18n } from '../i18n/i18n.js';
import { useAppStore } from '../stores/app-store.js';
import { CUE_OF_KIND, CUE_TONES, cueLengthMs, KIND_OF_CUE, type Cue } from './cues.js';
import { clipFor, spokenWordOf } from './spoken-words.js';
import type { SpokenWord } from '../../../shared/speech.js';

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

/** Where spoken words go: a clip's address, the volume, and how long to wait for the sound before it. */
export type SpeechOutput = (url: string, volume: number, afterMs: number) => void;

/** A gap between the sound and the word, so the two are heard apart. */
const WORD_GAP_MS = 80;

let speaking: { audio: HTMLAudioElement; timer: ReturnType<typeof setTimeout> } | undefined;

// An audio element, not Web Audio: the policy lets media load from the app's own files (and the
// small clips Vite inlines as data: addresses), which a fetch for decoding would not.
const audioElement: SpeechOutput = (url, volume, afterMs) => {
  const Ctor = (globalThis as { Audio?: typeof Audio }).Audio;
  if (!Ctor) return;
  // A newer word replaces one not yet said: the packer hears what is true now.
  if (speaking) {
    clearTimeout(speaking.timer);
    speaking.audio.pause();
  }
  const audio = new Ctor(url);
  audio.preload = 'auto';
  audio.volume = volume;
  speaking = { audio, timer: setTimeout(() => void audio.play().catch(() => undefined), afterMs) };
};

let speech: SpeechOutput = audioElement;

export function setSpeechOutput(next: SpeechOutput | undefined): void {
  speech = next ?? audioElement;
}

/** What decides the spoken word: the keyed sentences the screen shows with the sound, or the word itself (null: none). */
export interface SpokenChoice {
  sentences?: readonly { key: string }[];
  word?: SpokenWord | null;
}

/**
 * Plays a feedback sound (a plain success or failure, or a cue) unless the settings turned sounds
 * off, and the spoken word after it when Setup asks for one. A plain failure (a printer, a
 * dispatch) says a word only when its sentence names one: its buzz is not a wrong item.
 */
export function playSound(sound: SoundKind | Cue | 'none', spoken: SpokenChoice = {}): void {
  if (sound === 'none') return;
  const cue: Cue = sound === 'success' || sound === 'failure' ? CUE_OF_KIND[sound] : sound;
  const { enabled, volume, spoken: speakWords } = useAppStore.getState().settings.sounds;
  if (!enabled || volume <= 0) return;
  try {
    output(KIND_OF_CUE[cue], volume, cue);
  } catch {
    // No audio device: the words on screen still say what happened.
  }
  if (!speakWords) return;
  const plain = sound === 'success' || sound === 'failure';
  const word = spoken.word !== undefined ? spoken.word : spokenWordOf(plain ? undefined : cue, spoken.sentences);
  const clip = word && clipFor(i18n.language, word);
  if (!clip) return;
  try {
    speech(clip.url, volume, cueLengthMs(cue) + WORD_GAP_MS);
  } catch {
    // As above: the screen says it.
  }
}
