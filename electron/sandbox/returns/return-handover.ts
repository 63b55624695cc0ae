// Return tasks and return OTC (spec § Operations known by method, path and purpose only: "Return
// tasks", "Return task shipments", "Return OTC start", "Return OTC end"; no shapes anywhere, so
// these are the sandbox's, written down in electron/sandbox/README.md):
// - tasks: the returns a location should expect to receive, grouped by the tracking id of the
//   package they travel in (initial-load), and what a scanned package holds (tasks/shipments);
// - OTC: a one-time code that closes the handover of reverse packages from a courier agent to the
//   desk. Ending it with the right code receives every return of the handover, as
//   /v2/returns/complete would. Sessions live in memory only and expire (RETURN_OTC_TTL_MS).
import { randomInt } from 'node:crypto';
import type {
  ReturnActionResult,
  ReturnOtcEndResponse,
  ReturnOtcStartResponse,
  ReturnTasksInitialLoadResponse,
  ReturnTaskShipmentsResponse,
} from '../../../shared/api/returns.js';
import { orderError } from '../http/route.js';
import type { World } from '../world/world.js';
import type { ReturnRec, Seller } from '../world/model.js';
import { ItemFailure, iso } from './item-failure.js';
import { completeOne } from './return-actions.js';
import { forwardOf } from './return-transitions.js';
import { returnTypeOf } from './return-view.js';
import { RETURN_OTC_MAX_TRIES, RETURN_OTC_TTL_MS } from './return-windows.js';

/** Returns that will physically arrive at the seller: standard CREATED and RTO APPROVED. */
function expected(ret: ReturnRec): boolean {
  return (ret.kind === 'standard' && ret.status === 'CREATED') || (ret.kind === 'courier' && ret.status === 'APPROVED');
}

function requireLocation(seller: Seller, locationId: string): void {
  if (!seller.locations.some((l) => l.locationId === locationId)) {
    throw orderError(400, 'INVALID_LOCATION', `Location ${locationId} is not one of this seller's locations.`);
  }
}

function returnsAt(world: World, seller: Seller, locationId: string): ReturnRec[] {
  return [...world.returns.values()].filter((r) => r.sellerId === seller.sellerId && r.locationId === locationId);
}

export function initialLoad(world: World, seller: Seller, locationId: string): ReturnTasksInitialLoadResponse {
  requireLocation(seller, locationId);
  const groups = new Map<string, ReturnRec[]>();
  for (const r of returnsAt(world, seller, locationId).filter(expected)) {
    const list = groups.get(r.trackingId) ?? [];
    list.push(r);
    groups.set(r.trackingId, list);
  }
  const tasks = [...groups.entries()].map(([trackingId, list]) => ({
    trackingId,
    courierName: list[0].courierName,
    type: returnTypeOf(list[0]),
    expectedDate: list.map((r) => r.expectedDate).sort()[0] ?? null,
    returnCount: list.length,
    returnIds: list.map((r) => r.returnId).sort(),
  }));
  tasks.sort((a, b) => (a.expectedDate ?? '').localeCompare(b.expectedDate ?? '') || a.trackingId.localeCompare(b.trackingId));
  return { locationId, generatedAt: world.nowIso(), tasks };
}

export function taskShipments(world: World, seller: Seller, locationId: string, trackingIds: string[]): ReturnTaskShipmentsResponse {
  requireLocation(seller, locationId);
  const here = returnsAt(world, seller, locationId);
  const shipments: ReturnTaskShipmentsResponse['shipments'] = [];
  const unknownTrackingIds: string[] = [];
  for (const trackingId of [...new Set(trackingIds)]) {
    const inside = here.filter((r) => r.trackingId === trackingId);
    if (inside.length === 0) {
      unknownTrackingIds.push(trackingId);
      continue;
    }
    for (const shipmentId of [...new Set(inside.map((r) => r.shipmentId))]) {
      const lines = inside.filter((r) => r.shipmentId === shipmentId);
      shipments.push({
        trackingId,
        shipmentId,
        orderId: lines[0].orderId,
        returns: lines.map((r) => {
          const { item } = forwardOf(world, r);
          return { returnId: r.returnId, orderItemId: r.orderItemId, sku: item?.sku ?? '', title: item?.title ?? '', quantity: r.quantity, status: r.status, type: returnTypeOf(r) };
        }),
      });
    }
  }
  return { shipments, unknownTrackingIds };
}

interface OtcSession {
  otcId: string;
  sellerId: string;
  locationId: string;
  code: string;
  expiresAt: number;
  trackingIds: string[];
  returnIds: string[];
  status: 'STARTED' | 'ENDED' | 'LOCKED';
  wrongTries: number;
}

const sessions = new WeakMap<World, Map<string, OtcSession>>();

function sessionsOf(world: World): Map<string, OtcSession> {
  let map = sessions.get(world);
  if (!map) {
    map = new Map();
    sessions.set(world, map);
  }
  return map;
}

export function startOtc(world: World, seller: Seller, locationId: string, trackingIds: string[]): ReturnOtcStartResponse {
  requireLocation(seller, locationId);
  const open = returnsAt(world, seller, locationId).filter(expected);
  const unique = [...new Set(trackingIds)];
  const missing = unique.filter((t) => !open.some((r) => r.trackingId === t));
  if (missing.length > 0) {
    throw orderError(400, 'UNPROCESSABLE_ENTITY', `Nothing is expected at ${locationId} under tracking id(s) ${missing.join(', ')}.`);
  }
  const session: OtcSession = {
    otcId: `OTC${String(world.nextCounter('returnOtc')).padStart(10, '0')}`,
    sellerId: seller.sellerId,
    locationId,
    code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
    expiresAt: world.now() + RETURN_OTC_TTL_MS,
    trackingIds: unique,
    returnIds: open.filter((r) => unique.includes(r.trackingId)).map((r) => r.returnId),
    status: 'STARTED',
    wrongTries: 0,
  };
  sessionsOf(world).set(session.otcId, session);
  const { otcId, code, trackingIds: t, returnIds } = session;
  return { otcId, code, locationId, status: 'STARTED', expiresAt: iso(session.expiresAt), trackingIds: t, returnIds };
}

export function endOtc(world: World, seller: Seller, otcId: string, code: string, locationId: string): ReturnOtcEndResponse {
  const session = sessionsOf(world).get(otcId);
  if (!session || session.sellerId !== seller.sellerId) throw orderError(404, 'INVALID_OTC_ID', `No return handover ${otcId} for this seller.`);
  if (session.locationId !== locationId) throw orderError(400, 'INVALID_LOCATION', `Handover ${otcId} belongs to location ${session.locationId}.`);
  if (session.status === 'ENDED') throw orderError(409, 'OTC_ALREADY_USED', `Handover ${otcId} has already ended.`);
  if (session.status === 'LOCKED') throw orderError(400, 'OTC_LOCKED', `Handover ${otcId} is locked after ${RETURN_OTC_MAX_TRIES} wrong codes; start a new one.`);
  if (world.now() > session.expiresAt) throw orderError(400, 'OTC_EXPIRED', `The code of handover ${otcId} expired at ${iso(session.expiresAt)}; start a new one.`);
  if (code !== session.code) {
    session.wrongTries += 1;
    if (session.wrongTries >= RETURN_OTC_MAX_TRIES) session.status = 'LOCKED';
    throw orderError(400, 'INVALID_OTC', `Wrong code for handover ${otcId} (${RETURN_OTC_MAX_TRIES - session.wrongTries} tries left).`);
  }
  session.status = 'ENDED';
  const returns: ReturnActionResult[] = session.returnIds.map((returnId) => {
    try {
      completeOne(world, seller, returnId, session.locationId);
      return { returnId, processingStatus: 'SUCCESS', errorCode: null, errorMessage: null };
    } catch (e) {
      if (!(e instanceof ItemFailure)) throw e;
      return { returnId, processingStatus: 'FAILURE', errorCode: e.code, errorMessage: e.message };
    }
  });
  return { otcId, status: 'ENDED', endedAt: world.nowIso(), returns };
}
