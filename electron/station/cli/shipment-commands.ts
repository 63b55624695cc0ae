// `station shipments|pack|labels|dispatch|manifest|handover|cancel`: the pack desk's shipment
// operations from a terminal, over the same services as the app.
import { writeFile } from 'node:fs/promises';
import { beginRun } from '../composition/run-marker.js';
import { OrderItemStatus, STATES_BY_SEARCH_TYPE, type SearchType } from '../../../shared/api/enums.js';
import type { ShipmentWire } from '../../../shared/api/shipments.js';
import { applyJournaled, packShipments } from '../composition/shipment-flow.js';
import { runResumableWave } from '../composition/wave-run.js';
import type { WaveProgress } from '../packing/wave.js';
import type { Station } from '../station.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type Invocation } from './cli-args.js';
import type { Output } from './cli-io.js';
import { searchAllSellerPacked } from '../packing/seller-search.js';

type Opts = Record<string, string | boolean | undefined>;
const str = (o: Opts, k: string) => o[k] as string | undefined;

function describe(s: ShipmentWire): string {
  const status = [...new Set(s.orderItems.map((i) => i.status))].join('/');
  const items = s.orderItems.map((i) => `${i.sku} x${i.quantity}`).join(', ');
  return `${s.shipmentId}  ${status.padEnd(19)} ${s.locationId}  dispatch by ${s.dispatchByDate}${s.hold ? '  ON HOLD' : ''}  ${items}`;
}

export async function shipmentsList(station: Station, inv: Invocation, out: Output): Promise<number> {
  const o = inv.options as Opts;
  const state = str(o, 'state');
  let type: SearchType = 'preDispatch';
  let states: OrderItemStatus[] | undefined;
  if (state) {
    const parsed = OrderItemStatus.safeParse(state.toUpperCase());
    const found = parsed.success ? (Object.entries(STATES_BY_SEARCH_TYPE).find(([, list]) => list.includes(parsed.data)) as [SearchType, unknown] | undefined) : undefined;
    if (!parsed.success || !found) {
      out.io.stderr(`--state must be one of ${Object.values(STATES_BY_SEARCH_TYPE).flat().join(', ')} (spec § POST /v3/shipments/filter/).`);
      return EXIT_USAGE;
    }
    type = found[0];
    states = [parsed.data];
  }
  const found = await searchAllSellerPacked(station.client.orders, {
    filter: { type, ...(states ? { states } : {}), ...(str(o, 'location') ? { locationId: str(o, 'location') } : {}), ...(type === 'cancelled' ? { cancellationType: 'sellerCancellation' as const } : {}) },
    pagination: { pageSize: 20 },
    sort: { field: 'dispatchByDate', order: 'asc' },
  });
  out.result({ shipments: found.shipments, capped: found.capped });
  for (const s of found.shipments) out.line(describe(s));
  out.line(`${found.shipments.length} shipment(s)${found.capped ? ' (stopped at the 5,000 the marketplace returns per search; narrow the filter)' : ''}.`);
  return EXIT_OK;
}

export async function shipmentsShow(station: Station, inv: Invocation, out: Output): Promise<number> {
  const found = await station.client.orders.getShipments({ shipmentIds: inv.ids });
  const missing = inv.ids.filter((id) => !found.some((s) => s.shipmentId === id));
  out.result({ shipments: found, missing });
  for (const s of found) {
    out.line(describe(s));
    for (const i of s.orderItems) out.line(`    ${i.orderItemId}  ${i.sku}  ${i.title ?? ''}  x${i.quantity}  ${i.status}`);
  }
  for (const id of missing) out.io.stderr(`No shipment ${id} for this seller.`);
  return missing.length > 0 ? EXIT_FAILED : EXIT_OK;
}

function waveLine(e: WaveProgress): string {
  switch (e.step) {
    case 'found':
      return `Found ${e.shipments} approved shipment(s)${e.capped ? ' (search capped at 5,000; run the wave again for the rest)' : ''}.`;
    case 'packed':
      return `Packed ${e.done} of ${e.total}.`;
    case 'documents':
      return `Labels ready for ${e.ready} of ${e.total}.`;
    case 'labels':
      return `Labels: ${e.pages} page(s).`;
    case 'dispatched':
      return `Ready to dispatch: ${e.done} of ${e.total}.`;
  }
}

export async function pack(station: Station, inv: Invocation, out: Output): Promise<number> {
  const o = inv.options as Opts;
  const labelsOut = str(o, 'labels-out');
  if (o.wave) {
    const locationId = str(o, 'location');
    if (!locationId || inv.ids.length > 0) {
      out.io.stderr(!locationId ? 'pack --wave needs --location L.' : 'pack --wave takes no shipment ids: it packs every approved shipment of the location.');
      return EXIT_USAGE;
    }
    const summary = await runResumableWave(station, {
      locationId,
      sku: str(o, 'sku'),
      dispatch: !!o.dispatch,
      labels: labelsOut ? (pdf) => writeFile(labelsOut, pdf) : undefined,
      onProgress: (e) => out.progress(waveLine(e)),
      onResume: (n) => out.progress(`Resuming an interrupted wave: ${n} shipment(s) it packed are finished now, not packed again.`),
    });
    const { capped: _capped, ...result } = summary;
    out.result(result);
    out.line(`Wave done: ${summary.packed} packed, ${summary.skipped.length} skipped, ${summary.failed.length} failed, ${summary.labelsPages} label page(s), ${summary.dispatched} ready to dispatch; ${summary.requests} requests in ${(summary.elapsedMs / 1000).toFixed(1)} s.`);
    for (const s of summary.skipped) out.line(`  skipped ${s.shipmentId}: ${s.reason}`);
    for (const f of summary.failed) out.line(`  FAILED ${f.shipmentId}: ${f.code} ${f.message}`);
    if (labelsOut && summary.labelsPages > 0) out.line(`Labels written to ${labelsOut}.`);
    if (summary.capped) out.note('The search stopped at the 5,000 shipments the marketplace returns; run the wave again for the rest.');
    return summary.failed.length > 0 ? EXIT_FAILED : EXIT_OK;
  }
  if (inv.ids.length === 0) {
    out.io.stderr('Give shipment ids to pack, or --wave --location L.');
    return EXIT_USAGE;
  }
  if (str(o, 'location') || str(o, 'sku')) {
    out.io.stderr('--location and --sku belong to pack --wave.');
    return EXIT_USAGE;
  }
  // Killed between the steps, the next start names what is left undone (run-marker.ts).
  const endRun = beginRun(station, { command: 'pack', shipmentIds: inv.ids, dispatch: !!o.dispatch });
  const r = await packShipments(station, inv.ids, { dispatch: !!o.dispatch, labels: !!labelsOut, progress: out.progress, ignoreWeightWarning: !!o['ignore-weight-warning'] });
  endRun();
  if (labelsOut && r.labels) await writeFile(labelsOut, r.labels);
  out.result({ packed: r.packed, skipped: r.skipped, failed: r.failed, dispatched: r.dispatched, labelsOut: r.labels ? labelsOut : undefined });
  for (const id of r.packed) out.line(`packed ${id}${r.dispatched.includes(id) ? ', ready to dispatch' : ''}`);
  for (const s of r.skipped) out.line(`skipped ${s.shipmentId}: ${s.reason}`);
  for (const f of r.failed) out.line(`FAILED ${f.shipmentId}: ${f.code} ${f.message}`);
  const warned = r.failed.filter((f) => f.code === 'WEIGHT_ANOMALY_WARNING').map((f) => f.shipmentId);
  if (warned.length > 0) out.note(`If the listing's weight and size are right, pack them anyway: station pack ${warned.join(' ')} --ignore-weight-warning`);
  if (labelsOut && r.labels) out.line(`Labels written to ${labelsOut}.`);
  return r.failed.length > 0 || r.skipped.length > 0 ? EXIT_FAILED : EXIT_OK;
}

export async function labels(station: Station, inv: Invocation, out: Output): Promise<number> {
  const file = str(inv.options as Opts, 'out')!;
  const pdf = await station.client.orders.labels(inv.ids);
  await writeFile(file, pdf);
  out.result({ out: file, bytes: pdf.length, shipmentIds: inv.ids });
  out.line(`Labels of ${inv.ids.length} shipment(s) written to ${file}.`);
  return EXIT_OK;
}

export async function dispatch(station: Station, inv: Invocation, out: Output): Promise<number> {
  const location = str(inv.options as Opts, 'location')!;
  const failed: { shipmentId: string; code: string; message: string }[] = [];
  const done = await applyJournaled(station, 'dispatch', inv.ids, (batch) => station.client.orders.dispatch(batch, location), failed);
  out.result({ dispatched: done, failed });
  for (const id of done) out.line(`${id} ready to dispatch`);
  for (const f of failed) out.line(`FAILED ${f.shipmentId}: ${f.code} ${f.message}`);
  return failed.length > 0 ? EXIT_FAILED : EXIT_OK;
}

export async function handover(station: Station, inv: Invocation, out: Output): Promise<number> {
  const counts = await station.client.orders.handoverCounts(str(inv.options as Opts, 'location'));
  out.result({ vendorGroups: counts });
  if (counts.length === 0) out.line('Nothing to hand over.');
  for (const c of counts) out.line(`${c.vendorGroupCode}  ${c.count} shipment(s)${c.isMps ? ' (multi-package)' : ''}  pickup ${c.pickUpDate.from ?? ''} - ${c.pickUpDate.to ?? ''}${c.otc.code ? `  OTC ${c.otc.code}` : ''}`);
  return EXIT_OK;
}

/** spec § Shipment: "after READY_TO_DISPATCH the seller downloads the manifest for handover". */
export async function manifest(station: Station, inv: Invocation, out: Output): Promise<number> {
  const o = inv.options as Opts;
  const file = str(o, 'out');
  const group = str(o, 'vendor-group');
  if (!file) return handover(station, inv, out);
  if (!group) {
    out.io.stderr('manifest --out FILE needs --vendor-group CODE (see `station manifest` for the codes).');
    return EXIT_USAGE;
  }
  const pdf = await station.client.orders.manifest({ params: { vendorGroupCode: group, ...(str(o, 'location') ? { locationId: str(o, 'location') } : {}) } });
  await writeFile(file, pdf);
  out.result({ out: file, bytes: pdf.length, vendorGroupCode: group });
  out.line(`Manifest for ${group} written to ${file}.`);
  return EXIT_OK;
}

export const CANCEL_STOCK_WARNING =
  'Warning: a seller cancellation takes the product out of stock (spec § Shipment). Update the inventory once the stock is back.';

export async function cancel(station: Station, inv: Invocation, out: Output): Promise<number> {
  const o = inv.options as Opts;
  out.note(CANCEL_STOCK_WARNING);
  const failed: { shipmentId: string; code: string; message: string }[] = [];
  const done = await applyJournaled(
    station,
    'cancel',
    inv.ids,
    (batch) => station.client.orders.cancel(batch.map((shipmentId) => ({ shipmentId, reason: str(o, 'reason'), ...(str(o, 'location') ? { locationId: str(o, 'location') } : {}) }))),
    failed,
  );
  out.result({ cancelled: done, failed, warning: CANCEL_STOCK_WARNING });
  for (const id of done) out.line(`${id} cancelled`);
  for (const f of failed) out.line(`FAILED ${f.shipmentId}: ${f.code} ${f.message}`);
  return failed.length > 0 ? EXIT_FAILED : EXIT_OK;
}
