// The barcode catalogue on disk: one JSON file in the data folder, replaced whole and atomically
// (temp file, fsync, rename) with mode 0600 like every file the station writes. A file that
// cannot be read is kept aside under a new name, never overwritten, so no link is lost silently.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { z } from 'zod';
import { PRODUCT_BARCODE_FORMATS } from '../../../shared/product-barcodes.js';
import { writeFileDurably } from '../journal/durable-file.js';
import type { BarcodeLink, CatalogueStore } from './barcode-catalogue.js';

const FILE_FORMAT = 1;

const StoredLink = z.object({
  code: z.string(),
  format: z.enum(PRODUCT_BARCODE_FORMATS),
  sku: z.string(),
  title: z.string().optional(),
  source: z.enum(['scan', 'manual', 'import']),
  addedAt: z.string(),
});
const StoredFile = z.object({ format: z.literal(FILE_FORMAT), links: z.array(StoredLink) });

export class CatalogueFile implements CatalogueStore {
  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  load(): BarcodeLink[] {
    if (!existsSync(this.path)) return [];
    const text = readFileSync(this.path, 'utf8');
    let parsed: z.infer<typeof StoredFile>;
    try {
      parsed = StoredFile.parse(JSON.parse(text));
    } catch {
      const aside = `${this.path}.unreadable-${Date.now()}`;
      renameSync(this.path, aside);
      this.log(`The barcode catalogue ${this.path} could not be read; it was kept as ${aside} and a new one started.`);
      return [];
    }
    return parsed.links;
  }

  save(links: readonly BarcodeLink[]): void {
    writeFileDurably(this.path, `${JSON.stringify({ format: FILE_FORMAT, links }, null, 1)}\n`, 0o600);
  }
}

/** A catalogue kept in memory (tests, and a desk without a data folder). */
export class MemoryCatalogueStore implements CatalogueStore {
  saved: BarcodeLink[] = [];
  load(): BarcodeLink[] {
    return [...this.saved];
  }
  save(links: readonly BarcodeLink[]): void {
    this.saved = [...links];
  }
}
