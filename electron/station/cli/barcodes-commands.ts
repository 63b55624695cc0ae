// `station barcodes list|import|export`: the desk's barcode catalogue from the command line, read
// and written with the same CSV reader and writer as the Listings screen. No marketplace call: the
// catalogue is the station's own file in the data folder.
import { readFile, writeFile } from 'node:fs/promises';
import { BarcodeCatalogue } from '../catalogue/barcode-catalogue.js';
import { CatalogueFile } from '../catalogue/catalogue-file.js';
import { importCatalogueCsv, writeCatalogueCsv } from '../catalogue/catalogue-csv.js';
import { dataPaths } from '../composition/data-dir.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type Invocation } from './cli-args.js';
import type { Output } from './cli-io.js';

export async function barcodesCommand(inv: Invocation, out: Output, dataDir: string): Promise<number> {
  const catalogue = new BarcodeCatalogue(new CatalogueFile(dataPaths(dataDir).barcodes, (line) => out.progress(line)));
  const o = inv.options as Record<string, string | undefined>;
  switch (inv.command) {
    case 'barcodes list': {
      const links = catalogue.list();
      out.result({ links });
      for (const l of links) out.line(`${l.code}  ${l.format}  ${l.sku}${l.title ? `  ${l.title}` : ''}`);
      if (links.length === 0) out.note('The barcode catalogue is empty.');
      return EXIT_OK;
    }
    case 'barcodes import': {
      let text: string;
      try {
        text = await readFile(o.csv!, 'utf8');
      } catch (e) {
        out.io.stderr(`station: cannot read ${o.csv}: ${(e as Error).message}`);
        return EXIT_USAGE;
      }
      const result = importCatalogueCsv(catalogue, text);
      if (!result.ok) {
        out.io.stderr(`station: ${result.text}`);
        return EXIT_USAGE;
      }
      out.result({ rows: result.rows });
      for (const r of result.rows) out.line(`${r.status.padEnd(9)} ${r.text}`);
      return result.rows.some((r) => r.status === 'refused') ? EXIT_FAILED : EXIT_OK;
    }
    case 'barcodes export': {
      const links = catalogue.list();
      await writeFile(o.out!, writeCatalogueCsv(links), { mode: 0o600 });
      out.result({ file: o.out, count: links.length });
      out.line(`${links.length} barcode link${links.length === 1 ? '' : 's'} written to ${o.out}.`);
      return EXIT_OK;
    }
    default:
      throw new Error(`No handler for ${inv.command}`);
  }
}
