// Contract handlers of printers and print jobs: what the desk can print on, the test page, the
// job list, reprints, and a packed shipment's label fetched again (a torn or smudged label).
import { keyed, keyedError } from '../../../../shared/i18n/station-sentences.js';
import { PACKED_STATES } from './queue-rows.js';
import { MEDIA } from '../../printing/media.js';
import { renderTestPage } from '../../printing/test-page.js';
import type { Handlers } from '../dispatcher.js';
import type { StationAppContext } from '../station-app-context.js';
import { SettingsError } from '../../settings/settings-store.js';
import type { MarketplaceClient } from '../../api/client.js';

/** The printers.* roles a document printer serves: invoices, packing slips, manifests, reports. */
const DOCUMENT_ROLES = ['invoice', 'packingSlip', 'manifest', 'report'] as const;

/** A shipment of this seller that is packed (or further): only those have documents to print. */
async function packedShipment(client: MarketplaceClient, id: string, what: 'label' | 'invoice'): Promise<void> {
  const [shipment] = await client.orders.getShipments({ shipmentIds: [id] });
  if (!shipment) throw keyedError('NO_SUCH_SHIPMENT', 'station.print.noSuchShipment', { id });
  const states = new Set(shipment.orderItems.map((i) => i.status));
  if (![...states].every((s) => PACKED_STATES.includes(s))) {
    const params = { id, states: [...states].join('/') };
    throw what === 'label' ? keyedError('NOT_PACKED', 'station.print.labelNotPacked', params) : keyedError('NOT_PACKED', 'station.print.invoiceNotPacked', params);
  }
}

export function printHandlers(ctx: StationAppContext): Handlers {
  return {
    'printers.list': () => ctx.printing.printers(),
    'printers.testPrint': async ({ role, printer: shown }) => {
      // The printer on the screen, saved or not: a test print of another one would prove nothing.
      const printer = shown ?? ctx.printing.printerFor(role);
      if (!printer) throw role === 'label' ? keyedError('NO_PRINTER', 'station.print.noLabelPrinter') : keyedError('NO_PRINTER', 'station.print.noDocumentPrinter');
      const known = (await ctx.printing.printers()).some((p) => p.name === printer);
      if (!known) throw keyedError('NO_SUCH_PRINTER', 'station.print.noSuchPrinter', { printer });
      const media = ctx.printing.mediaFor(role);
      const pdf = await renderTestPage({ printer, role, media, now: ctx.clock.now(), language: ctx.settings.get().language });
      const { jobId } = await ctx.printing.print(role, pdf, `Test print (${MEDIA[media].label})`, { printer, fitted: true });
      return { jobId, printer };
    },
    'printers.assign': ({ role, printer }) => {
      // undefined removes the key (settings merge), so "None" really clears the old printer.
      const name = printer ?? undefined;
      const patch = role === 'label' ? { label: name } : Object.fromEntries(DOCUMENT_ROLES.map((r) => [r, name]));
      try {
        return ctx.settings.update({ printers: patch });
      } catch (e) {
        if (e instanceof SettingsError) throw e.toStationError();
        throw e;
      }
    },
    'print.reprintInvoice': async ({ shipmentId }) => {
      const id = shipmentId.trim();
      const client = ctx.marketplace();
      await packedShipment(client, id, 'invoice');
      // spec § GET /v3/shipments/{shipmentIds}/invoices: the invoice PDF of a packed shipment.
      const pdf = await client.orders.invoicesPdf([id]);
      const { jobId } = await ctx.print('document', pdf, keyed('print.jobTitle.reprintInvoice', { id }));
      return { jobId };
    },
    'print.jobs': () => ctx.printing.jobs(),
    'print.reprint': async ({ jobId }) => {
      if (!ctx.printQueue.get(jobId)) throw keyedError('NO_SUCH_JOB', 'station.print.noSuchJob', { jobId });
      const job = await ctx.printQueue.reprint(jobId);
      return { jobId: job.id };
    },
    'print.reprintLabel': async ({ shipmentId }) => {
      const id = shipmentId.trim();
      const client = ctx.marketplace();
      await packedShipment(client, id, 'label');
      // spec § GET /v3/shipments/{shipmentIds}/labels: the label of a packed shipment, as often as needed.
      const pdf = await client.orders.labels([id]);
      const title = keyed('print.jobTitle.reprintLabel', { id });
      // Through the desk's documents step: the label with a slip per parcel as packed.
      const printer = ctx.labelPrinter?.();
      if (!printer) return { jobId: (await ctx.print('label', pdf, title)).jobId };
      const { jobId } = await printer.printLabels(pdf, { shipmentIds: [id], title, labelOnly: true });
      if (!jobId) throw keyedError('NOT_QUEUED', 'station.print.labelNotQueued', { id });
      return { jobId };
    },
  };
}
