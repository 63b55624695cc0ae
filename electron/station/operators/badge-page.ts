// An operator's badge: one label-sized page with the name in large type and the badge code as a
// Code 128 barcode with its text under it, for the label printer. The bars are drawn as vector
// rectangles from bwip-js's encoding, crisp on a 203 dpi thermal printer.
import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { MEDIA, mmToPt, type MediaId } from '../printing/media.js';

/** Code 128 needs a quiet zone of 10 modules on each side (ISO/IEC 15417 § 4.4.4). */
const QUIET_MODULES = 10;
const MAX_MODULE_PT = 2.2;

/** The standard fonts encode WinAnsi only: other letters print as '?', so the name is also given as typed. */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

export async function renderBadge(input: { name: string; badge: string; desk: string; media: MediaId }): Promise<Uint8Array> {
  const media = MEDIA[input.media];
  const doc = await PDFDocument.create();
  doc.setTitle(`Badge: ${printable(input.name)}`);
  const page = doc.addPage([media.width, media.height]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const margin = mmToPt(6);
  const width = media.width - 2 * margin;
  const top = media.height - margin;

  const name = printable(input.name);
  const nameSize = Math.min(36, (width / bold.widthOfTextAtSize(name, 36)) * 36);
  page.drawText(name, { x: margin, y: top - nameSize, size: nameSize, font: bold });
  page.drawText(`Operator badge - ${printable(input.desk)}`, { x: margin, y: top - nameSize - 20, size: 11, font });

  const raw = bwipjs.raw({ bcid: 'code128', text: input.badge })[0];
  if (!raw || !('sbs' in raw)) throw new Error(`Code 128 encoding of ${input.badge} gave no bars`);
  const widths = raw.sbs;
  const modules = widths.reduce((sum, w) => sum + w, 0);
  const moduleWidth = Math.min(MAX_MODULE_PT, width / (modules + 2 * QUIET_MODULES));
  const barHeight = Math.min(mmToPt(25), media.height / 4);
  const barY = top - nameSize - 40 - barHeight;
  let x = margin + (width - modules * moduleWidth) / 2;
  widths.forEach((w, i) => {
    // Even positions are bars, odd ones spaces.
    if (i % 2 === 0) page.drawRectangle({ x, y: barY, width: w * moduleWidth, height: barHeight, color: rgb(0, 0, 0) });
    x += w * moduleWidth;
  });
  const codeSize = 16;
  page.drawText(input.badge, { x: margin + (width - font.widthOfTextAtSize(input.badge, codeSize)) / 2, y: barY - codeSize - 6, size: codeSize, font });
  return doc.save();
}
