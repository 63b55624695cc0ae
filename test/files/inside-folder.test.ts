// The one check every file the station names from input goes through, on real folders and real
// symbolic links: ".." and absolute names, NUL bytes, a link that leads out (to a folder, to a
// file, or to nowhere yet) are refused in words; a data folder reached through a link is fine.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { idForFileName, insideFolder, MAX_ID_IN_FILE_NAME } from '../../electron/files/inside-folder.js';

const root = mkdtempSync(join(tmpdir(), 'inside-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = join(root, 'data');
const outside = join(root, 'outside');
mkdirSync(folder);
mkdirSync(outside);

const REFUSAL = /did not write .*leads outside its folder .*check the id/;

describe('insideFolder', () => {
  it('gives the joined path of a plain name, also in a sub-folder that does not exist yet', () => {
    expect(insideFolder(folder, 'SH1.webm')).toBe(join(folder, 'SH1.webm'));
    expect(insideFolder(folder, 'clip-1', 'SH1.pdf')).toBe(join(folder, 'clip-1', 'SH1.pdf'));
    expect(insideFolder(join(folder, 'not-yet'), 'a.json')).toBe(join(folder, 'not-yet', 'a.json'));
  });

  it('refuses ".." anywhere, absolute names and the folder itself', () => {
    expect(() => insideFolder(folder, '../../../../tmp/x/PWNED.webm')).toThrow(REFUSAL);
    expect(() => insideFolder(folder, 'a', '..', '..', 'b')).toThrow(REFUSAL);
    expect(() => insideFolder(folder, 'a\\..\\..\\b')).toThrow(REFUSAL);
    expect(() => insideFolder(folder, '/etc/passwd')).toThrow(REFUSAL);
    expect(() => insideFolder(folder, 'C:\\Windows\\x')).toThrow(REFUSAL);
    expect(() => insideFolder(folder, '')).toThrow(REFUSAL);
    expect(() => insideFolder(folder, '.')).toThrow(REFUSAL);
  });

  it('refuses a NUL byte, saying where it was', () => {
    expect(() => insideFolder(folder, 'SH1\0.webm')).toThrow(/"SH1\\0\.webm"/);
  });

  it('refuses a link inside the folder that leads out: to a folder, to a file, to nothing yet', () => {
    symlinkSync(outside, join(folder, 'to-outside'));
    expect(() => insideFolder(folder, 'to-outside', 'PWNED.webm')).toThrow(REFUSAL);
    writeFileSync(join(outside, 'secret.txt'), 'x');
    symlinkSync(join(outside, 'secret.txt'), join(folder, 'to-file.pdf'));
    expect(() => insideFolder(folder, 'to-file.pdf')).toThrow(REFUSAL);
    symlinkSync(join(outside, 'later.pdf'), join(folder, 'dangling.pdf'));
    expect(() => insideFolder(folder, 'dangling.pdf')).toThrow(REFUSAL);
  });

  it('accepts a link that stays inside, and a folder that is itself reached through a link', () => {
    mkdirSync(join(folder, 'real'));
    symlinkSync(join(folder, 'real'), join(folder, 'alias'));
    expect(insideFolder(folder, 'alias', 'a.json')).toBe(join(folder, 'alias', 'a.json'));
    symlinkSync(folder, join(root, 'data-link'));
    expect(insideFolder(join(root, 'data-link'), 'a.json')).toBe(join(root, 'data-link', 'a.json'));
  });
});

describe('idForFileName', () => {
  it('keeps letters, digits, "_" and "-", turns the rest into "_" and cuts a long id', () => {
    expect(idForFileName('SH00000000000012')).toBe('SH00000000000012');
    expect(idForFileName('../../../../tmp/x/PWNED')).toBe('____________tmp_x_PWNED');
    expect(idForFileName('a\0b c.d')).toBe('a_b_c_d');
    expect(idForFileName('x'.repeat(300))).toHaveLength(MAX_ID_IN_FILE_NAME);
    expect(idForFileName('')).toBe('unnamed');
  });
});
