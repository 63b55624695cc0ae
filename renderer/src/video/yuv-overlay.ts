// Burns the overlay (the facts band and the QR code) into a camera frame where it lies, in the
// camera's own pixel format (I420 or NV12), instead of converting the whole picture to RGB on a
// canvas and back for the encoder. The overlay changes only when the facts or the second change:
// it is converted to YUV with its alpha once then, and each frame only blends the few rows of
// the band and the QR code's square. Pure arithmetic on byte arrays, so it runs in the frame
// worker and in unit tests alike.

/** A rectangle of the frame the overlay covers, on even coordinates (chroma is 2 × 2 subsampled). */
export interface OverlayRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One covered rectangle in YUV with alpha: full-resolution luma, quarter-resolution chroma. */
export interface YuvPatch {
  rect: OverlayRect;
  /** Luma, premultiplied by alpha (0-255 scale), width × height. */
  y: Uint16Array;
  /** Alpha 0-255, width × height. */
  a: Uint8Array;
  /** Chroma premultiplied by the block's mean alpha, (width / 2) × (height / 2). */
  u: Uint16Array;
  v: Uint16Array;
  /** Mean alpha of each 2 × 2 block. */
  ca: Uint8Array;
}

/** Where a frame's planes are, as VideoFrame.copyTo reports them (PlaneLayout). */
export interface PlaneLayoutLike {
  offset: number;
  stride: number;
}

export type YuvFormat = 'I420' | 'NV12';

/** Widens a rectangle to even edges inside a frame of `width` × `height`. */
export function evenRect(r: OverlayRect, width: number, height: number): OverlayRect {
  const x0 = Math.max(0, Math.floor(r.x / 2) * 2);
  const y0 = Math.max(0, Math.floor(r.y / 2) * 2);
  const x1 = Math.min(width - (width % 2), Math.ceil((r.x + r.width) / 2) * 2);
  const y1 = Math.min(height - (height % 2), Math.ceil((r.y + r.height) / 2) * 2);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/**
 * Converts an RGBA patch (un-premultiplied, as getImageData gives it) of `rect` to YUV with alpha.
 * BT.601 limited range, what cameras and Chromium's capture deliver.
 */
export function rgbaToYuvPatch(rgba: Uint8ClampedArray, rect: OverlayRect): YuvPatch {
  const { width, height } = rect;
  const n = width * height;
  const y = new Uint16Array(n);
  const a = new Uint8Array(n);
  const cw = width / 2;
  const ch = height / 2;
  const u = new Uint16Array(cw * ch);
  const v = new Uint16Array(cw * ch);
  const ca = new Uint8Array(cw * ch);
  const uSum = new Float64Array(cw * ch);
  const vSum = new Float64Array(cw * ch);
  const aSum = new Uint32Array(cw * ch);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = row * width + col;
      const r = rgba[i * 4]!;
      const g = rgba[i * 4 + 1]!;
      const b = rgba[i * 4 + 2]!;
      const alpha = rgba[i * 4 + 3]!;
      const luma = ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16;
      a[i] = alpha;
      y[i] = luma * alpha;
      const c = (row >> 1) * cw + (col >> 1);
      uSum[c]! += ((((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128) * alpha) / 4;
      vSum[c]! += ((((112 * r - 94 * g - 18 * b + 128) >> 8) + 128) * alpha) / 4;
      aSum[c]! += alpha;
    }
  }
  for (let c = 0; c < cw * ch; c++) {
    u[c] = Math.round(uSum[c]!);
    v[c] = Math.round(vSum[c]!);
    ca[c] = Math.round(aSum[c]! / 4);
  }
  return { rect, y, a, u, v, ca };
}

/**
 * Blends the patches into a frame's planes in place: `out = overlay·α + frame·(1 − α)`, on luma
 * and chroma alike (YUV is affine in RGB, so blending there equals blending the RGB pictures).
 * `layout`: Y, then U and V (I420) or the interleaved UV plane (NV12).
 */
export function blendPatches(data: Uint8Array, format: YuvFormat, layout: PlaneLayoutLike[], patches: YuvPatch[]): void {
  const [yl, ul, vl] = layout as [PlaneLayoutLike, PlaneLayoutLike, PlaneLayoutLike | undefined];
  for (const p of patches) {
    const { x, y, width, height } = p.rect;
    for (let row = 0; row < height; row++) {
      let o = yl.offset + (y + row) * yl.stride + x;
      let i = row * width;
      for (let col = 0; col < width; col++, o++, i++) {
        const alpha = p.a[i]!;
        if (alpha === 0) continue;
        data[o] = (p.y[i]! + data[o]! * (255 - alpha) + 127) / 255;
      }
    }
    const cw = width / 2;
    for (let row = 0; row < height / 2; row++) {
      const cy = y / 2 + row;
      for (let col = 0; col < cw; col++) {
        const c = row * cw + col;
        const alpha = p.ca[c]!;
        if (alpha === 0) continue;
        const cx = x / 2 + col;
        let uo: number;
        let vo: number;
        if (format === 'NV12') {
          uo = ul.offset + cy * ul.stride + cx * 2;
          vo = uo + 1;
        } else {
          uo = ul.offset + cy * ul.stride + cx;
          vo = vl!.offset + cy * vl!.stride + cx;
        }
        data[uo] = (p.u[c]! + data[uo]! * (255 - alpha) + 127) / 255;
        data[vo] = (p.v[c]! + data[vo]! * (255 - alpha) + 127) / 255;
      }
    }
  }
}
