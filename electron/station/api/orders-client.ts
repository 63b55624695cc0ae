// Order and shipment operations (spec § Endpoints, § Operations known by method, path and purpose
// only; shapes from sdk-facts § 3-§ 8 where the spec says "not shown"). Callers pass any number of
// ids: each operation batches to the spec's limit (shared/api/limits.ts) and merges the answers.

import {
  MAX_IDS_PER_REQUEST,
  MAX_SEARCH_RETRIEVAL,
  MAX_SHIPMENT_IDS_PER_LABEL_ONLY,
  RECOMMENDED_SHIPPING_DETAILS_IDS,
} from '../../../shared/api/limits.js';
import { SearchResponse, ShipmentsResponse, ShippingDetailsResponse, type SearchRequest, type ShipmentWire, type ShippingDetailsWire } from '../../../shared/api/shipments.js';
import { InvoicesResponse, ShipmentStatusResponse, type InvoiceWire, type PackShipmentRequest, type ShipmentProcessingResult } from '../../../shared/api/pack.js';
import {
  HandoverCountsResponse,
  OtcResponse,
  ShipmentFormsResponse,
  type CancelShipment,
  type ManifestRequest,
  type TrackingUpdateRequest,
  type UpdateAckRequest,
  type VendorGroupCount,
} from '../../../shared/api/handover.js';
import { chunk, mapLimit } from './concurrency.js';
import type { MarketplaceHttp } from './http.js';
import { parseAnswer, parseChangeAnswer } from './parse.js';
import { mergePdfs } from './pdf-merge.js';

const S = '/sellers';
/** Batches in flight at once for one caller's request. */
const BATCH_CONCURRENCY = 4;
/**
 * Shipments per pack, dispatch and cancel request. The spec states no limit for these bodies; the
 * interface's general "ids per request" limit is used so that no request is larger than any the
 * spec allows.
 */
export const MAX_SHIPMENTS_PER_MUTATION = MAX_IDS_PER_REQUEST;

export type ShipmentLookup = { shipmentIds: string[] } | { orderItemIds: string[] } | { orderIds: string[] };

export interface SearchPage {
  shipments: ShipmentWire[];
}

export interface SearchResult {
  shipments: ShipmentWire[];
  /** True when the search stopped at maxDataRetrievalAllowed (spec § Limits: 5000) with more left. */
  capped: boolean;
}

/**
 * "All locations" is no locationId key at all (spec § search: locationId optional). An empty or
 * blank one is dropped rather than sent: a service may read it as a location named "".
 */
export function withoutBlankLocation(request: SearchRequest): SearchRequest {
  const id = request.filter.locationId;
  if (id === undefined || id.trim() !== '') return request;
  const { locationId: _blank, ...filter } = request.filter;
  return { ...request, filter };
}

export class OrdersClient {
  constructor(private readonly http: MarketplaceHttp) {}

  /**
   * Shipment search, paging through nextPageUrl (spec § POST /v3/shipments/filter/). Yields pages;
   * stops at maxDataRetrievalAllowed and reports whether the cap was hit via `capped()`.
   */
  async *searchPages(request: SearchRequest): AsyncGenerator<ShipmentWire[], { capped: boolean }> {
    let answer = parseAnswer(
      SearchResponse,
      (await this.http.send({ method: 'POST', path: `${S}/v3/shipments/filter/`, body: withoutBlankLocation(request), mutating: false })).json,
      'shipment search',
    );
    let seen = 0;
    for (;;) {
      const room = MAX_SEARCH_RETRIEVAL - seen;
      const page = answer.shipments.slice(0, room);
      seen += page.length;
      if (page.length > 0) yield page;
      const more = answer.hasMore && !!answer.nextPageUrl;
      if (seen >= MAX_SEARCH_RETRIEVAL) return { capped: more || answer.shipments.length > page.length };
      if (!more) return { capped: false };
      const next = new URL(answer.nextPageUrl!, 'https://relative.invalid');
      const query = Object.fromEntries(next.searchParams.entries());
      // nextPageUrl is a path under /sellers (sdk-facts § 4); an absolute URL is followed by path.
      const path = next.pathname.startsWith(S) ? next.pathname : S + next.pathname;
      answer = parseAnswer(SearchResponse, (await this.http.send({ method: 'GET', path, query, mutating: false })).json, 'shipment search (next page)');
    }
  }

  /** The whole search as one list, with the cap flag. */
  async search(request: SearchRequest): Promise<SearchResult> {
    const shipments: ShipmentWire[] = [];
    const it = this.searchPages(request);
    for (;;) {
      const r = await it.next();
      if (r.done) return { shipments, capped: r.value.capped };
      shipments.push(...r.value);
    }
  }

  /** GET /v3/shipments?shipmentIds=|orderItemIds=|orderIds= in batches of 100 (spec § Limits). */
  async getShipments(lookup: ShipmentLookup): Promise<ShipmentWire[]> {
    const [param, ids] = Object.entries(lookup)[0] as [string, string[]];
    const batches = chunk([...new Set(ids)], MAX_IDS_PER_REQUEST);
    const answers = await mapLimit(batches, BATCH_CONCURRENCY, async (batch) =>
      parseAnswer(ShipmentsResponse, (await this.http.send({ method: 'GET', path: `${S}/v3/shipments`, query: { [param]: batch.join(',') }, mutating: false })).json, 'get shipments').shipments,
    );
    return answers.flat();
  }

  /** Pack (spec § POST /v3/shipments/labels). Per-shipment results, never thrown away. */
  pack(shipments: PackShipmentRequest[]): Promise<ShipmentProcessingResult[]> {
    return this.perShipment(shipments, (batch) => ({ method: 'POST', path: `${S}/v3/shipments/labels`, body: { shipments: batch }, mutating: true }), 'pack');
  }

  /** Ready to dispatch (spec § POST /v3/shipments/dispatch). */
  dispatch(shipmentIds: string[], locationId: string): Promise<ShipmentProcessingResult[]> {
    return this.perShipment(shipmentIds, (batch) => ({ method: 'POST', path: `${S}/v3/shipments/dispatch`, body: { shipmentIds: batch, locationId }, mutating: true }), 'ready to dispatch');
  }

  /** Cancel (sdk-facts § 5.1). Seller cancellations take the product out of stock (spec § Shipment). */
  cancel(shipments: CancelShipment[]): Promise<ShipmentProcessingResult[]> {
    return this.perShipment(shipments, (batch) => ({ method: 'POST', path: `${S}/v3/shipments/cancel`, body: { shipments: batch }, mutating: true }), 'cancel');
  }

  /** Merged shipping labels for packed shipments, one PDF whatever the count (spec § GET .../labels). */
  async labels(shipmentIds: string[]): Promise<Uint8Array> {
    const parts = await mapLimit(chunk(shipmentIds, MAX_IDS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) =>
      (await this.http.send({ method: 'GET', path: `${S}/v3/shipments/${batch.join(',')}/labels`, accept: 'application/pdf', mutating: false })).bytes,
    );
    return mergePdfs(parts);
  }

  /** Label only, as PDF; `reprint` leaves unpacked shipments unpacked (spec § labelOnly/pdf). */
  async labelOnlyPdf(shipmentIds: string[], reprint: boolean): Promise<Uint8Array> {
    const parts = await mapLimit(chunk(shipmentIds, MAX_SHIPMENT_IDS_PER_LABEL_ONLY), BATCH_CONCURRENCY, async (batch) =>
      (
        await this.http.send({
          method: 'POST',
          path: `${S}/v3/shipments/${batch.join(',')}/labelOnly/pdf`,
          query: { reprint: String(reprint) },
          accept: 'application/pdf',
          // Without reprint the call marks shipments packed, so it is not repeated blindly.
          mutating: !reprint,
        })
      ).bytes,
    );
    return mergePdfs(parts);
  }

  /** Label only, as the byte stream (spec § labelOnly): one buffer per batch. */
  async labelOnlyBytes(shipmentIds: string[], reprint: boolean): Promise<Uint8Array[]> {
    return mapLimit(chunk(shipmentIds, MAX_SHIPMENT_IDS_PER_LABEL_ONLY), BATCH_CONCURRENCY, async (batch) =>
      (await this.http.send({ method: 'POST', path: `${S}/v3/shipments/${batch.join(',')}/labelOnly`, query: { reprint: String(reprint) }, accept: 'application/octet-stream', mutating: !reprint })).bytes,
    );
  }

  async invoicesPdf(shipmentIds: string[]): Promise<Uint8Array> {
    const parts = await mapLimit(chunk(shipmentIds, MAX_IDS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) =>
      (await this.http.send({ method: 'GET', path: `${S}/v3/shipments/${batch.join(',')}/invoices`, accept: 'application/pdf', mutating: false })).bytes,
    );
    return mergePdfs(parts);
  }

  async invoicesJson(shipmentIds: string[]): Promise<InvoiceWire[]> {
    const answers = await mapLimit(chunk(shipmentIds, MAX_IDS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) =>
      parseAnswer(InvoicesResponse, (await this.http.send({ method: 'GET', path: `${S}/v3/shipments/${batch.join(',')}/invoices`, accept: 'application/json', mutating: false })).json, 'invoices').invoices,
    );
    return answers.flat();
  }

  /** Shipping details in batches of the recommended 25 (spec § GET /v3/shipments/{shipmentIds}). */
  async shippingDetails(shipmentIds: string[]): Promise<ShippingDetailsWire[]> {
    const answers = await mapLimit(chunk(shipmentIds, RECOMMENDED_SHIPPING_DETAILS_IDS), BATCH_CONCURRENCY, async (batch) =>
      parseAnswer(ShippingDetailsResponse, (await this.http.send({ method: 'GET', path: `${S}/v3/shipments/${batch.join(',')}`, mutating: false })).json, 'shipping details').shipments,
    );
    return answers.flat();
  }

  async forms(shipmentIds: string[]) {
    const answers = await mapLimit(chunk(shipmentIds, MAX_IDS_PER_REQUEST), BATCH_CONCURRENCY, async (batch) =>
      parseAnswer(ShipmentFormsResponse, (await this.http.send({ method: 'GET', path: `${S}/v3/shipments/${batch.join(',')}/forms`, mutating: false })).json, 'forms').shipments,
    );
    return answers.flat();
  }

  async updateFormAck(request: UpdateAckRequest): Promise<ShipmentProcessingResult[]> {
    return this.perShipment(request.shipments, (batch) => ({ method: 'POST', path: `${S}/v3/shipments/forms/updateAck`, body: { shipments: batch }, mutating: true }), 'form acknowledgement');
  }

  async handoverCounts(locationId?: string): Promise<VendorGroupCount[]> {
    const r = await this.http.send({ method: 'GET', path: `${S}/v3/shipments/handover/counts`, query: { locationId }, mutating: false });
    return parseAnswer(HandoverCountsResponse, r.json, 'handover counts');
  }

  async manifest(request: ManifestRequest): Promise<Uint8Array> {
    return (await this.http.send({ method: 'POST', path: `${S}/v3/shipments/manifest`, body: request, accept: 'application/pdf', mutating: false })).bytes;
  }

  async otc(locationId: string, requestType: string) {
    const r = await this.http.send({ method: 'GET', path: `${S}/v3/shipments/otc/${encodeURIComponent(locationId)}`, query: { requestType }, mutating: false });
    return parseAnswer(OtcResponse, r.json, 'OTC details');
  }

  /** Tracking update for self-ship shipments (sdk-facts § 8). */
  async updateTracking(shipmentId: string, request: TrackingUpdateRequest): Promise<void> {
    await this.http.send({ method: 'POST', path: `${S}/v3/shipments/${encodeURIComponent(shipmentId)}/update`, body: request, mutating: true });
  }

  private async perShipment<T>(items: T[], build: (batch: T[]) => Parameters<MarketplaceHttp['send']>[0], operation: string): Promise<ShipmentProcessingResult[]> {
    const answers = await mapLimit(chunk(items, MAX_SHIPMENTS_PER_MUTATION), BATCH_CONCURRENCY, async (batch) =>
      parseChangeAnswer(ShipmentStatusResponse, await this.http.send(build(batch)), operation).shipments,
    );
    return answers.flat();
  }
}

