// Reads PDFs the way a person would see them, with poppler-utils: page count and size (pdfinfo),
// the extractable text (pdftotext, optionally of one rectangle) and the rendered pixels (pdftoppm).
// Every tool is run with execFile and an argument list, never through a shell.
import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';

const run = promisify(execFile);

function hasTool(name: string): boolean {
  try {
    execFileSync(name, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const popplerAvailable = ['pdfinfo', 'pdftotext', 'pdftoppm'].every(hasTool);

/**
 * describe() for suites that need poppler-utils. Without them the suite is skipped with a message,
 * unless STATION_REQUIRE_SYSTEM_TOOLS=1 (CI), where a missing tool is a failure.
 */
export function describeWithPoppler(name: string, body: () => void): void {
  if (popplerAvailable) {
    describe(name, body);
    return;
  }
  if (process.env.STATION_REQUIRE_SYSTEM_TOOLS === '1') {
    describe(name, () => {
      it('has poppler-utils installed', () => {
        throw new Error('pdfinfo, pdftotext and pdftoppm are required (apt-get install poppler-utils)');
      });
    });
    return;
  }
  console.warn(`[skipped] ${name}: poppler-utils (pdfinfo, pdftotext, pdftoppm) are not installed`);
  describe.skip(name, body);
}

async function withFile<T>(bytes: Uint8Array, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'station-pdf-'));
  try {
    const path = join(dir, 'doc.pdf');
    await writeFile(path, bytes);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface PdfInfo {
  pages: number;
  /** Width and height in pt of every page. */
  sizes: { width: number; height: number }[];
}

export async function pdfInfo(bytes: Uint8Array): Promise<PdfInfo> {
  return withFile(bytes, async (path) => {
    const { stdout: summary } = await run('pdfinfo', [path]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(summary)?.[1]);
    const { stdout } = await run('pdfinfo', ['-f', '1', '-l', String(pages), path]);
    const sizes = [...stdout.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
    return { pages, sizes };
  });
}

export interface TextOptions {
  first?: number;
  last?: number;
  /** Only text inside this rectangle: pt, origin top-left (pdftotext -x -y -W -H at 72 dpi). */
  crop?: { x: number; y: number; width: number; height: number };
}

/** The text of the document; pages are separated by form feeds ('\f'). */
export async function pdfText(bytes: Uint8Array, options: TextOptions = {}): Promise<string> {
  return withFile(bytes, async (path) => {
    const args = ['-enc', 'UTF-8'];
    if (options.first) args.push('-f', String(options.first));
    if (options.last) args.push('-l', String(options.last));
    if (options.crop) {
      const c = options.crop;
      args.push('-r', '72', '-x', String(Math.floor(c.x)), '-y', String(Math.floor(c.y)), '-W', String(Math.ceil(c.width)), '-H', String(Math.ceil(c.height)));
    }
    const { stdout } = await run('pdftotext', [...args, path, '-']);
    return stdout;
  });
}

export interface PdfImage {
  width: number;
  height: number;
  /** The image stream as embedded: a JPEG's own bytes (pdfimages -j). */
  data: Buffer;
}

/** The images of the document in page order: size from pdfimages -list, bytes from pdfimages -j. */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  return withFile(bytes, async (path) => {
    const { stdout } = await run('pdfimages', ['-list', path]);
    const sizes = stdout.trim().split('\n').slice(2).map((row) => row.trim().split(/\s+/)).map((f) => ({ width: Number(f[3]), height: Number(f[4]) }));
    const dir = join(dirname(path), 'images');
    await mkdir(dir);
    await run('pdfimages', ['-j', path, join(dir, 'img')]);
    const files = (await readdir(dir)).sort();
    return Promise.all(sizes.map(async (size, i) => ({ ...size, data: await readFile(join(dir, files[i]!)) })));
  });
}

/** Text of each page, in order. */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const text = await pdfText(bytes);
  return text.split('\f').slice(0, -1);
}

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black to 255 white, row by row. */
  data: Uint8Array;
}

/** Renders one page to 8-bit gray pixels, as a printer driver would rasterise it. */
export async function renderGray(bytes: Uint8Array, page: number, dpi: number): Promise<GrayImage> {
  return withFile(bytes, async (path) => {
    const { stdout } = await run('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', path], {
      encoding: 'buffer',
      maxBuffer: 256 * 1024 * 1024,
    });
    return parsePgm(stdout);
  });
}

/** Binary PGM (P5), the format pdftoppm -gray writes. */
function parsePgm(buf: Buffer): GrayImage {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[i]))) i++;
    if (buf[i] === 0x23) {
      while (buf[i] !== 0x0a) i++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(buf[i]))) token += String.fromCharCode(buf[i++]);
    fields.push(token);
  }
  if (fields[0] !== 'P5' || fields[3] !== '255') throw new Error(`not an 8-bit binary PGM: ${fields.join(' ')}`);
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  const start = i + 1;
  return { width, height, data: new Uint8Array(buf.buffer, buf.byteOffset + start, width * height) };
}
