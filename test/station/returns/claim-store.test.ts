// The claim store on its own disk: a damaged claim file does not hide the others, a return id
// never names a path outside the store, and only real JPEG bytes pass as photos.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClaimStore } from '../../../electron/station/returns/claim-store.js';
import { checkPhoto, jpegSize } from '../../../electron/station/returns/return-photos.js';
import type { ClaimView } from '../../../shared/contract/claims.js';

const dir = mkdtempSync(join(tmpdir(), 'claims-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const store = new ClaimStore({ dir: join(dir, 'returns'), exportDir: join(dir, 'exports'), clock: { now: () => new Date('2026-11-24T05:00:00Z') } });

const claim = (returnId: string, at: string): ClaimView => ({ returnId, returnIds: [returnId], condition: 'emptyBox', photos: [], operator: 'Desk 1', desk: 'Desk 1', locationId: 'LOC1', at });

/** The smallest JPEG head a reader needs: SOI, then a baseline frame header of 3 x 2 pixels. */
const TINY_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x02, 0x00, 0x03, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]);

describe('claim store', () => {
  it('lists claims newest first and skips a damaged file', () => {
    store.saveClaim(claim('RT1', '2026-11-24T04:00:00.000Z'));
    store.saveClaim(claim('RT2', '2026-11-24T04:30:00.000Z'));
    mkdirSync(join(dir, 'returns', 'RT3'), { recursive: true });
    writeFileSync(join(dir, 'returns', 'RT3', 'claim.json'), '{"returnId": "RT3", ');
    expect(store.list().map((c) => c.returnId)).toEqual(['RT2', 'RT1']);
  });

  it('refuses a return id that is a path', () => {
    expect(() => store.get('../secrets')).toThrow(/is not a return id/);
    expect(() => store.savePhotos('a/b', [])).toThrow(/is not a return id/);
  });

  it('reads the frame size of a JPEG and refuses what is not one', () => {
    expect(jpegSize(TINY_JPEG)).toEqual({ width: 3, height: 2 });
    expect(checkPhoto(TINY_JPEG.toString('base64'), 1)).toMatchObject({ width: 3, height: 2 });
    expect(jpegSize(Buffer.from('GIF89a........'))).toBeUndefined();
    expect(jpegSize(TINY_JPEG.subarray(0, 8))).toBeUndefined();
    expect(() => checkPhoto('', 2)).toThrow('Photo 2 is empty. Take it again.');
  });
});
