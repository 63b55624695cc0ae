// Bulk price and inventory changes from a CSV (issue "packing desk app", screen 7). A plan reads
// the file, looks up the current listings, checks every row with the same rules the marketplace
// applies (shared/api/listing-update-rules.ts) and says per row what will change; apply sends
// only SKUs whose every row is sound, and answers per SKU. A problem always names its row.
import type { InventoryUpdateInput, ListingRecord, PriceUpdateInput } from '../../../../shared/api/listings.js';
import { checkInventoryUpdate, checkPriceUpdate } from '../../../../shared/api/listing-update-rules.js';
import type { ResultOf } from '../../../../shared/contract.js';
import type { AppContext } from '../app-context.js';
import { marketplaceTrouble } from './desk-deps.js';
import { addProblem, readBulkCsv, type BulkKind, type BulkLine } from '../../../../shared/listing-csv.js';
import type { KeyedSentence } from '../../../../shared/contract/define.js';
import { englishSentence, keyed } from '../../../../shared/i18n/station-sentences.js';
import { inventoryOf, sellingPriceOf, writeListings, type SkuResult } from './listings-results.js';
import { bulkAnswer, bulkIssueWords, priceChangeWords, saidMessage } from './listings-bulk-words.js';

type BulkRow = ResultOf<'listings.bulkPreview'>['rows'][number];

interface Plan {
  rows: BulkRow[];
  /** Bodies to send, per SKU, for SKUs with no problem and something to change. */
  bodies: Record<string, PriceUpdateInput | InventoryUpdateInput>;
  /** SKUs whose rows change nothing (sent neither). */
  unchanged: string[];
  /** SKUs held back by a problem in one of their rows, with the problems. */
  held: Map<string, KeyedSentence[][]>;
  /** The file's sound rows of each SKU being sent, in body order, and what they change. */
  sent: Map<string, { lines: BulkLine[]; change: KeyedSentence[] }>;
}

/** `only`: judge just these SKUs against the marketplace (a part of a file being applied). */
export async function planBulk(ctx: AppContext, csv: string, kind: BulkKind, only?: readonly string[]): Promise<Plan> {
  const lines = readBulkCsv(csv, kind);
  markDuplicates(lines, kind);
  const wanted = (sku: string) => !only || only.includes(sku);
  const skus = [...new Set(lines.filter((l) => !l.problem && wanted(l.sku)).map((l) => l.sku))];
  let records: Record<string, ListingRecord> = {};
  if (skus.length > 0) {
    try {
      records = (await ctx.marketplace().listings.get(skus)).available;
    } catch (e) {
      throw marketplaceTrouble(e, keyed('station.marketplace.what.readCurrentListings'));
    }
  }
  const bySku = new Map<string, BulkLine[]>();
  for (const l of lines) bySku.set(l.sku, [...(bySku.get(l.sku) ?? []), l]);

  const bodies: Plan['bodies'] = {};
  const unchanged: string[] = [];
  const changes = new Map<BulkLine, KeyedSentence>();
  const sent: Plan['sent'] = new Map();
  /** Rows that change something at the marketplace (what the Apply button counts). */
  const changing = new Set<BulkLine>();
  for (const [sku, group] of bySku) {
    if (!wanted(sku)) continue;
    const sound = group.filter((l) => !l.problem);
    if (sound.length === 0) continue;
    const record = records[sku];
    if (!record) {
      for (const l of sound) addProblem(l, keyed('listings.bulk.noListing', { sku }));
      continue;
    }
    if (kind === 'price') {
      const l = sound[0];
      const body = { product_id: l.productId, price: { mrp: l.mrp!, selling_price: l.sellingPrice!, currency: 'INR' } };
      const { issues } = checkPriceUpdate(body, { productId: record.product_id });
      const errors = issues.filter((i) => i.severity === 'ERROR');
      const now = { productId: record.product_id };
      if (errors.length > 0) addProblem(l, ...errors.map((i) => bulkIssueWords(i, l, now)));
      else {
        const before = { mrp: record.price.mrp, sp: sellingPriceOf(record) };
        const same = before.mrp === l.mrp && before.sp === l.sellingPrice;
        changes.set(l, same ? keyed('listings.bulk.noChangePrice', { mrp: l.mrp!, sp: l.sellingPrice! }) : priceChangeWords(before, l));
        if (same) unchanged.push(sku);
        else {
          bodies[sku] = body as PriceUpdateInput;
          sent.set(sku, { lines: [l], change: [changes.get(l)!] });
          changing.add(l);
        }
      }
      continue;
    }
    const body = { product_id: sound[0].productId, locations: sound.map((l) => ({ id: l.locationId!, inventory: l.inventory! })) };
    const mixed = sound.find((l) => l.productId !== sound[0].productId);
    if (mixed) {
      addProblem(mixed, keyed('listings.bulk.productIdDiffers', { productId: mixed.productId, first: sound[0].row, firstId: sound[0].productId }));
      continue;
    }
    const current = inventoryOf(record);
    const now = { productId: record.product_id, locations: Object.keys(current) };
    const { issues } = checkInventoryUpdate(body, { productId: record.product_id, listingLocationIds: now.locations });
    for (const issue of issues.filter((i) => i.severity === 'ERROR')) {
      // $.locations[i]... belongs to the i-th row of the SKU; anything else to all its rows.
      const at = /^\$\.locations\[(\d+)\]/.exec(issue.path);
      for (const l of at ? [sound[Number(at[1])]] : sound) addProblem(l, bulkIssueWords(issue, l, now));
    }
    if (sound.some((l) => l.problem)) continue;
    let changed = false;
    for (const l of sound) {
      const before = current[l.locationId!];
      changed ||= before !== l.inventory;
      if (before !== l.inventory) changing.add(l);
      changes.set(l, before === l.inventory ? keyed('listings.bulk.noChangeStock', { location: l.locationId!, stock: l.inventory! }) : keyed('listings.bulk.stockChange', { location: l.locationId!, from: before ?? '', to: l.inventory! }));
    }
    if (changed) {
      bodies[sku] = body;
      sent.set(sku, { lines: sound, change: sound.filter((l) => changing.has(l)).map((l) => changes.get(l)!) });
    } else unchanged.push(sku);
  }

  const held: Plan['held'] = new Map();
  for (const l of lines) if (l.said) held.set(l.sku, [...(held.get(l.sku) ?? []), l.said]);
  for (const sku of held.keys()) {
    delete bodies[sku];
    const i = unchanged.indexOf(sku);
    if (i >= 0) unchanged.splice(i, 1);
  }
  const rows = lines.map((l): BulkRow => {
    const blocked = !l.problem && held.has(l.sku);
    const change = l.problem ? keyed('listings.bulk.notChanged') : blocked ? keyed('listings.bulk.blocked') : (changes.get(l) ?? keyed('listings.bulk.notChanged'));
    return {
      row: l.row,
      sku: l.sku,
      change: englishSentence(change),
      changeSaid: [change],
      changes: !l.problem && !blocked && changing.has(l),
      ...(l.problem ? { problem: l.problem, problemSaid: l.said } : {}),
    };
  });
  return { rows, bodies, unchanged, held, sent };
}

/** A later row repeating a SKU (price) or a SKU and location (inventory) is a problem of that row. */
function markDuplicates(lines: BulkLine[], kind: BulkKind): void {
  const first = new Map<string, number>();
  for (const l of lines) {
    if (l.problem) continue;
    const key = kind === 'price' ? l.sku : `${l.sku}\u0000${l.locationId}`;
    const seen = first.get(key);
    if (seen !== undefined) {
      addProblem(l, kind === 'price' ? keyed('listings.bulk.duplicateSku', { sku: l.sku, first: seen }) : keyed('listings.bulk.duplicateSkuLocation', { sku: l.sku, location: l.locationId ?? '', first: seen }));
    } else first.set(key, l.row);
  }
}

/**
 * Applies the file, or only the given SKUs of it: the screen sends the whole file part by part
 * (for progress), so every row keeps the number it has in the file and in the preview.
 */
export async function applyBulk(ctx: AppContext, csv: string, kind: BulkKind, only?: readonly string[]): Promise<SkuResult[]> {
  const plan = await planBulk(ctx, csv, kind, only);
  const wanted = (sku: string) => !only || only.includes(sku);
  const results: SkuResult[] = [];
  for (const [sku, problems] of plan.held) {
    if (wanted(sku)) results.push({ sku, status: 'failure', messages: problems.map((said) => saidMessage('ERROR', [...said, keyed('listings.bulk.nothingChanged')])) });
  }
  for (const sku of plan.unchanged.filter(wanted)) results.push({ sku, status: 'success', messages: [saidMessage('INFO', [keyed('listings.bulk.alreadyAsFile')])] });
  const skus = Object.keys(plan.bodies).filter(wanted);
  for (const sku of Object.keys(plan.bodies)) if (!wanted(sku)) delete plan.bodies[sku];
  if (skus.length > 0) {
    const answers = await writeListings(ctx, kind, plan.bodies, { bulk: true });
    for (const sku of skus) {
      const { lines, change } = plan.sent.get(sku)!;
      results.push(bulkAnswer(sku, answers[sku], lines, change));
    }
  }
  return results;
}
