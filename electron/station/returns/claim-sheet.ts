// The one-page PDF that goes with a claim: the return, its shipment and order, what came back,
// who received it and when (IST), the notes, and the photos in a grid scaled to fit the page.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { ClaimView } from '../../../shared/contract/claims.js';
import { formatIstDisplay } from '../packing/ist-dates.js';
import { CONDITION_WORDS } from './condition-words.js';

/** The standard fonts only encode WinAnsi: anything else prints as '?'. */
const printable = (text: string) => text.replace(/[^\u0020-\u007e]/g, '?');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const LINE = 14;
const GAP = 8;
const PHOTO_COLUMNS = 2;

export async function claimSheetPdf(claim: ClaimView, photos: readonly Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Claim for return ${claim.returnId}`);
  const page = doc.addPage([A4.width, A4.height]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = A4.height - MARGIN - 16;
  page.drawText(printable(`Claim: return ${claim.returnId}`), { x: MARGIN, y, size: 16, font: bold, color: rgb(0, 0, 0) });
  y -= 16 + GAP;
  const product = claim.title ? `${claim.title}${claim.sku ? ` (${claim.sku})` : ''}` : (claim.sku ?? '-');
  const rows: [string, string][] = [
    ['Returns', claim.returnIds.join(', ')],
    ['Shipment', claim.shipmentId ?? '-'],
    ['Order', claim.orderId ?? '-'],
    ['Order item', claim.orderItemId ?? '-'],
    ['Product', `${product}${claim.quantity ? `, ${claim.quantity} ${claim.quantity === 1 ? 'unit' : 'units'}` : ''}`],
    ["Buyer's reason", claim.reason ?? '-'],
    ['What came back', CONDITION_WORDS[claim.condition]],
    ['Received', `${formatIstDisplay(new Date(claim.at))} at ${claim.desk}${claim.operator && claim.operator !== claim.desk ? ` by ${claim.operator}` : ''}, location ${claim.locationId}`],
    ['Photos', claim.photos.length === 0 ? 'none taken' : `${claim.photos.length}`],
  ];
  for (const [k, v] of rows) {
    page.drawText(printable(k), { x: MARGIN, y, size: 10, font: bold });
    page.drawText(printable(v), { x: MARGIN + 110, y, size: 10, font, maxWidth: A4.width - 2 * MARGIN - 110 });
    y -= LINE;
  }
  if (claim.notes) {
    y -= 4;
    page.drawText('Notes', { x: MARGIN, y, size: 10, font: bold });
    const lines = wrap(printable(claim.notes), (t) => font.widthOfTextAtSize(t, 10), A4.width - 2 * MARGIN - 110).slice(0, 6);
    for (const l of lines) {
      page.drawText(l, { x: MARGIN + 110, y, size: 10, font });
      y -= LINE;
    }
  }
  y -= GAP;
  if (photos.length === 0) return doc.save();
  // The photos share what is left of the page, in rows of two, each kept in proportion.
  const rowsOfPhotos = Math.ceil(photos.length / PHOTO_COLUMNS);
  const cellW = (A4.width - 2 * MARGIN - GAP * (PHOTO_COLUMNS - 1)) / PHOTO_COLUMNS;
  const cellH = (y - MARGIN - GAP * (rowsOfPhotos - 1)) / rowsOfPhotos;
  for (const [i, bytes] of photos.entries()) {
    const image = await doc.embedJpg(bytes);
    const scale = Math.min(cellW / image.width, cellH / image.height);
    const col = i % PHOTO_COLUMNS;
    const row = Math.floor(i / PHOTO_COLUMNS);
    const top = y - row * (cellH + GAP);
    page.drawImage(image, { x: MARGIN + col * (cellW + GAP), y: top - image.height * scale, width: image.width * scale, height: image.height * scale });
  }
  return doc.save();
}

function wrap(text: string, width: (t: string) => number, max: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (width(next) > max && line) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}
