// The test print: one page of the role's media with the printer's name, its role and the time,
// inside a border drawn a few millimetres from the edge, so the operator sees at a glance that
// the right printer got the right size and nothing is cut off.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatIstDisplay } from '../packing/ist-dates.js';
import { MEDIA, mmToPt, type MediaId } from './media.js';
import { roleLabel, type PrinterRole } from './printer-settings.js';

export interface TestPageInput {
  printer: string;
  role: PrinterRole;
  media: MediaId;
  now: Date;
}

/** The standard fonts only encode WinAnsi: anything else prints as '?'. */
function printable(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}

export async function renderTestPage(input: TestPageInput): Promise<Uint8Array> {
  const media = MEDIA[input.media];
  const doc = await PDFDocument.create();
  doc.setTitle(`Test print: ${printable(input.printer)}`);
  const page = doc.addPage([media.width, media.height]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = mmToPt(4);
  page.drawRectangle({ x: margin, y: margin, width: media.width - 2 * margin, height: media.height - 2 * margin, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  const size = Math.max(10, Math.min(18, media.width / 18));
  const lines: [string, typeof font][] = [
    ['Packing Station test print', bold],
    [`Printer: ${printable(input.printer)}`, font],
    [`Role: ${roleLabel(input.role)}`, font],
    [`Media: ${media.label} (${Math.round(media.width)} x ${Math.round(media.height)} pt)`, font],
    // The desk reads Indian time; seconds tell two test prints of one minute apart.
    [`Printed: ${formatIstDisplay(input.now)} (${String(input.now.getUTCSeconds()).padStart(2, '0')} s)`, font],
  ];
  let y = media.height - margin - 2 * size;
  for (const [text, face] of lines) {
    const fitted = Math.min(size, ((media.width - 2 * margin - 2 * size) / face.widthOfTextAtSize(text, size)) * size);
    page.drawText(text, { x: margin + size, y, size: fitted, font: face });
    y -= size * 1.8;
  }
  return doc.save();
}
