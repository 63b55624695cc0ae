// A printer's trouble in the desk's language: a stopped or refusing CUPS queue (its reason said as
// CUPS wrote it), a printer not installed, the folder printer's folder, and a print job waiting at
// a stopped printer, retrying or failed. Each is checked by its key, its English (the logs), and
// its Hindi, which must carry none of the English frame.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { englishSentence } from '../../../shared/i18n/station-sentences.js';
import { switchLanguage } from '../../../renderer/src/i18n/i18n.js';
import { inHindi } from '../../support/hindi-sentence.js';
import { CupsBackend } from '../../../electron/station/printing/cups-backend.js';
import { nodeExecFile } from '../../../electron/station/printing/exec-file.js';
import { FolderBackend } from '../../../electron/station/printing/folder-backend.js';
import { messages } from '../../../electron/station/printing/print-job.js';
import { jobSentence } from '../../../electron/station/printing/print-job-words.js';
import { createPdfQueue, cupsAvailable, disableQueue, removeQueue } from '../../support/cups.js';

afterEach(() => switchLanguage('en'));

describe('a print job in trouble', () => {
  const cases = [
    ['stopped here, with a reason', messages.stoppedHere('label', 'ZD420', 'Paused by Meena'), 'station.print.job.stoppedHereLabel', 'Paused by Meena'],
    ['stopped here, no reason', messages.stoppedHere('document', 'HP-A4', ''), 'station.print.job.stoppedHereDocument', 'HP-A4'],
    ['stopped at the printer', messages.stoppedAtPrinter('label', 'ZD420', 'Out of labels'), 'station.print.job.stoppedAtPrinterLabel', 'Out of labels'],
    ['retrying', messages.retrying('document', 'HP-A4', 'lp: Connection refused'), 'station.print.job.retryingDocument', 'lp: Connection refused'],
    ['failed', messages.failed('label', 'ZD420', 'client-error-document-format-not-supported'), 'station.print.job.failedLabel', 'client-error-document-format-not-supported'],
  ] as const;
  for (const [name, message, key, kept] of cases) {
    it(`is said in the desk's language: ${name}`, () => {
      const role = key.endsWith('Label') ? 'label' : 'document';
      const printer = message.includes('ZD420') ? 'ZD420' : 'HP-A4';
      const said = jobSentence({ role, printer, message })!;
      expect(said.key).toBe(key);
      expect(englishSentence(said)).toBe(message);
      const hi = inHindi(said);
      expect(hi).toContain(kept);
      expect(hi).not.toMatch(/printer '|is stopped|the job waits|Could not|Printing on/);
    });
  }

  it('says nothing it does not know word for word', () => {
    expect(jobSentence({ role: 'label', printer: 'ZD420', message: 'ZD420 is stopped; the job waits and retries, maybe' })).toBeUndefined();
  });
});

describe('the folder printer and a printer not installed', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'printer-words-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names its folder and says a missing printer in Hindi', async () => {
    const folder = new FolderBackend({ directory: dir });
    const [info] = await folder.list();
    expect(info!.sentence).toEqual({ key: 'station.print.printer.savesIn', params: { folder: dir } });
    expect(inHindi(info!.sentence!)).toBe(`PDF यहाँ सेव करता है: ${dir}`);
    const missing = await folder.printerStatus('No such printer');
    expect(missing.state).toBe('missing');
    expect(inHindi(missing.sentence!)).toBe('इस कंप्यूटर पर लगा नहीं है');
  });
});

describe.runIf(cupsAvailable())('a CUPS queue stopped with a reason', () => {
  const QUEUE = 'WORDS-STOPPED';
  beforeAll(async () => {
    await createPdfQueue(QUEUE);
    await disableQueue(QUEUE, 'Out of labels');
  });
  afterAll(() => removeQueue(QUEUE));

  it('is said in Hindi with CUPS’s reason as written', async () => {
    const status = await new CupsBackend({ execFile: nodeExecFile }).printerStatus(QUEUE);
    expect(status.state).toBe('stopped');
    expect(status.message).toBe('stopped: Out of labels');
    expect(status.sentence).toEqual({ key: 'station.print.printer.stoppedWhy', params: { reason: 'Out of labels' } });
    expect(inHindi(status.sentence!)).toBe('रुका है: Out of labels');
  });
});
