// The labels' own Code 128 encoder (printable ASCII) against the independent reader in
// test/support and against bwip-js: every text reads back exactly, never in a longer symbol.
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { CODE128_QUIET_MODULES, encodeCode128 } from '../../electron/sandbox/documents/barcode.js';
import { readCode128 } from '../support/code128-reader.js';

/** The symbol drawn 3 pixels per module on a one-row image with its quiet zones. */
function imageOf(widths: number[]) {
  const px: number[] = Array(CODE128_QUIET_MODULES * 3).fill(255);
  widths.forEach((w, i) => px.push(...Array(w * 3).fill(i % 2 === 0 ? 0 : 255)));
  px.push(...Array(CODE128_QUIET_MODULES * 3).fill(255));
  return { width: px.length, height: 1, data: Uint8Array.from(px) };
}

/** Deterministic printable-ASCII strings with digit runs of every length. */
function samples(): string[] {
  const out = ['SH0000123', 'FMPC1234567890', 'TRK-2026-00001', '1234', '12345', '0', '00', '9876543210123', 'a (b) \\c ~', 'X123456Y'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let n = 0; n < 300; n++) {
    let s = '';
    const length = 1 + Math.floor(next() * 24);
    while (s.length < length) s += next() < 0.5 ? String(Math.floor(next() * 10)) : String.fromCharCode(32 + Math.floor(next() * 95));
    out.push(s);
  }
  return out;
}

describe('Code 128 of the labels (ISO/IEC 15417)', () => {
  it('reads back every printable text exactly, in no more modules than bwip-js draws', () => {
    for (const text of samples()) {
      const { widths, modules } = encodeCode128(text);
      expect(readCode128(imageOf(widths), { rowStep: 1 }), text).toEqual([text]);
      const reference = bwipjs.raw({ bcid: 'code128', text })[0] as { sbs: number[] };
      expect(modules, text).toBeLessThanOrEqual(reference.sbs.reduce((a, b) => a + b, 0));
    }
  });

  it('still encodes text beyond printable ASCII (through bwip-js)', () => {
    const { widths } = encodeCode128('A\tB');
    expect(widths.length).toBeGreaterThan(0);
  });
});
