// Listing writes and their per-SKU answers for the listings screen. The marketplace answers each
// SKU on its own (spec § Listing operations: "Clients must test status per SKU"); these helpers
// journal the write, keep every message with its attribute and JSON path so the form can show
// it at its field, and turn rule issues found before sending into the same shape.
import { keyed } from '../../../../shared/i18n/station-sentences.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import type { AttributeError, ListingChangeResult, ListingRecord } from '../../../../shared/api/listings.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { ListingWrite } from '../../api/listings-client.js';
import { journaled } from '../../journal/journaled-call.js';
import type { AppContext } from '../app-context.js';
import { marketplaceTrouble } from './desk-deps.js';

export type SkuResult = ResultOf<'listings.save'>;
type Message = SkuResult['messages'][number];

export const attributeMessage = (a: AttributeError, prefix = ''): Message => ({ severity: a.severity, text: prefix + a.description, path: a.path, attribute: a.attribute });

/** Issues found by the shared rules before any call: a failure when one is an ERROR. */
export function fromIssues(sku: string, issues: AttributeError[], prefix = ''): SkuResult {
  return { sku, status: issues.some((i) => i.severity === 'ERROR') ? 'failure' : issues.length ? 'warning' : 'success', messages: issues.map((i) => attributeMessage(i, prefix)) };
}

/** `sentence`: the success words as a catalogue key, for the desk's language. */
export function fromAnswer(sku: string, r: ListingChangeResult | undefined, prefix = '', success?: string, sentence?: KeyedSentence): SkuResult {
  if (!r) return { sku, status: 'failure', messages: [{ severity: 'ERROR', text: `${prefix}The marketplace gave no answer for ${sku}. Open the listing to see whether the change was made before trying again.` }] };
  const messages: Message[] = [
    ...r.errors.map((e) => ({ severity: e.severity, text: prefix + e.description, ...(e.path ? { path: e.path } : {}) })),
    ...r.attribute_errors.map((a) => attributeMessage(a, prefix)),
  ];
  if (r.status !== 'failure' && success) messages.unshift({ severity: 'INFO', text: prefix + success, ...(sentence ? { sentence } : {}) });
  return { sku, status: r.status, messages };
}

/** Sends one listing write for SKUs (the client batches by 10), journaled as `listings.<kind>`. */
export async function writeListings(ctx: AppContext, kind: ListingWrite, bySku: Record<string, unknown>, summary: Record<string, unknown> = {}): Promise<Record<string, ListingChangeResult>> {
  const skus = Object.keys(bySku);
  try {
    const { result } = await journaled(
      ctx.journal,
      ctx.who(),
      { op: `listings.${kind}`, targets: { skus }, request: { count: skus.length, ...summary } },
      () => ctx.marketplace().listings.write(kind, bySku),
      (r) => {
        const failed = skus.filter((s) => r[s]?.status !== 'success' && r[s]?.status !== 'warning');
        return { status: failed.length === 0 ? 'ok' : 'failed', result: { failed } };
      },
    );
    return result;
  } catch (e) {
    throw marketplaceTrouble(e, kind === 'price' ? keyed('station.marketplace.what.savePrice') : kind === 'inventory' ? keyed('station.marketplace.what.saveInventory') : keyed('station.marketplace.what.saveListing'));
  }
}

/** Stock per location of a record, standard (locations[]) or hyperlocal (location). */
export function inventoryOf(record: ListingRecord | undefined): Record<string, number> {
  const locations = record?.locations ?? (record?.location ? [record.location] : []);
  return Object.fromEntries(locations.map((l) => [l.id, l.inventory]));
}

export const sellingPriceOf = (record: ListingRecord): number | undefined => record.price.selling_price ?? record.price.marketplace_selling_price;

export const isHyperlocal = (record: ListingRecord): boolean => record.location !== undefined && record.locations === undefined;
