// A clip handed over for a claim: the WebM remuxed by ffmpeg (-c copy: the same frames, with the
// duration and the cues index MediaRecorder cannot write, so every player seeks in it), and a
// one-page PDF of the shipment: ids, times, desk and operator, weight, dimensions, serials and
// every scan.
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { ClipMark, ClipView } from '../../../shared/contract/video.js';
import { StationError } from '../../../shared/contract/define.js';
import { formatIstIso } from '../packing/ist-dates.js';
import type { ExecFileFn } from '../printing/printer-backend.js';
import { commandOutput } from '../printing/exec-file.js';
import type { SessionFacts } from './clip-facts.js';

/** Rewrites `input` to `output` with duration and cues (same frames, no re-encoding). */
export async function remuxSeekable(exec: ExecFileFn, ffmpeg: string, input: string, output: string): Promise<void> {
  try {
    await exec(ffmpeg, ['-nostdin', '-y', '-v', 'error', '-i', input, '-c', 'copy', '-f', 'webm', output], { timeout: 120_000 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT') throw new StationError('NO_FFMPEG', 'ffmpeg is not installed on this computer: the clip cannot be made seekable. Install ffmpeg (apt install ffmpeg, or ffmpeg.org) and try again.');
    throw new StationError('VIDEO_REMUX', `ffmpeg could not read the clip: ${commandOutput(e).slice(0, 300)}`);
  }
}

/** The standard fonts only encode WinAnsi: anything else prints as '?'. */
const printable = (text: string) => text.replace(/[^\u0020-\u007e]/g, '?');
const when = (iso: string | undefined) => (iso ? formatIstIso(new Date(iso)).replace('T', ' ').replace('+05:30', ' IST') : '-');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const LINE = 13;

export async function claimSheetPdf(clip: ClipView, facts: SessionFacts, marks: readonly ClipMark[], clipFile: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Packing record ${clip.shipmentId}`);
  const page = doc.addPage([A4.width, A4.height]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = A4.height - MARGIN;
  const text = (t: string, size = 10, f = font) => {
    page.drawText(printable(t), { x: MARGIN, y, size, font: f, color: rgb(0, 0, 0), maxWidth: A4.width - 2 * MARGIN });
    y -= size + 4;
  };
  text(`Packing record: shipment ${clip.shipmentId}`, 16, bold);
  y -= 4;
  const durationS = clip.endedAt ? Math.round((Date.parse(clip.endedAt) - Date.parse(clip.startedAt)) / 1000) : undefined;
  const rows: [string, string][] = [
    ['Orders', clip.orderIds.join(', ') || '-'],
    ['Tracking ids', clip.trackingIds.join(', ') || '-'],
    ['Desk / operator', `${clip.desk} / ${clip.operator || '-'}`],
    ['Filming started', when(clip.startedAt)],
    ['Shipment packed', facts.packedAt ? when(facts.packedAt) : clip.endReason === 'putAside' ? 'not packed (put aside)' : '-'],
    ['Filming ended', `${when(clip.endedAt)}${durationS !== undefined ? ` (${durationS} s)` : ''}${clip.state === 'cut' ? ' - cut short by a restart' : ''}`],
    ['Weight', facts.weightKg !== undefined ? `${facts.weightKg} kg` : '-'],
    ['Dimensions', facts.dimensions ? `${facts.dimensions.length} x ${facts.dimensions.breadth} x ${facts.dimensions.height} cm` : '-'],
    ['SKUs scanned', clip.skus.join(', ') || '-'],
    ['Serials / IMEIs', facts.serials.join(', ') || '-'],
    ['Video file', clipFile],
  ];
  for (const [k, v] of rows) {
    page.drawText(printable(k), { x: MARGIN, y, size: 10, font: bold });
    page.drawText(printable(v), { x: MARGIN + 110, y, size: 10, font, maxWidth: A4.width - 2 * MARGIN - 110 });
    y -= LINE;
  }
  y -= 8;
  text('Scans (IST)', 12, bold);
  const roomFor = Math.floor((y - MARGIN - 60) / LINE);
  const shown = facts.scans.slice(0, Math.max(0, roomFor));
  for (const s of shown) text(`${when(s.at)}   ${s.kind}   ${s.value}`);
  if (facts.scans.length > shown.length) text(`... and ${facts.scans.length - shown.length} more scans in the station's journal.`);
  if (facts.scans.length === 0) text('No scans were recorded for this clip.');
  y -= 8;
  const refused = marks.filter((m) => !m.ok).length;
  text(`On the video: ${marks.length} desk message(s) burned in, ${refused} refused (marked with a cross).`, 9);
  return doc.save();
}
