// Contract handlers of the pack desk, dispatch and handover (issue "packing desk app", screens
// 3-5). The desk's state machine lives in PackDesk; these handlers hand it the renderer's scans
// and return its view, run waves, and do what the dispatch and handover screens ask, answering
// every refusal with a sentence that says what to do with the parcel in hand.
import { classifyScan, type ClassifiedScan } from '../../../../shared/barcodes.js';
import type { PayloadOf, ResultOf } from '../../../../shared/contract.js';
import { StationError } from '../../../../shared/contract/define.js';
import { keyed, saying, sentence } from '../../../../shared/i18n/station-sentences.js';
import { MarketplaceError } from '../../api/errors.js';
import { istWhenSentence } from '../../packing/ist-date-words.js';
import { dispatchShipments } from '../../packing/pack-submit.js';
import { putAsideShipments } from '../../journal/desk-history.js';
import { dispatchPackedWaiting, findPackedWaiting } from '../../packing/packed-waiting.js';
import { runWave, type WaveProgress } from '../../packing/wave.js';
import { planWave } from '../../packing/wave-plan.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../dispatcher.js';
import { handoverGroups } from './handover-handlers.js';
import { deskDepsFrom, marketplaceTrouble, readShipment, waveDepsFrom } from './desk-deps.js';
import { journalEvent } from './desk-events.js';
import { cancelPreview, cancelShipment } from './cancel-shipment.js';
import { markedReady, noSuchShipment, notAShipment, notConfirmed, notReadyToDispatch } from './dispatch-words.js';

type ShipmentResult = ResultOf<'dispatch.scan'>;

export function deskHandlers(ctx: AppContext): Handlers {
  // A product barcode in the wave's SKU field selects the SKU it is linked to, in the preview and
  // in the wave it confirms alike.
  const waveSku = (sku: string | undefined) => (sku === undefined ? undefined : (ctx.barcodes().skuFor(sku) ?? sku));
  const view = () => ctx.desk().view();
  return {
    'desk.view': () => view(),
    'desk.scan': async ({ raw, source }) => {
      await ctx.desk().scan(raw, source);
      return view();
    },
    'desk.undo': async () => {
      await ctx.desk().undo();
      return view();
    },
    'desk.removeSerial': async ({ serial }) => {
      await ctx.desk().removeSerial(serial);
      return view();
    },
    'desk.measure': async (m) => {
      await ctx.desk().measure(m);
      return view();
    },
    'desk.pack': async () => {
      await ctx.desk().pack();
      return view();
    },
    'desk.putAside': async () => {
      await ctx.desk().putAside();
      return view();
    },
    'desk.dispatchWave': async () => {
      const desk = ctx.desk();
      const r = await dispatchPackedWaiting(waveDepsFrom(ctx), ctx.locationId(), desk.view().awaitingDispatch);
      desk.markDispatched(r.dispatched);
      return [
        ...r.dispatched.map((shipmentId) => ({ shipmentId, ok: true, ...saying(sentence('station.wave.readyToDispatch', { id: shipmentId })) })),
        ...r.failed.map((f) => ({ shipmentId: f.shipmentId, ok: false, text: f.text, ...(f.sentences ? { sentences: f.sentences } : {}) })),
      ];
    },
    'desk.packedWaiting': async () => {
      try {
        return await findPackedWaiting(waveDepsFrom(ctx), ctx.locationId(), ctx.desk().view().awaitingDispatch);
      } catch (e) {
        throw marketplaceTrouble(e, keyed('station.marketplace.what.packedWaiting'));
      }
    },
    'wave.preview': async ({ sku }) => {
      try {
        return await planWave(waveDepsFrom(ctx), { locationId: ctx.locationId(), sku: waveSku(sku), putAside: new Set(putAsideShipments(await ctx.journal.records())) });
      } catch (e) {
        throw marketplaceTrouble(e, keyed('station.marketplace.what.wavePreview'));
      }
    },
    'wave.run': async ({ sku, dispatch, shipmentIds }) => {
      const locationId = ctx.locationId();
      // The wave's start names each of its label jobs (CUPS in English, the Print screen by key).
      const when = istWhenSentence(ctx.clock.now());
      let part = 0;
      return runWave(waveDepsFrom(ctx), {
        locationId,
        sku: waveSku(sku),
        dispatch,
        only: new Set(shipmentIds),
        putAside: new Set(putAsideShipments(await ctx.journal.records())),
        // One print job per batch of up to 100, handed over as each batch's labels arrive and in
        // wave order: the first labels print while later batches are packed.
        // The desk's label printer, so the wave prints invoices as the after-pack setting says, as a
        // single pack does; without one (a bare test context) the labels go straight to the queue.
        labels: async (pdf, shipmentIds) => {
          part++;
          const title = part > 1 ? keyed('print.jobTitle.wavePart', { location: locationId, part }, { when }) : keyed('print.jobTitle.wave', { location: locationId }, { when });
          const printer = ctx.labelPrinter?.();
          if (printer) await printer.printLabels(pdf, { shipmentIds, title });
          else await ctx.print('label', pdf, title);
        },
        onProgress: (p) => ctx.hub.emit('wave.progress', progressView(p)),
      });
    },
    'dispatch.scan': async ({ raw }) => dispatchScan(ctx, classifyScan(raw), raw),
    'dispatch.cancelPreview': async ({ shipmentId }) => cancelPreview(ctx, shipmentId),
    'dispatch.cancel': async ({ shipmentId, reason }) => cancelShipment(ctx, shipmentId, reason),
    'handover.counts': async () => {
      const counts = await ctx
        .marketplace()
        .orders.handoverCounts(ctx.locationId())
        .catch((e) => {
          throw marketplaceTrouble(e, keyed('station.marketplace.what.handoverCounts'));
        });
      return handoverGroups(counts);
    },
    'handover.printManifest': async ({ vendorGroupCode }) => {
      const locationId = ctx.locationId();
      let pdf: Uint8Array;
      try {
        // The manifest lists what is READY_TO_DISPATCH (spec § Shipment: "after READY_TO_DISPATCH the seller downloads the manifest").
        pdf = await ctx.marketplace().orders.manifest({ params: { vendorGroupCode, locationId } });
      } catch (e) {
        const refusal: unknown =
          e instanceof MarketplaceError && e.code === 'UNPROCESSABLE_ENTITY'
            ? new StationError('NOTHING_TO_HAND_OVER', `No shipment of ${vendorGroupCode} is ready to dispatch, so there is no manifest to print. Mark the parcels ready to dispatch first.`)
            : marketplaceTrouble(e, keyed('station.marketplace.what.manifest', { code: vendorGroupCode }));
        await journalEvent(ctx, { op: 'handover.manifest', request: { vendorGroupCode, locationId } }, { status: 'failed', ...errorFields(refusal) });
        throw refusal;
      }
      const { jobId, printer } = await ctx.print('document', pdf, keyed('print.jobTitle.manifest', { group: vendorGroupCode }, { when: istWhenSentence(ctx.clock.now()) }));
      await journalEvent(ctx, { op: 'handover.manifest', request: { vendorGroupCode, locationId } }, { status: 'ok', result: { jobId, printer } });
      return { jobId };
    },
  };
}

const errorFields = (e: unknown) => {
  const err = e as { code?: unknown; message?: unknown };
  return { errorCode: typeof err.code === 'string' ? err.code : undefined, errorMessage: typeof err.message === 'string' ? err.message : String(e) };
};

function progressView(p: WaveProgress): PayloadOf<'wave.progress'> {
  switch (p.step) {
    case 'found': {
      const found = sentence('station.wave.found', { count: p.shipments });
      return { step: p.step, total: p.shipments, ...(p.capped ? saying(found, sentence('station.wave.capped')) : saying(found)) };
    }
    case 'packed':
      return { step: p.step, done: p.done, total: p.total, ...saying(sentence('station.wave.packed', { done: p.done, total: p.total })) };
    case 'documents':
      return { step: p.step, done: p.ready, total: p.total, ...saying(sentence('station.wave.documents', { ready: p.ready, total: p.total })) };
    case 'labels':
      // done of total: the shipments whose labels went to the printer, of those found.
      return { step: p.step, done: p.shipments, total: p.total, ...saying(p.jobs > 1 ? sentence('station.wave.labelsJobs', { pages: p.pages, jobs: p.jobs }) : sentence('station.wave.labels', { count: p.pages })) };
    case 'dispatched':
      return { step: p.step, done: p.done, total: p.total, ...saying(sentence('station.wave.dispatched', { done: p.done, total: p.total })) };
  }
}

/** Words for a scan that is not a shipment id, on the dispatch screen. */
async function dispatchScan(ctx: AppContext, scan: ClassifiedScan, raw: string): Promise<ShipmentResult> {
  if (scan.kind !== 'shipmentId') return { shipmentId: scan.value || raw, ok: false, ...notAShipment(scan) };
  const id = scan.value;
  const locationId = ctx.locationId();
  const shipment = await readShipment(ctx, id);
  if (!shipment) return { shipmentId: id, ok: false, ...noSuchShipment(id) };
  const refusal = notReadyToDispatch(shipment, locationId);
  if (refusal) return { shipmentId: id, ...refusal };
  const r = await dispatchShipments(deskDepsFrom(ctx), [id]);
  if (r.dispatched.includes(id)) return { shipmentId: id, ok: true, ...markedReady(shipment) };
  const failed = r.failed[0];
  return { shipmentId: id, ok: false, ...(failed ? { text: failed.text, sentences: failed.sentences } : notConfirmed(id)) };
}
