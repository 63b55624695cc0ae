// Returns received at this desk, kept on disk per return: the photos taken when the package was
// opened (any condition), and for what came back damaged, wrong, incomplete or empty, the claim
// record the office lists, opens and exports. Files are 0600 in 0700 folders under the data
// folder (ARCHITECTURE.md § Security defaults); a claim is written whole or not at all.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { keyedError } from '../../../shared/i18n/station-sentences.js';
import { ClaimView, ReturnId, type ReturnCondition } from '../../../shared/contract/claims.js';
import { idForFileName, insideFolder } from '../../files/inside-folder.js';
import { writeFileDurably } from '../journal/durable-file.js';
import { formatIstIso, type Clock } from '../packing/ist-dates.js';
import { claimSheetPdf } from './claim-sheet.js';
import type { CheckedPhoto } from './return-photos.js';

const CLAIM_FILE = 'claim.json';
const PHOTO_RE = /^photo-(\d+)\.jpg$/;

/** Conditions that keep a return out of stock for a claim. */
export const isClaim = (c: ReturnCondition | undefined): c is Exclude<ReturnCondition, 'sellable'> => c !== undefined && c !== 'sellable';

export interface ClaimStoreOptions {
  /** One folder per return. */
  dir: string;
  /** Where exports are written, one folder per export. */
  exportDir: string;
  clock: Clock;
  /** The desk's language, for the claim PDF (en, hi …). */
  language?: () => string | undefined;
}

export class ClaimStore {
  constructor(private readonly options: ClaimStoreOptions) {}

  private folder(returnId: string): string {
    // The id names a folder: only the characters a return id has (no path parts).
    if (!ReturnId.safeParse(returnId).success) throw keyedError('BAD_RETURN_ID', 'returns.claims.badId', { id: returnId });
    return insideFolder(this.options.dir, returnId);
  }

  private photoNames(returnId: string): string[] {
    const dir = this.folder(returnId);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => PHOTO_RE.test(f))
      .sort((a, b) => Number(PHOTO_RE.exec(a)![1]) - Number(PHOTO_RE.exec(b)![1]));
  }

  /** Writes the photos of one receipt after any already there; returns what was written. */
  savePhotos(returnId: string, photos: readonly CheckedPhoto[]): ClaimView['photos'] {
    const dir = this.folder(returnId);
    mkdirSync(this.options.dir, { recursive: true, mode: 0o700 });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    let n = this.photoNames(returnId).reduce((max, f) => Math.max(max, Number(PHOTO_RE.exec(f)![1])), 0);
    return photos.map((p) => {
      const name = `photo-${++n}.jpg`;
      writeFileDurably(insideFolder(dir, name), p.bytes, 0o600);
      return { name, width: p.width, height: p.height, bytes: p.bytes.length };
    });
  }

  saveClaim(claim: ClaimView): void {
    writeFileDurably(insideFolder(this.folder(claim.returnId), CLAIM_FILE), `${JSON.stringify(ClaimView.parse(claim), null, 1)}\n`, 0o600);
  }

  /** Every claim, newest first; a damaged file is skipped rather than hiding the others. */
  list(): ClaimView[] {
    if (!existsSync(this.options.dir)) return [];
    const out: ClaimView[] = [];
    for (const id of readdirSync(this.options.dir)) {
      const file = join(this.options.dir, id, CLAIM_FILE);
      if (!existsSync(file)) continue;
      let parsed;
      try {
        parsed = ClaimView.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      } catch {
        continue; // cut short by a crash before the rename (writeFileDurably), or edited by hand
      }
      if (parsed.success) out.push(parsed.data);
    }
    return out.sort((a, b) => b.at.localeCompare(a.at));
  }

  private read(returnId: string): ClaimView {
    const file = join(this.folder(returnId), CLAIM_FILE);
    if (!existsSync(file)) throw keyedError('NO_SUCH_CLAIM', 'returns.claims.none', { id: returnId });
    return ClaimView.parse(JSON.parse(readFileSync(file, 'utf8')));
  }

  get(returnId: string): { claim: ClaimView; photos: { name: string; data: string }[] } {
    const claim = this.read(returnId);
    const dir = this.folder(returnId);
    // Photo names come from the claim file: only the names the store writes are read.
    const photos = claim.photos.filter((p) => PHOTO_RE.test(p.name) && existsSync(join(dir, p.name)));
    return { claim, photos: photos.map((p) => ({ name: p.name, data: readFileSync(insideFolder(dir, p.name)).toString('base64') })) };
  }

  /** A new folder with the photos and a one-page PDF of the claim, for the marketplace's claim form. */
  async export(returnId: string): Promise<{ folder: string; pdf: string; photos: string[] }> {
    const { claim, photos } = this.get(returnId);
    const stamp = formatIstIso(this.options.clock.now()).slice(0, 19).replace(/[-:T]/g, '');
    const folder = insideFolder(this.options.exportDir, `claim-${idForFileName(returnId)}-${stamp}`);
    mkdirSync(this.options.exportDir, { recursive: true, mode: 0o700 });
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const written = photos.map((p) => {
      const path = insideFolder(folder, `return-${idForFileName(returnId)}-${p.name}`);
      writeFileDurably(path, Buffer.from(p.data, 'base64'), 0o600);
      return path;
    });
    const pdf = insideFolder(folder, `claim-${idForFileName(returnId)}.pdf`);
    writeFileDurably(pdf, Buffer.from(await claimSheetPdf(claim, photos.map((p) => Buffer.from(p.data, 'base64')), this.options.language?.())), 0o600);
    return { folder, pdf, photos: written.filter((p) => statSync(p).size > 0) };
  }
}
