// The pack-desk dependencies built from the app context, for the calls of pack-submit.ts and
// wave.ts that the dispatch and wave screens make outside the open desk session. Built per call,
// so a changed location, operator or printer setting applies to the next scan.
import { randomUUID } from 'node:crypto';
import type { ShipmentWire } from '../../../../shared/api/shipments.js';
import { StationError, type KeyedSentence } from '../../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../../shared/i18n/station-sentences.js';
import { MarketplaceError } from '../../api/errors.js';
import type { DeskDeps } from '../../packing/pack-desk.js';
import type { WaveDeps } from '../../packing/wave.js';
import type { AppContext } from '../app-context.js';

/** What a wave needs from the app: the marketplace, the journal and the invoice series. */
export function waveDepsFrom(ctx: AppContext): WaveDeps {
  return {
    client: ctx.marketplace(),
    journal: ctx.journal,
    facts: ctx.facts(),
    invoices: ctx.numbering?.() ?? ctx.invoices(),
    ...(ctx.warehouseClaims?.() ? { claims: ctx.warehouseClaims()! } : {}),
    clock: ctx.clock,
    who: ctx.who(),
    transitionYear: ctx.settings.get().taxTransitionYear,
  };
}

/** What the pack desk needs: a wave's dependencies plus the desk's location, printer and policy. */
export function deskDepsFrom(ctx: AppContext): DeskDeps {
  return {
    ...waveDepsFrom(ctx),
    locationId: ctx.locationId(),
    printer: ctx.labelPrinter?.() ?? { printLabels: async (pdf, job) => ({ printer: (await ctx.print('label', pdf, job.title)).printer }) },
    rtdPolicy: ctx.settings.get().rtdPolicy,
    barcodes: ctx.barcodes(),
    newSessionId: randomUUID,
    ...(ctx.pushes ? { stops: ctx.pushes.stops } : {}),
  };
}

/** Reads one shipment; a marketplace failure becomes a sentence the packer can act on. */
export async function readShipment(ctx: AppContext, shipmentId: string): Promise<ShipmentWire | undefined> {
  try {
    const [shipment] = await ctx.marketplace().orders.getShipments({ shipmentIds: [shipmentId] });
    return shipment;
  } catch (e) {
    throw marketplaceTrouble(e, keyed('station.marketplace.what.readShipment', { id: shipmentId }));
  }
}

/**
 * Any error of a marketplace call as a StationError in words (the code kept for the UI): what
 * the desk was doing and what to do next in the desk's language, the marketplace's own words
 * inside as it said them.
 */
export function marketplaceTrouble(e: unknown, what: KeyedSentence): unknown {
  if (!(e instanceof MarketplaceError)) return e;
  const said = e.message.trim().replace(/\.?$/, '.');
  const next = e.outcomeUnknown
    ? keyed('station.marketplace.next.answerLost')
    : e.retryable || e.kind === 'network' || e.kind === 'timeout'
      ? keyed('station.marketplace.next.later')
      : keyed('station.marketplace.next.details');
  // A sign-in trouble already has its own keyed words; the marketplace's own refusals are said as it wrote them.
  const sentence = e.sentence ? keyed('station.marketplace.couldNot', undefined, { what, next, said: e.sentence }) : keyed('station.marketplace.couldNot', { said }, { what, next });
  return new StationError(e.code ?? `MARKETPLACE_${e.kind.toUpperCase()}`, englishSentence(sentence), sentence);
}

/** One status for a shipment in words (items of one shipment move together, spec § Shipment). */
export function shipmentStatus(shipment: ShipmentWire): string {
  const statuses = [...new Set(shipment.orderItems.map((i) => i.status))];
  return statuses.length === 1 ? statuses[0] : statuses.join('/');
}

/** "Double door refrigerator" or "Phone and 1 more item". */
export function titlesOf(shipment: ShipmentWire): string {
  const titles = shipment.orderItems.map((i) => i.title ?? i.sku);
  return titles.length === 1 ? titles[0] : `${titles[0]} and ${titles.length - 1} more item${titles.length > 2 ? 's' : ''}`;
}
