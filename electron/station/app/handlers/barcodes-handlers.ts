// Contract handlers of the barcode catalogue: the Listings screen's Barcodes panel (view, add,
// remove, CSV import and export) and the Pack screen's "which product is this?" answer, which
// links the barcode and then counts the unit as the same scan would have.
import { StationError } from '../../../../shared/contract/define.js';
import { keyed, keyedError } from '../../../../shared/i18n/station-sentences.js';
import { marketplaceTrouble } from './desk-deps.js';
import { importCatalogueCsv, writeCatalogueCsv } from '../../catalogue/catalogue-csv.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { journalEvent } from './desk-events.js';

export function barcodesHandlers(ctx: AppContext): Handlers {
  return {
    'barcodes.list': () => ctx.barcodes().list(),
    'barcodes.add': async ({ code, sku }) => {
      // A barcode links to a product the seller sells: a SKU with no listing would make every scan of it a dead end at Pack.
      const found = await ctx
        .marketplace()
        .listings.get([sku])
        .catch((e: unknown) => {
          throw marketplaceTrouble(e, keyed('station.marketplace.what.readListings'));
        });
      if (!found.available[sku]) throw keyedError('NO_LISTING', 'station.barcodes.noListing', { sku, code });
      const outcome = ctx.barcodes().link({ code, sku, source: 'manual' });
      if (!outcome.ok) throw new StationError(outcome.reason === 'conflict' ? 'BARCODE_CONFLICT' : 'BAD_BARCODE', outcome.text);
      return { link: outcome.link, added: outcome.added, text: outcome.text };
    },
    'barcodes.remove': ({ code }) => {
      const removed = ctx.barcodes().remove(code);
      if (!removed) throw new StationError('NO_SUCH_BARCODE', `Barcode ${code} is not in the catalogue; nothing was removed.`);
      return { text: `Barcode ${removed.code} is no longer linked to ${removed.sku}.` };
    },
    'barcodes.import': ({ csv }) => {
      const result = importCatalogueCsv(ctx.barcodes(), csv);
      if (!result.ok) throw new StationError('BAD_CSV', result.text);
      const count = (status: string) => result.rows.filter((r) => r.status === status).length;
      const refused = count('refused');
      const text = `${count('added')} barcode(s) linked, ${count('unchanged')} already there${refused > 0 ? `, ${refused} refused: see each line's reason, fix the file and import it again` : ''}.`;
      return { rows: result.rows, text };
    },
    'barcodes.export': () => {
      const links = ctx.barcodes().list();
      return { csv: writeCatalogueCsv(links), count: links.length };
    },
    'barcodes.learn': async ({ code, sku }) => {
      const desk = ctx.desk();
      const view = desk.view();
      const line = view.session?.lines.find((l) => l.sku === sku);
      if (!view.session || !line) throw new StationError('NOT_IN_SHIPMENT', `${sku} is not a product of the open shipment; nothing was linked. Scan the product again.`);
      const outcome = ctx.barcodes().link({ code, sku, title: line.title, source: 'scan' });
      if (!outcome.ok) {
        desk.dismissBarcode();
        throw new StationError(outcome.reason === 'conflict' ? 'BARCODE_CONFLICT' : 'BAD_BARCODE', outcome.text);
      }
      await journalEvent(ctx, { op: 'barcodes.learn', targets: { skus: [sku], shipmentIds: [view.session.shipmentId] }, request: { code } }, { status: 'ok' });
      // The unit counts through the desk's own scan path: journaled, and replayed after a restart.
      const feedback = await desk.scan(code);
      return { text: `${outcome.text} ${feedback.text}` };
    },
    'barcodes.dismiss': () => ({ text: ctx.desk().dismissBarcode().text }),
  };
}
