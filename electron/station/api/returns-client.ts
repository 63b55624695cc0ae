// Returns and self-ship operations (spec § POST /v2/returns/complete, /pickup, /pickupAttempt,
// § Self Ship order and service item, § Self Ship return; shapes from sdk-facts § 8-§ 10).
// Action lists are batched to MAX_RETURNS_PER_REQUEST; per-return results are returned as values.
import { MAX_RETURN_IDS_PER_LOOKUP, MAX_RETURNS_PER_REQUEST } from '../../../shared/api/limits.js';
import {
  ReturnsActionResponse,
  ReturnsSearchResponse,
  ReturnTasksInitialLoadResponse,
  ReturnTaskShipmentsResponse,
  ReturnOtcStartResponse,
  ReturnOtcEndResponse,
  type ReturnActionResult,
  type ReturnItem,
  type ReturnsQuery,
} from '../../../shared/api/returns.js';
import {
  SelfShipShipmentsResponse,
  ServiceResponse,
  SelfShipVendorsResponse,
  type SelfShipDeliveryAttemptRequest,
  type SelfShipDeliveryRequest,
  type SelfShipDispatchRequest,
  type SelfShipShipmentResult,
  type ServiceRequest,
  type ServiceResult,
} from '../../../shared/api/selfship.js';
import { chunk, mapLimit } from './concurrency.js';
import type { MarketplaceHttp } from './http.js';
import { parseAnswer, parseChangeAnswer } from './parse.js';

const S = '/sellers';
const BATCH_CONCURRENCY = 4;

type ReturnAction = 'complete' | 'pickup' | 'pickupAttempt' | 'approve' | 'reject' | 'cancel' | 'techVisitAttempt';

export class ReturnsClient {
  constructor(private readonly http: MarketplaceHttp) {}

  /** GET /v2/returns, following nextUrl to the end (sdk-facts § 10). */
  async list(query: Omit<ReturnsQuery, 'returnIds' | 'next_token'> = {}): Promise<ReturnItem[]> {
    const items: ReturnItem[] = [];
    let q: Record<string, string | undefined> = { ...query };
    let path = `${S}/v2/returns`;
    for (;;) {
      const answer = parseAnswer(ReturnsSearchResponse, (await this.http.send({ method: 'GET', path, query: q, mutating: false })).json, 'returns');
      items.push(...answer.returnItems);
      if (!answer.hasMore || !answer.nextUrl) return items;
      const next = new URL(answer.nextUrl, 'https://relative.invalid');
      path = next.pathname.startsWith(S) ? next.pathname : S + next.pathname;
      q = Object.fromEntries(next.searchParams.entries());
    }
  }

  /** GET /v2/returns?returnIds= in batches of 25 (sdk-facts § 10). */
  async byIds(returnIds: string[]): Promise<ReturnItem[]> {
    const answers = await mapLimit(chunk([...new Set(returnIds)], MAX_RETURN_IDS_PER_LOOKUP), BATCH_CONCURRENCY, async (batch) =>
      parseAnswer(ReturnsSearchResponse, (await this.http.send({ method: 'GET', path: `${S}/v2/returns`, query: { returnIds: batch.join(',') }, mutating: false })).json, 'returns by id')
        .returnItems,
    );
    return answers.flat();
  }

  /** Receive returns at the warehouse (spec § POST /v2/returns/complete). */
  complete(returnIds: string[], locationId: string): Promise<ReturnActionResult[]> {
    return this.act('complete', returnIds, (batch) => ({ locationId, returnIds: batch }));
  }

  /** Cancel RTO: the forward item counts as delivered on deliveryDate (spec § Self Ship return). */
  cancelRto(returnIds: string[], deliveryDate: string, locationId?: string): Promise<ReturnActionResult[]> {
    return this.act('cancel', returnIds, (batch) => ({ locationId, returnIds: batch, deliveryDate }));
  }

  pickup(returns: { returnId: string; pickupDate: string }[], locationId: string): Promise<ReturnActionResult[]> {
    return this.act('pickup', returns, (batch) => ({ locationId, returns: batch.map((r) => ({ ...r, locationId })) }));
  }

  pickupAttempt(returns: { returnId: string; pickupDate: string; newPickupDate: string; reason: string }[], locationId: string): Promise<ReturnActionResult[]> {
    return this.act('pickupAttempt', returns, (batch) => ({ locationId, returns: batch.map((r) => ({ ...r, locationId })) }));
  }

  approve(returns: { returnId: string; serviceDate?: string; comments?: string }[], locationId?: string): Promise<ReturnActionResult[]> {
    return this.act('approve', returns, (batch) => ({ locationId, returns: batch }));
  }

  reject(returns: { returnId: string; serviceDate: string; comments?: string }[], locationId?: string): Promise<ReturnActionResult[]> {
    return this.act('reject', returns, (batch) => ({ locationId, returns: batch }));
  }

  techVisitAttempt(returns: { returnId: string; attemptDate: string; newTechVisitDate: string; reason?: string }[], locationId?: string): Promise<ReturnActionResult[]> {
    return this.act('techVisitAttempt', returns, (batch) => ({ locationId, returns: batch }));
  }

  async tasksInitialLoad(locationId: string) {
    const r = await this.http.send({ method: 'POST', path: `${S}/v3/returns/tasks/initial-load`, body: { locationId }, mutating: false });
    return parseAnswer(ReturnTasksInitialLoadResponse, r.json, 'return tasks');
  }

  async taskShipments(body: unknown) {
    const r = await this.http.send({ method: 'POST', path: `${S}/v3/returns/tasks/shipments`, body, mutating: false });
    return parseAnswer(ReturnTaskShipmentsResponse, r.json, 'return task shipments');
  }

  async otcStart(body: unknown) {
    const r = await this.http.send({ method: 'POST', path: `${S}/v3/returns/otc/start/details`, body, mutating: true });
    return parseChangeAnswer(ReturnOtcStartResponse, r, 'return OTC start');
  }

  async otcEnd(body: unknown) {
    const r = await this.http.send({ method: 'POST', path: `${S}/v3/returns/otc/end/details`, body, mutating: true });
    return parseChangeAnswer(ReturnOtcEndResponse, r, 'return OTC end');
  }

  private async act<T>(action: ReturnAction, items: T[], body: (batch: T[]) => unknown): Promise<ReturnActionResult[]> {
    const answers = await mapLimit(chunk(items, MAX_RETURNS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) =>
      parseChangeAnswer(ReturnsActionResponse, await this.http.send({ method: 'POST', path: `${S}/v2/returns/${action}`, body: body(batch), mutating: true }), `returns ${action}`)
        .returns,
    );
    return answers.flat();
  }
}

export class SelfShipClient {
  constructor(private readonly http: MarketplaceHttp) {}

  dispatch(request: SelfShipDispatchRequest): Promise<SelfShipShipmentResult[]> {
    return this.shipments('/v3/shipments/selfShip/dispatch', request, 'self-ship dispatch');
  }

  delivery(request: SelfShipDeliveryRequest): Promise<SelfShipShipmentResult[]> {
    return this.shipments('/v3/shipments/selfShip/delivery', request, 'self-ship delivery');
  }

  deliveryAttempt(request: SelfShipDeliveryAttemptRequest): Promise<SelfShipShipmentResult[]> {
    return this.shipments('/v3/shipments/selfShip/deliveryAttempt', request, 'self-ship delivery attempt');
  }

  serviceAttempt(request: ServiceRequest): Promise<ServiceResult[]> {
    return this.services('/v2/services/attempt', request, 'service attempt');
  }

  serviceComplete(request: ServiceRequest): Promise<ServiceResult[]> {
    return this.services('/v2/services/complete', request, 'service completion');
  }

  async vendors() {
    const r = await this.http.send({ method: 'GET', path: `${S}/selfship/vendors`, mutating: false });
    return parseAnswer(SelfShipVendorsResponse, r.json, 'self-ship vendors').vendors;
  }

  private async shipments(path: string, body: unknown, op: string): Promise<SelfShipShipmentResult[]> {
    const r = await this.http.send({ method: 'POST', path: S + path, body, mutating: true });
    return parseChangeAnswer(SelfShipShipmentsResponse, r, op).shipments;
  }

  private async services(path: string, body: unknown, op: string): Promise<ServiceResult[]> {
    const r = await this.http.send({ method: 'POST', path: S + path, body, mutating: true });
    return parseChangeAnswer(ServiceResponse, r, op).services;
  }
}
