// The claim PDF of a return in the desk's language: Hindi is drawn in Noto Sans Devanagari and
// pdftotext reads the words back (the marketplace's claim desk copies and searches them); the
// same claim in English; times in IST, 24-hour; ids and the buyer's own words as they are.
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { claimSheetPdf } from '../../../electron/station/returns/claim-sheet.js';
import type { ClaimView } from '../../../shared/contract/claims.js';
import { describeWithPoppler, pdfImages, pdfInfo, pdfText } from '../../support/document-poppler.js';
import { requireTool } from '../../support/system-tools.js';

// 24 Nov 2026 09:05 UTC is 14:35 in India.
const claim: ClaimView = {
  returnId: 'RT00000000000007',
  returnIds: ['RT00000000000007'],
  shipmentId: 'SH00000000000042',
  orderId: 'OD00000000000042',
  orderItemId: 'OI00000000000042',
  title: 'Steel Pressure Cooker',
  sku: 'KTC-STD-004',
  quantity: 2,
  reason: 'Lid is broken',
  condition: 'damaged',
  notes: 'Box crushed on one side; the lid handle came off in transit.',
  photos: [],
  operator: 'Asha',
  desk: 'Desk 1',
  locationId: 'LOC1001',
  at: '2026-11-24T09:05:00Z',
};

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** A real JPEG still, as a camera gives one (ffmpeg's test picture). */
const jpeg = (width: number, height: number): Buffer =>
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}`, '-frames:v', '1', '-f', 'mjpeg', '-']);

/** The photos as Buffer.from(base64) hands them out of Node's shared pool: views at offsets of one ArrayBuffer. */
function pooled(photos: readonly Buffer[]): Uint8Array[] {
  const pool = new Uint8Array(photos.reduce((n, p) => n + p.length + 16, 16)).fill(0x55);
  let at = 16;
  return photos.map((p) => {
    pool.set(p, at);
    const view = pool.subarray(at, at + p.length);
    at += p.length + 16;
    return view;
  });
}

describeWithPoppler('claim sheet', () => {
  it('in Hindi: headings, what came back and who received it read back as Hindi text, with the ids and the buyer’s words kept', async () => {
    const pdf = await claimSheetPdf(claim, [], 'hi');
    expect((await pdfInfo(pdf)).pages).toBe(1);
    const text = flat(await pdfText(pdf));
    expect(text).toContain('क्लेम: रिटर्न RT00000000000007');
    expect(text).toContain('ग्राहक की वजह');
    expect(text).toContain('क्या वापस आया');
    expect(text).toContain('टूटा-फूटा');
    expect(text).toContain('Steel Pressure Cooker (KTC-STD-004), 2 पीस');
    expect(text).toContain('Desk 1 पर Asha ने, लोकेशन LOC1001');
    expect(text).toContain('14:35 IST');
    expect(text).toContain('Lid is broken');
    expect(text).toContain('कोई नहीं ली');
    expect(text).toContain('Box crushed on one side');
    expect(text).not.toMatch(/What came back|Received|damaged|\?\?/);
    expect(text).not.toMatch(/\b[ap]m\b/i);
  });

  it('in English: the same claim in English words, without the Devanagari font', async () => {
    const pdf = await claimSheetPdf(claim, [], 'en');
    const text = flat(await pdfText(pdf));
    expect(text).toContain('Claim: return RT00000000000007');
    expect(text).toContain('What came back');
    expect(text).toMatch(/\bdamaged\b/);
    expect(text).toContain('Steel Pressure Cooker (KTC-STD-004), 2 units');
    expect(text).toContain('14:35 IST at Desk 1 by Asha, location LOC1001');
    expect(text).not.toMatch(/[\u0900-\u097f]/);
    expect(Buffer.from(pdf).toString('latin1')).not.toContain('NotoSansDevanagari');
  });

  it.skipIf(!requireTool('ffmpeg'))('embeds each photo as taken, also when its bytes sit inside a larger shared buffer', async () => {
    const photos = [jpeg(640, 360), jpeg(320, 240)];
    const pdf = await claimSheetPdf({ ...claim, photos: [] }, pooled(photos), 'en');
    const images = await pdfImages(pdf);
    expect(images.map((i) => [i.width, i.height])).toEqual([[640, 360], [320, 240]]);
    expect(images.map((image, n) => image.data.equals(photos[n]!))).toEqual([true, true]);
  });
});
