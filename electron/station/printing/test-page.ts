// The test print: one page of the role's media with the printer's name, its role and the time,
// inside a border drawn a few millimetres from the edge, so the operator sees at a glance that
// the right printer got the right size and nothing is cut off. The words are in the desk's
// language, Devanagari embedded as on the box slips (slip-fonts.ts), so the page reads back.
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { MEDIA, mmToPt, type MediaId } from './media.js';
import type { PrinterRole } from './printer-settings.js';
import { drawLine, embedSlipFonts, hasDevanagari, type Weight } from './slip-fonts.js';
import { slipWords, type SlipWords } from './slip-words.js';

export interface TestPageInput {
  printer: string;
  role: PrinterRole;
  media: MediaId;
  now: Date;
  /** The desk's language (a catalogue name: en, hi …); English when absent. */
  language?: string;
}

const MEDIA_WORDS: Record<MediaId, (t: SlipWords['t']) => string> = {
  'label-4x6in': (t) => t('print.testPage.size.label4x6in'),
  'label-100x150mm': (t) => t('print.testPage.size.label100x150mm'),
  'label-4x4in': (t) => t('print.testPage.size.label4x4in'),
  'label-a6': (t) => t('print.testPage.size.labelA6'),
  'a4-label-region': (t) => t('print.testPage.size.a4LabelRegion'),
  a4: (t) => t('print.testPage.size.a4'),
};

export async function renderTestPage(input: TestPageInput): Promise<Uint8Array> {
  const media = MEDIA[input.media];
  const { t, fmt, language } = slipWords(input.language);
  const role = input.role === 'label' ? t('print.testPage.labelRole') : t('print.testPage.documentRole');
  const lines: [string, Weight][] = [
    [t('print.testPage.heading'), 'bold'],
    [t('print.testPage.printer', { printer: input.printer }), 'regular'],
    [t('print.testPage.role', { role }), 'regular'],
    [t('print.testPage.media', { media: MEDIA_WORDS[input.media](t), width: Math.round(media.width), height: Math.round(media.height) }), 'regular'],
    // The desk reads Indian time; seconds tell two test prints of one minute apart.
    [t('print.testPage.printed', { when: fmt.dateTime(input.now), seconds: String(input.now.getUTCSeconds()).padStart(2, '0') }), 'regular'],
    [t('print.testPage.border'), 'regular'],
  ];
  const doc = await PDFDocument.create();
  doc.setTitle(t('print.testPage.title', { printer: input.printer }));
  doc.setLanguage(language);
  const fonts = await embedSlipFonts(doc, { devanagari: hasDevanagari([...lines.map(([text]) => text), input.printer]) });
  const page = doc.addPage([media.width, media.height]);
  const margin = mmToPt(4);
  page.drawRectangle({ x: margin, y: margin, width: media.width - 2 * margin, height: media.height - 2 * margin, borderColor: rgb(0, 0, 0), borderWidth: 1.5 });
  const size = Math.max(10, Math.min(18, media.width / 18));
  let y = media.height - margin - 2 * size;
  for (const [text, weight] of lines) {
    drawLine(page, doc, text, { x: margin + size, y, size, maxWidth: media.width - 2 * margin - 2 * size, faces: fonts[weight] });
    y -= size * 1.8;
  }
  return doc.save();
}
