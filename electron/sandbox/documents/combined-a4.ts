// "Label + invoice on one A4": the layout marketplaces offer sellers who print on plain office
// printers. The top half holds the shipping label, scaled to keep its 4x6 proportions, inside a
// fixed rectangle; the invoice fills the bottom half. A station that owns a thermal printer crops
// the label back out of such a page, so the rectangle is exported as a constant.
import { drawLabel } from './label-pdf.js';
import { LabelPen } from './label-pen.js';
import { drawInvoice } from './invoice-pdf.js';
import { A4_HEIGHT_PT, A4_WIDTH_PT, LABEL_HEIGHT_PT, LABEL_WIDTH_PT, newDocument } from './pdf-document.js';
import { embedDocFonts } from './pdf-text.js';
import type { LabelInput } from './index.js';

/** Height of the label region: 5.5 in, the most a 4x6 label gets in the top half with a margin. */
const REGION_HEIGHT = 396;
/** Width at the 4:6 proportion of the label stock. */
const REGION_WIDTH = (REGION_HEIGHT * LABEL_WIDTH_PT) / LABEL_HEIGHT_PT;
const TOP_MARGIN = 14;

/**
 * Where the label sits on every combined A4 page, in pt, PDF coordinates (origin bottom-left, y is
 * the bottom edge): 264 x 396 pt, centred horizontally, 14 pt below the top edge. Its content is
 * the 288 x 432 pt label scaled by 264/288, so cropping this rectangle and scaling it back up to
 * 4x6 in gives the label page exactly.
 */
export const COMBINED_A4_LABEL_REGION = Object.freeze({
  x: (A4_WIDTH_PT - REGION_WIDTH) / 2,
  y: A4_HEIGHT_PT - TOP_MARGIN - REGION_HEIGHT,
  width: REGION_WIDTH,
  height: REGION_HEIGHT,
});

/** y of the dashed fold-and-cut line between the halves. */
const CUT_Y = COMBINED_A4_LABEL_REGION.y - 8;
const INVOICE_MARGIN = 30;

/** One A4 page per shipment: label in the top half, invoice below (see COMBINED_A4_LABEL_REGION). */
export async function renderCombinedA4(inputs: LabelInput[]): Promise<Uint8Array> {
  const doc = await newDocument(inputs.length === 1 ? `Label and invoice ${inputs[0].shipment.shipmentId}` : `Labels and invoices (${inputs.length})`);
  const fonts = await embedDocFonts(doc);
  const region = COMBINED_A4_LABEL_REGION;
  const scale = region.width / LABEL_WIDTH_PT;
  for (const input of inputs) {
    const page = doc.addPage([A4_WIDTH_PT, A4_HEIGHT_PT]);
    // The label is drawn in its own coordinate space; one transformation matrix places and scales it.
    const pen = new LabelPen(fonts, [scale, 0, 0, scale, region.x, region.y]);
    drawLabel(pen, fonts, input);
    pen.finish(doc, page, fonts);
    page.drawLine({
      start: { x: INVOICE_MARGIN / 2, y: CUT_Y },
      end: { x: A4_WIDTH_PT - INVOICE_MARGIN / 2, y: CUT_Y },
      thickness: 0.5,
      dashArray: [4, 3],
    });
    // The half page holds a few items; a longer invoice ends with a count of the rest (the
    // stand-alone invoice document carries them all).
    drawInvoice(page, fonts, input, {
      x: INVOICE_MARGIN,
      width: A4_WIDTH_PT - 2 * INVOICE_MARGIN,
      top: CUT_Y - 10,
      bottom: 20,
    });
  }
  return doc.save({ useObjectStreams: false });
}
