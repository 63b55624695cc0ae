// The facts drawn over every frame (canvas compositing before captureStream): shipment id, order
// ids, IST date-time to the second, desk, operator, the last scan with a tick or a cross, and a
// QR code of the shipment id, so any frame says which shipment it belongs to. Between shipments
// (the start margin at the head of a clip) the frame says the desk is waiting and carries no QR
// code: no frame names a shipment it does not show.
import bwipjs from 'bwip-js/browser';
import { istStamp } from './ist-stamp.js';

export interface FrameFacts {
  /** Empty between shipments: the idle picture of the desk. */
  shipmentId: string;
  orderIds: string[];
  desk: string;
  operator: string;
  lastScan?: { text: string; ok: boolean };
}

/** A 2D context of a page's canvas or of an OffscreenCanvas (the frame worker draws there). */
export type Canvas2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** The QR code of a shipment id, drawn once per clip (bwip-js), onto `canvas` (a new one in a page). */
export function shipmentQr<C extends HTMLCanvasElement | OffscreenCanvas>(shipmentId: string, canvas?: C): C {
  const target = canvas ?? (document.createElement('canvas') as C);
  bwipjs.toCanvas(target, { bcid: 'qrcode', text: shipmentId, scale: 4, paddingwidth: 4, paddingheight: 4, backgroundcolor: 'FFFFFF' });
  return target;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The desk between shipments, as drawn at the head of a clip (before the opening scan). */
export function idleFacts(desk: string, operator: string): FrameFacts {
  return { shipmentId: '', orderIds: [], desk, operator };
}

export function drawFrame(ctx: Canvas2D, source: CanvasImageSource | undefined, facts: FrameFacts, qr: CanvasImageSource | undefined, now: Date): void {
  const { width, height } = ctx.canvas;
  if (source) ctx.drawImage(source, 0, 0, width, height);
  else {
    ctx.fillStyle = '#222';
    ctx.fillRect(0, 0, width, height);
  }
  drawOverlay(ctx, facts, qr, now);
}

/**
 * The facts band along the top and the QR code in the bottom-right corner, over whatever the
 * context holds (the camera's picture, or nothing: the frame worker keeps the overlay apart and
 * blends it into each frame). Returns the rectangles it covered.
 */
export function drawOverlay(ctx: Canvas2D, facts: FrameFacts, qr: CanvasImageSource | undefined, now: Date): { x: number; y: number; width: number; height: number }[] {
  const { width, height } = ctx.canvas;
  const unit = Math.max(12, Math.round(height / 30));
  const who = `${facts.desk}${facts.operator ? ` · ${facts.operator}` : ''}`;
  const lines = facts.shipmentId
    ? [`Shipment ${facts.shipmentId}`, `Orders ${clip(facts.orderIds.join(', ') || '-', 60)}`, istStamp(now), who]
    : ['Waiting for the next shipment', istStamp(now), who];
  const band = unit * 1.35 * (lines.length + (facts.lastScan ? 1 : 0)) + unit * 0.6;
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.fillRect(0, 0, width, band);
  ctx.font = `600 ${unit}px sans-serif`;
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#fff';
  let y = unit * 0.4;
  for (const line of lines) {
    ctx.fillText(line, unit * 0.5, y);
    y += unit * 1.35;
  }
  if (facts.lastScan) {
    ctx.fillStyle = facts.lastScan.ok ? '#5ee07a' : '#ff6b6b';
    ctx.fillText(`${facts.lastScan.ok ? '✔' : '✘'} ${clip(facts.lastScan.text, 70)}`, unit * 0.5, y);
  }
  const covered = [{ x: 0, y: 0, width, height: Math.ceil(band) }];
  if (!qr) return covered;
  // The QR code in the bottom-right corner, on its own white quiet zone, about a fifth of the height.
  const size = Math.round(height / 4.5);
  const x = Math.round(width - size - unit * 0.5);
  const top = Math.round(height - size - unit * 0.5);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(qr, x, top, size, size);
  ctx.imageSmoothingEnabled = true;
  covered.push({ x, y: top, width: size, height: size });
  return covered;
}
