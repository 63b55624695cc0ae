// Contract handlers of printers and print jobs: what the desk can print on, the test page, the
// job list, reprints, and a packed shipment's label fetched again (a torn or smudged label).
import { StationError } from '../../../../shared/contract/define.js';
import { PACKED_STATES } from './queue-rows.js';
import { MEDIA } from '../../printing/media.js';
import { renderTestPage } from '../../printing/test-page.js';
import type { Handlers } from '../dispatcher.js';
import type { StationAppContext } from '../station-app-context.js';
import { UNASSIGNED } from '../print-service.js';

export function printHandlers(ctx: StationAppContext): Handlers {
  return {
    'printers.list': () => ctx.printing.printers(),
    'printers.testPrint': async ({ role }) => {
      const printer = ctx.printing.printerFor(role) ?? UNASSIGNED[role];
      const media = role === 'label' ? 'label-4x6in' : 'a4';
      const pdf = await renderTestPage({ printer, role, media, now: ctx.clock.now() });
      const { jobId } = await ctx.print(role, pdf, `Test print (${MEDIA[media].label})`);
      return { jobId };
    },
    'print.jobs': () => ctx.printing.jobs(),
    'print.reprint': async ({ jobId }) => {
      if (!ctx.printQueue.get(jobId)) throw new StationError('NO_SUCH_JOB', `There is no print job ${jobId} any more; print the document again from where it came from.`);
      const job = await ctx.printQueue.reprint(jobId);
      return { jobId: job.id };
    },
    'print.reprintLabel': async ({ shipmentId }) => {
      const id = shipmentId.trim();
      const client = ctx.marketplace();
      const [shipment] = await client.orders.getShipments({ shipmentIds: [id] });
      if (!shipment) throw new StationError('NO_SUCH_SHIPMENT', `The marketplace knows no shipment ${id} of this seller.`);
      const states = new Set(shipment.orderItems.map((i) => i.status));
      if (![...states].every((s) => PACKED_STATES.includes(s))) {
        throw new StationError('NOT_PACKED', `Shipment ${id} is ${[...states].join('/')}: only a packed shipment has a label to print again. Pack it at the desk first.`);
      }
      // spec § GET /v3/shipments/{shipmentIds}/labels: the label of a packed shipment, as often as needed.
      const pdf = await client.orders.labels([id]);
      const { jobId } = await ctx.print('label', pdf, `Label ${id} (reprint)`);
      return { jobId };
    },
  };
}
