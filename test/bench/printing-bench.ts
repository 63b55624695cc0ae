// Page handling for a 1,000-parcel wave against poppler on the same pages in the same run:
// fitting 1,000 landscape labels to 4x6 vs `pdfunite` copying them, and splitting 1,000 A4
// label+invoice pages vs `pdfseparate` cutting them into pages. Target: at most 2x poppler.
import { execFile as execFileCb } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { MEDIA } from '../../electron/station/printing/media.js';
import { fitLabelPdf } from '../../electron/station/printing/pages/fit-label.js';
import { splitLabelInvoicePdf } from '../../electron/station/printing/pages/split-label-invoice.js';
import { SPLIT_LAYOUTS } from '../../electron/station/printing/pages/split-layouts.js';
import type { BenchRow } from './bench-table.js';

const execFile = promisify(execFileCb);
const PAGES = 1_000;
const RUNS = 5;

/** Labels the way carriers draw them: text lines, rules and a barcode of bars. */
async function labelsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < PAGES; i += 1) {
    const page = doc.addPage([432, 288]);
    page.drawText(`FMPC${String(880000 + i).padStart(10, '0')}`, { x: 20, y: 250, size: 18, font });
    for (let l = 0; l < 8; l += 1) page.drawText(`Address line ${l} of parcel ${i}`, { x: 20, y: 220 - l * 14, size: 10, font });
    for (let b = 0; b < 60; b += 1) page.drawRectangle({ x: 230 + b * 3, y: 40, width: 1 + ((i + b) % 2), height: 60, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

async function combinedA4Pdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { labelRegion: r } = SPLIT_LAYOUTS['a4-label-invoice'];
  for (let i = 0; i < PAGES; i += 1) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawRectangle({ x: r.x, y: r.y, width: r.width, height: r.height, borderColor: rgb(0, 0, 0), borderWidth: 1 });
    page.drawText(`FMPC${String(880000 + i).padStart(10, '0')}`, { x: r.x + 10, y: r.y + r.height - 30, size: 14, font });
    for (let b = 0; b < 50; b += 1) page.drawRectangle({ x: r.x + 10 + b * 4, y: r.y + 40, width: 2, height: 50, color: rgb(0, 0, 0) });
    page.drawText('Tax Invoice', { x: 40, y: 400, size: 16, font });
    for (let l = 0; l < 15; l += 1) page.drawText(`Item ${l}  SKU-${i}-${l}  1 x Rs. 100.00`, { x: 40, y: 370 - l * 16, size: 10, font });
  }
  return doc.save();
}

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up: JIT for our code, page cache for poppler
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

export async function runPrintingBench(): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'printing-bench-'));
  try {
    const labels = await labelsPdf();
    const combined = await combinedA4Pdf();
    const labelsFile = join(dir, 'labels.pdf');
    const combinedFile = join(dir, 'combined.pdf');
    await writeFile(labelsFile, labels);
    await writeFile(combinedFile, combined);

    // Both sides include writing their output file(s), since a print job is a file.
    const fit = await median(RUNS, async () => writeFile(join(dir, 'fitted.pdf'), await fitLabelPdf(labels, MEDIA['label-4x6in'])));
    const unite = await median(RUNS, () => execFile('pdfunite', [labelsFile, join(dir, 'united.pdf')]));
    const split = await median(RUNS, async () => {
      const parts = await splitLabelInvoicePdf(combined, SPLIT_LAYOUTS['a4-label-invoice'], { labelMedia: MEDIA['label-4x6in'] });
      await writeFile(join(dir, 'split-labels.pdf'), parts.labels);
      await writeFile(join(dir, 'split-invoices.pdf'), parts.invoices);
    });
    // pdfseparate writes 1,000 files; fewer runs keep the bench short, the median still stands.
    const separate = await median(3, () => execFile('pdfseparate', [combinedFile, join(dir, 'page-%d.pdf')]));

    return [
      {
        area: 'Printing',
        name: `fit ${PAGES} landscape labels to 4x6 in`,
        value: fit,
        unit: 'ms',
        target: '≤ 2x pdfunite',
        pass: fit <= 2 * unite,
        baseline: { name: 'pdfunite', value: unite, unit: 'ms' },
      },
      {
        area: 'Printing',
        name: `split ${PAGES} A4 label+invoice pages`,
        value: split,
        unit: 'ms',
        target: '≤ 2x pdfseparate',
        pass: split <= 2 * separate,
        baseline: { name: 'pdfseparate', value: separate, unit: 'ms' },
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await runPrintingBench()) process.stdout.write(`${JSON.stringify(row)}\n`);
}
