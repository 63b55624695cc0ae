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

/** The QR code of a shipment id, drawn once per clip (bwip-js). */
export function shipmentQr(shipmentId: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  bwipjs.toCanvas(canvas, { bcid: 'qrcode', text: shipmentId, scale: 4, paddingwidth: 4, paddingheight: 4, backgroundcolor: 'FFFFFF' });
  return canvas;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The desk between shipments, as drawn at the head of a clip (before the opening scan). */
export function idleFacts(desk: string, operator: string): FrameFacts {
  return { shipmentId: '', orderIds: [], desk, operator };
}

export function drawFrame(ctx: CanvasRenderingContext2D, source: CanvasImageSource | undefined, facts: FrameFacts, qr: HTMLCanvasElement | undefined, now: Date): void {
  const { width, height } = ctx.canvas;
  if (source) ctx.drawImage(source, 0, 0, width, height);
  else {
    ctx.fillStyle = '#222';
    ctx.fillRect(0, 0, width, height);
  }
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
  if (!qr) return;
  // The QR code in the bottom-right corner, on its own white quiet zone, about a fifth of the height.
  const size = Math.round(height / 4.5);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(qr, width - size - unit * 0.5, height - size - unit * 0.5, size, size);
  ctx.imageSmoothingEnabled = true;
}
