// The overlay burned into a camera frame in its own YUV format: the result must equal blending
// the RGB pictures (what the canvas did), pixel for pixel within rounding, and leave every pixel
// outside the overlay untouched.
import { describe, expect, it } from 'vitest';
import { blendPatches, evenRect, rgbaToYuvPatch } from '../../renderer/src/video/yuv-overlay.js';

const W = 8;
const H = 6;

/** BT.601 limited range, the same as the module: what a camera's I420 holds for an RGB colour. */
const yuv = (r: number, g: number, b: number) => ({
  y: ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16,
  u: ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128,
  v: ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128,
});

/** An I420 frame of one colour, with padded strides to check the layout is followed. */
function i420(colour: { y: number; u: number; v: number }) {
  const layout = [
    { offset: 0, stride: W + 4 },
    { offset: (W + 4) * H, stride: W / 2 + 2 },
    { offset: (W + 4) * H + (W / 2 + 2) * (H / 2), stride: W / 2 + 2 },
  ];
  const data = new Uint8Array(layout[2]!.offset + layout[2]!.stride * (H / 2));
  data.fill(colour.y, 0, layout[1]!.offset);
  data.fill(colour.u, layout[1]!.offset, layout[2]!.offset);
  data.fill(colour.v, layout[2]!.offset);
  return { data, layout };
}

function rgbaPatch(width: number, height: number, rgba: [number, number, number, number]): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) out.set(rgba, i * 4);
  return out;
}

describe('the overlay blended in YUV', () => {
  it('draws an opaque white patch as white and leaves the rest of the frame as it was', () => {
    const grey = yuv(100, 120, 140);
    const { data, layout } = i420(grey);
    const rect = { x: 2, y: 2, width: 4, height: 2 };
    blendPatches(data, 'I420', layout, [rgbaToYuvPatch(rgbaPatch(4, 2, [255, 255, 255, 255]), rect)]);
    const white = yuv(255, 255, 255);
    for (let row = 0; row < H; row++) {
      for (let col = 0; col < W; col++) {
        const inside = row >= 2 && row < 4 && col >= 2 && col < 6;
        expect(data[row * layout[0]!.stride + col], `Y at ${col},${row}`).toBe(inside ? white.y : grey.y);
      }
    }
    for (let row = 0; row < H / 2; row++) {
      for (let col = 0; col < W / 2; col++) {
        const inside = row === 1 && col >= 1 && col < 3;
        expect(data[layout[1]!.offset + row * layout[1]!.stride + col]).toBe(inside ? white.u : grey.u);
        expect(data[layout[2]!.offset + row * layout[2]!.stride + col]).toBe(inside ? white.v : grey.v);
      }
    }
  });

  it('darkens through a 60 % black band exactly as blending the RGB pictures would', () => {
    const frame = { r: 200, g: 80, b: 40 };
    const { data, layout } = i420(yuv(frame.r, frame.g, frame.b));
    const alpha = 153; // rgba(0,0,0,0.6) as a canvas stores it
    blendPatches(data, 'I420', layout, [rgbaToYuvPatch(rgbaPatch(W, 2, [0, 0, 0, alpha]), { x: 0, y: 0, width: W, height: 2 })]);
    const a = alpha / 255;
    const expected = yuv(frame.r * (1 - a), frame.g * (1 - a), frame.b * (1 - a));
    expect(Math.abs(data[0]! - expected.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(data[layout[1]!.offset]! - expected.u)).toBeLessThanOrEqual(1);
    expect(Math.abs(data[layout[2]!.offset]! - expected.v)).toBeLessThanOrEqual(1);
    // The row below the band is the camera's.
    expect(data[2 * layout[0]!.stride]).toBe(yuv(frame.r, frame.g, frame.b).y);
  });

  it('writes chroma into the interleaved plane of an NV12 frame', () => {
    const grey = yuv(128, 128, 128);
    const layout = [
      { offset: 0, stride: W },
      { offset: W * H, stride: W },
    ];
    const data = new Uint8Array(W * H + W * (H / 2));
    data.fill(grey.y, 0, W * H);
    for (let i = W * H; i < data.length; i += 2) {
      data[i] = grey.u;
      data[i + 1] = grey.v;
    }
    const red = yuv(255, 0, 0);
    blendPatches(data, 'NV12', layout, [rgbaToYuvPatch(rgbaPatch(2, 2, [255, 0, 0, 255]), { x: 2, y: 0, width: 2, height: 2 })]);
    expect([data[W * H + 2], data[W * H + 3]]).toEqual([red.u, red.v]);
    expect([data[W * H], data[W * H + 1]]).toEqual([grey.u, grey.v]);
    expect(data[2]).toBe(red.y);
    expect(data[1]).toBe(grey.y);
  });

  it('widens a rectangle to even edges inside the frame', () => {
    expect(evenRect({ x: 3, y: 1, width: 4, height: 3 }, W, H)).toEqual({ x: 2, y: 0, width: 6, height: 4 });
    expect(evenRect({ x: 5, y: 4, width: 10, height: 10 }, W, H)).toEqual({ x: 4, y: 4, width: 4, height: 2 });
  });
});
