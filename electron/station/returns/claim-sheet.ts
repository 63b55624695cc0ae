// The one-page PDF that goes with a claim: the return, its shipment and order, what came back,
// who received it and when (IST), the notes, and the photos in a grid scaled to fit the page. In
// the desk's language, from the same catalogues as the screens; Devanagari is embedded and each
// line keeps its words as text (printing/slip-fonts.ts), as on the box slips, so the marketplace's
// claim desk can copy and search it. The buyer's reason stays in the marketplace's own words.
import { PDFDocument } from '@cantoo/pdf-lib';
import type { ClaimView } from '../../../shared/contract/claims.js';
import { drawLine, embedSlipFonts, hasDevanagari, textWidth } from '../printing/slip-fonts.js';
import { slipWords } from '../printing/slip-words.js';
import { CONDITION_PHRASES } from './condition-words.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const LINE = 14;
const GAP = 8;
const PHOTO_COLUMNS = 2;
const LABEL_WIDTH = 110;
const MAX_NOTE_LINES = 6;

/** `language`: the desk's (en, hi …); a language without its catalogue prints in English. */
export async function claimSheetPdf(claim: ClaimView, photos: readonly Uint8Array[], language?: string): Promise<Uint8Array> {
  const { t, fmt } = slipWords(language);
  const doc = await PDFDocument.create();
  doc.setTitle(t('returns.sheet.docTitle', { id: claim.returnId }));
  const page = doc.addPage([A4.width, A4.height]);
  const product = claim.title ? `${claim.title}${claim.sku ? ` (${claim.sku})` : ''}` : (claim.sku ?? '-');
  const when = fmt.dateTime(claim.at);
  const by = claim.operator && claim.operator !== claim.desk ? claim.operator : undefined;
  const rows: [string, string][] = [
    [t('returns.sheet.returns'), claim.returnIds.join(', ')],
    [t('returns.sheet.shipment'), claim.shipmentId ?? '-'],
    [t('returns.sheet.order'), claim.orderId ?? '-'],
    [t('returns.sheet.orderItem'), claim.orderItemId ?? '-'],
    [t('returns.sheet.product'), claim.quantity ? t('returns.sheet.units', { what: product, count: claim.quantity }) : product],
    [t('returns.sheet.reason'), claim.reason ?? '-'],
    [t('returns.sheet.cameBack'), t(CONDITION_PHRASES[claim.condition].key)],
    [
      t('returns.sheet.received'),
      by ? t('returns.sheet.receivedBy', { when, desk: claim.desk, operator: by, location: claim.locationId }) : t('returns.sheet.receivedAt', { when, desk: claim.desk, location: claim.locationId }),
    ],
    [t('returns.sheet.photos'), claim.photos.length === 0 ? t('returns.sheet.noPhotos') : fmt.number(claim.photos.length)],
  ];
  const title = t('returns.sheet.title', { id: claim.returnId });
  const notesLabel = t('returns.sheet.notes');
  const fonts = await embedSlipFonts(doc, { devanagari: hasDevanagari([title, notesLabel, claim.notes ?? '', ...rows.flat()]) });
  const valueX = MARGIN + LABEL_WIDTH;
  const valueWidth = A4.width - 2 * MARGIN - LABEL_WIDTH;
  let y = A4.height - MARGIN - 16;
  drawLine(page, doc, title, { x: MARGIN, y, size: 16, maxWidth: A4.width - 2 * MARGIN, faces: fonts.bold });
  y -= 16 + GAP;
  for (const [k, v] of rows) {
    drawLine(page, doc, k, { x: MARGIN, y, size: 10, maxWidth: LABEL_WIDTH - 4, faces: fonts.bold });
    drawLine(page, doc, v, { x: valueX, y, size: 10, maxWidth: valueWidth, faces: fonts.regular });
    y -= LINE;
  }
  if (claim.notes) {
    y -= 4;
    drawLine(page, doc, notesLabel, { x: MARGIN, y, size: 10, maxWidth: LABEL_WIDTH - 4, faces: fonts.bold });
    const lines = wrap(claim.notes, (text) => textWidth(text, fonts.regular, 10), valueWidth).slice(0, MAX_NOTE_LINES);
    for (const l of lines) {
      drawLine(page, doc, l, { x: valueX, y, size: 10, maxWidth: valueWidth, faces: fonts.regular });
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
    const image = await doc.embedJpg(ownBytes(bytes));
    const scale = Math.min(cellW / image.width, cellH / image.height);
    const col = i % PHOTO_COLUMNS;
    const row = Math.floor(i / PHOTO_COLUMNS);
    const top = y - row * (cellH + GAP);
    page.drawImage(image, { x: MARGIN + col * (cellW + GAP), y: top - image.height * scale, width: image.width * scale, height: image.height * scale });
  }
  return doc.save();
}

/**
 * The bytes in an ArrayBuffer of their own. A small Buffer (Buffer.from(base64), readFileSync) is
 * a view into Node's shared pool at a non-zero offset (64 KiB since Node 24.18, Electron's too); a
 * JPEG reader that takes `.buffer` from its start, as pdf-lib 1.17's did, reads another photo or
 * no JPEG at all. One copy per photo keeps any reader right.
 */
const ownBytes = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

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
