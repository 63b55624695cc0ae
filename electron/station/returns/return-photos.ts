// Photos of a received return, as the renderer sends them: base64 JPEG stills from the camera.
// Everything that arrives over the contract is checked before it is written: the size, the JPEG
// start marker, and a frame header with real dimensions (a JPEG's SOFn segment), so a file on
// disk named .jpg is a picture a claim can show.
import { keyedError } from '../../../shared/i18n/station-sentences.js';
import { MAX_RETURN_PHOTO_BYTES } from '../../../shared/contract/claims.js';

export interface CheckedPhoto {
  bytes: Buffer;
  width: number;
  height: number;
}

/** SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the segments that carry the frame size. */
const isFrameHeader = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Width and height from a JPEG's frame header, or undefined when the bytes are not a JPEG. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (isFrameHeader(marker)) {
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    if (marker === 0xda || length < 2) return undefined; // image data before any frame header
    at += 2 + length;
  }
  return undefined;
}

/** Decodes and checks one photo; `n` is its number as the person took it. */
export function checkPhoto(base64: string, n: number): CheckedPhoto {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw keyedError('BAD_PHOTO', 'returns.photo.empty', { n });
  if (bytes.length > MAX_RETURN_PHOTO_BYTES) throw keyedError('BAD_PHOTO', 'returns.photo.tooLarge', { n, mb: MAX_RETURN_PHOTO_BYTES / 1024 / 1024 });
  const size = jpegSize(bytes);
  if (!size) throw keyedError('BAD_PHOTO', 'returns.photo.notJpeg', { n });
  return { bytes, ...size };
}
