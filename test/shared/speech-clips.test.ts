// The spoken-word clips shipped with the app: every word of shared/speech.ts for English and
// Hindi, each a small mono Ogg Opus file that ffprobe reads and ffmpeg decodes from start to end,
// with speech in it (not silence), and about as long as a short word.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clipFileName, SPOKEN_WORDS } from '../../shared/speech.js';
import { requireTool } from '../support/system-tools.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SPEECH = join(ROOT, 'resources', 'speech');
/** A clip worth shipping: a few kilobytes. */
const MAX_CLIP_BYTES = 8_000;

describe.runIf(requireTool('ffprobe') && requireTool('ffmpeg'))('spoken-word clips', () => {
  it('English and Hindi have a clip for every word, and every language with clips has them all', () => {
    const languages = readdirSync(SPEECH).filter((d) => statSync(join(SPEECH, d)).isDirectory());
    expect(languages).toEqual(expect.arrayContaining(['en', 'hi']));
    for (const language of languages) for (const word of SPOKEN_WORDS) expect(existsSync(join(SPEECH, language, clipFileName(word))), `${language}/${word}`).toBe(true);
  });

  it.each(['en', 'hi'].flatMap((language) => SPOKEN_WORDS.map((word) => [language, word] as const)))('%s/%s plays: mono Opus in Ogg, a short word, not silence', (language, word) => {
    const file = join(SPEECH, language, clipFileName(word));
    expect(statSync(file).size).toBeLessThan(MAX_CLIP_BYTES);
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,channels:format=format_name,duration', '-of', 'json', file], { encoding: 'utf8' })) as {
      streams: { codec_name: string; channels: number }[];
      format: { format_name: string; duration: string };
    };
    expect(probe.streams).toEqual([{ codec_name: 'opus', channels: 1 }]);
    expect(probe.format.format_name).toBe('ogg');
    const seconds = Number(probe.format.duration);
    expect(seconds).toBeGreaterThan(0.4);
    expect(seconds).toBeLessThan(3);
    // Decoded whole (any damage is an error), and loud enough to be speech.
    const decoded = spawnSync('ffmpeg', ['-v', 'info', '-nostats', '-xerror', '-i', file, '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decoded.status, decoded.stderr).toBe(0);
    const mean = Number(/mean_volume: (-?[\d.]+) dB/.exec(decoded.stderr)?.[1]);
    expect(mean).toBeGreaterThan(-35);
  });
});
