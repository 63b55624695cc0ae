// A real CUPS spool for printing tests: cupsd running, two cups-pdf queues (one per printer
// role), and a way to find the PDF cups-pdf wrote for a job. Both queues write into the same
// output directory; cups-pdf names files TITLE__QUEUE-job_N.pdf, so a job's file is found by its
// job number and checked against its title.
import { execFile as execFileCb, spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireTool } from './system-tools.js';

const execFile = promisify(execFileCb);
const ENV = { ...process.env, LANG: 'C', LC_ALL: 'C' };

export const LABEL_QUEUE = 'PDF';
export const DOCUMENT_QUEUE = 'PDF-DOCS';
const CUPS_PDF_PPD = 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd';

async function run(command: string, args: string[]): Promise<string> {
  const { stdout } = await execFile(command, args, { env: ENV, timeout: 20_000 });
  return stdout;
}

async function schedulerRunning(): Promise<boolean> {
  try {
    return /scheduler is running/.test(await run('lpstat', ['-r']));
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True when the CUPS tools, cups-pdf and poppler are there (or skipped with a note). */
export function cupsAvailable(): boolean {
  return ['lp', 'lpstat', 'lpadmin', 'cupsenable', 'pdfinfo', 'pdftotext'].every((tool) => requireTool(tool)) && requireTool('/usr/sbin/cupsd');
}

/** Starts cupsd unless it answers already (starting it twice breaks its socket). */
export async function ensureCupsd(): Promise<void> {
  if (await schedulerRunning()) return;
  // Detached: cupsd must outlive the test worker; it daemonizes itself.
  spawn('/usr/sbin/cupsd', [], { detached: true, stdio: 'ignore' }).unref();
  for (let i = 0; i < 100; i += 1) {
    if (await schedulerRunning()) return;
    await sleep(100);
  }
  throw new Error('cupsd did not start within 10 s');
}

async function queueExists(name: string): Promise<boolean> {
  try {
    await run('lpstat', ['-p', name]);
    return true;
  } catch {
    return false;
  }
}

/** cupsd running and both cups-pdf queues present, enabled and accepting jobs. */
export async function ensureCupsQueues(): Promise<{ label: string; document: string }> {
  await ensureCupsd();
  for (const name of [LABEL_QUEUE, DOCUMENT_QUEUE]) {
    if (!(await queueExists(name))) await run('lpadmin', ['-p', name, '-v', 'cups-pdf:/', '-m', CUPS_PDF_PPD, '-E']);
    await enableQueue(name);
  }
  return { label: LABEL_QUEUE, document: DOCUMENT_QUEUE };
}

export async function enableQueue(name: string): Promise<void> {
  await run('cupsenable', [name]);
  await run('cupsaccept', [name]);
}

export async function disableQueue(name: string, reason: string): Promise<void> {
  await run('cupsdisable', ['-r', reason, name]);
}

/** cups-pdf's output directory: `Out` in cups-pdf.conf, ${HOME} expanded ($HOME/PDF by default). */
export async function cupsPdfOutputDir(confPath = '/etc/cups/cups-pdf.conf'): Promise<string> {
  let out = '${HOME}/PDF';
  try {
    const conf = await readFile(confPath, 'utf8');
    const line = /^\s*Out\s+(.+?)\s*$/m.exec(conf);
    if (line) out = line[1];
  } catch {
    // No readable config: cups-pdf's compiled-in default applies.
  }
  // cups-pdf runs the job as its owner; the tests run as that user, so our home is its home.
  return out.replace(/\$\{HOME\}|\$HOME/g, homedir()).replace(/\$\{USER\}/g, process.env.USER ?? 'root');
}

async function completedJobs(): Promise<Set<string>> {
  const stdout = await run('lpstat', ['-W', 'completed', '-o']);
  return new Set(stdout.split('\n').map((l) => l.split(/\s+/)[0]).filter(Boolean));
}

/** cups-pdf turns a title into a file name: spaces and specials become underscores. */
export function cupsPdfTitlePart(title: string): string {
  return title.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * Waits until CUPS has completed `jobId` and cups-pdf's file for it has stopped growing (it is
 * created empty and filled about a second later), and returns its path.
 */
export async function waitForCupsPdfOutput(jobId: string, title: string, timeoutMs = 30_000): Promise<string> {
  const number = /-(\d+)$/.exec(jobId)?.[1];
  if (!number) throw new Error(`not a CUPS job id: ${jobId}`);
  const dir = await cupsPdfOutputDir();
  const deadline = Date.now() + timeoutMs;
  let lastSize = -1;
  while (Date.now() < deadline) {
    if ((await completedJobs()).has(jobId)) {
      const name = (await readdir(dir).catch(() => [] as string[])).find((f) => f.endsWith(`-job_${number}.pdf`));
      if (name) {
        if (!name.startsWith(cupsPdfTitlePart(title).slice(0, 20))) throw new Error(`job ${jobId} wrote ${name}, not a file titled '${title}'`);
        const path = join(dir, name);
        const { size } = await stat(path);
        if (size > 0 && size === lastSize) return path;
        lastSize = size;
      }
    }
    await sleep(250);
  }
  throw new Error(`no complete cups-pdf output for ${jobId} ('${title}') in ${dir} within ${timeoutMs} ms`);
}

/**
 * A cups-pdf queue of this test's own (other test files print on PDF at the same time, so a test
 * that stops a printer stops its own). Removed by removeQueue.
 */
export async function createPdfQueue(name: string): Promise<string> {
  await ensureCupsd();
  await run('lpadmin', ['-p', name, '-v', 'cups-pdf:/', '-m', CUPS_PDF_PPD, '-E']);
  await enableQueue(name);
  return name;
}

export async function removeQueue(name: string): Promise<void> {
  await run('lpadmin', ['-x', name]).catch(() => undefined);
}
