// What the CUPS PDF printers put out, read like a person would read the paper: the text of the
// PDFs cups-pdf wrote since a moment, found by the words on them (a shipment id, "Manifest").
import { execFile as execFileCb } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cupsPdfOutputDir } from './cups.js';

const execFile = promisify(execFileCb);

export interface PrintedPdf {
  path: string;
  text: string;
}

async function pdfText(path: string): Promise<string | undefined> {
  try {
    const { stdout } = await execFile('pdftotext', ['-layout', path, '-'], { timeout: 15_000 });
    return stdout;
  } catch {
    // cups-pdf creates the file empty and fills it about a second later: not readable yet.
    return undefined;
  }
}

/**
 * Waits for a PDF that cups-pdf wrote after `since` (ms) whose text matches `words`, complete
 * (its size stable across two looks), and returns it with its text. `name`: the file name's start
 * (the job title as cups-pdf writes it).
 */
export async function waitForPrintedPdf(since: number, words: RegExp, options: { timeoutMs?: number; name?: string } | number = {}): Promise<PrintedPdf> {
  const { timeoutMs = 30_000, name: prefix } = typeof options === 'number' ? { timeoutMs: options } : options;
  const dir = await cupsPdfOutputDir();
  const sizes = new Map<string, number>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.endsWith('.pdf')) continue;
      // cups-pdf names a file after the job's title (spaces and specials as underscores).
      if (prefix && !name.startsWith(prefix)) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info || info.mtimeMs < since - 1000 || info.size === 0) continue;
      const was = sizes.get(path);
      sizes.set(path, info.size);
      if (was !== info.size) continue;
      const text = await pdfText(path);
      if (text !== undefined && words.test(text)) return { path, text };
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no PDF printed since ${new Date(since).toISOString()} in ${dir} reads ${words}`);
}
