// Box slips in the desk's language: what poppler reads back from the PDF (the words a courier and
// a search see), the fonts embedded for Hindi, and the box code unchanged whatever the language.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderBoxSlips } from '../../electron/station/printing/box-slips.js';
import { MEDIA } from '../../electron/station/printing/media.js';
import { requireTool } from '../support/system-tools.js';

const poppler = requireTool('pdftotext') && requireTool('pdffonts');
const dir = mkdtempSync(join(tmpdir(), 'box-slips-'));

function read(pdf: Uint8Array, name: string): { text: string; fonts: string } {
  const path = join(dir, `${name}.pdf`);
  writeFileSync(path, pdf);
  return { text: execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }), fonts: execFileSync('pdffonts', [path], { encoding: 'utf8' }) };
}

const input = {
  shipmentId: 'SHP-LANG-1',
  trackingId: 'TRK123',
  packages: [
    { title: 'Steel bottle', dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.25 },
    { title: 'Steel bottle lid', weightKg: 0.2 },
  ],
  page: MEDIA['label-4x6in'],
  packedBy: { operator: 'Asha', desk: 'Desk 1' },
};

describe.skipIf(!poppler)('box slips in the desk language', () => {
  it('prints English by default, word for word and in Helvetica as before', async () => {
    const { text, fonts } = read(await renderBoxSlips(input), 'en');
    expect(fonts).not.toContain('Noto');
    for (const words of ['Box 1 of 2', 'Box 2 of 2', 'Shipment SHP-LANG-1', 'SHP-LANG-1-1OF2', '30 x 20 x 10 cm, 1.25 kg', '0.2 kg', 'Tracking TRK123', 'Packed by Asha at Desk 1']) expect(text).toContain(words);
  });

  it('prints Hindi in Devanagari with an embedded font, and pdftotext gives the Hindi words back', async () => {
    const { text, fonts } = read(await renderBoxSlips({ ...input, language: 'hi' }), 'hi');
    for (const words of ['बॉक्स 1 / 2', 'बॉक्स 2 / 2', 'शिपमेंट SHP-LANG-1', 'SHP-LANG-1-1OF2', 'Steel bottle', '30 x 20 x 10 cm, 1.25 kg', 'ट्रैकिंग TRK123', 'Desk 1 पर Asha ने पैक किया']) expect(text).toContain(words);
    expect(text).not.toMatch(/\bBox\b|Shipment|Packed by|\?\?/);
    // Noto Sans Devanagari (regular and bold) travels inside the file, so any printer prints the
    // same letters; the 'uni' column: each maps back to Unicode. Latin stays in Helvetica.
    const embedded = fonts.split('\n').filter((l) => /^NotoSansDevanagari-(Regular|Bold)\S*\s+CID TrueType\s+Identity-H\s+yes\s+\w+\s+yes/.test(l));
    expect(embedded.length).toBe(2);
    expect(fonts).toContain('Helvetica');
  });

  it('a language without a catalogue prints English', async () => {
    const { text } = read(await renderBoxSlips({ ...input, language: 'xx' }), 'xx');
    expect(text).toContain('Box 1 of 2');
  });
});
