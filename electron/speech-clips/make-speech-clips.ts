// Makes the spoken-word clips the app ships: for every catalogue in shared/i18n/locales with a
// voice below, each word of its "speech" section is synthesised with espeak-ng and encoded with
// ffmpeg as a small mono Ogg Opus file in resources/speech/<language>/<word>.ogg. Run it after
// changing those words or adding a language:
//
//   apt-get install -y espeak-ng ffmpeg
//   npm run speech-clips
//
// The clips are committed; building or running the app never needs the synthesiser.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { clipFileName, SPOKEN_WORDS } from '../../shared/speech.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const LOCALES = join(ROOT, 'shared', 'i18n', 'locales');
const OUT = join(ROOT, 'resources', 'speech');

/** espeak-ng's voice for each catalogue (`espeak-ng --voices` lists them). */
const VOICES: Record<string, string> = { en: 'en-gb', hi: 'hi' };
/** Words per minute: a little slower than espeak's 175, for a noisy floor. */
const SPEED = 150;
/** Opus at 24 kbit/s mono is clear speech in a few kilobytes. */
const BITRATE = '24k';

const work = mkdtempSync(join(tmpdir(), 'speech-clips-'));
try {
  for (const file of readdirSync(LOCALES).filter((f) => f.endsWith('.json'))) {
    const language = basename(file, '.json');
    const voice = VOICES[language];
    const speech = (JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as { speech?: Record<string, string> }).speech ?? {};
    if (!voice) {
      process.stdout.write(`${language}: no voice listed in VOICES; its desks speak English.\n`);
      continue;
    }
    mkdirSync(join(OUT, language), { recursive: true });
    for (const word of SPOKEN_WORDS) {
      const text = speech[word];
      if (!text) throw new Error(`${file} has no speech.${word}.`);
      const wav = join(work, `${language}-${word}.wav`);
      const ogg = join(OUT, language, clipFileName(word));
      execFileSync('espeak-ng', ['-v', voice, '-s', String(SPEED), '-w', wav, text]);
      // bitexact and no metadata: the same words give the same file, so a re-run changes nothing in git.
      execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-ac', '1', '-c:a', 'libopus', '-b:a', BITRATE, '-application', 'voip', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', ogg]);
      process.stdout.write(`${language}/${clipFileName(word)}: "${text}", ${statSync(ogg).size} bytes\n`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
