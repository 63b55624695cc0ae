// `station listings get|search|update-price|update-inventory` (spec § Listing operations). The
// updates read a CSV, print one preview line per SKU, send in batches of 10 (the client batches),
// and print each SKU's own result: "Clients must test status per SKU".
import { readFile } from 'node:fs/promises';
import type { Station } from '../station.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type Invocation } from './cli-args.js';
import type { Output } from './cli-io.js';
import { parseInventoryCsv, parsePriceCsv, type RowProblem } from './listing-csv.js';

type Opts = Record<string, string | undefined>;

export async function listingsCommand(station: Station, inv: Invocation, out: Output): Promise<number> {
  const o = inv.options as Opts;
  const l = station.client.listings;
  switch (inv.command) {
    case 'listings get': {
      const r = await l.get(inv.ids);
      out.result(r);
      for (const [sku, rec] of Object.entries(r.available)) {
        const x = rec as Record<string, any>;
        const stock = (x.locations ?? []).map((loc: Record<string, unknown>) => `${loc.id}:${loc.inventory}`).join(' ');
        out.line(`${sku}  ${x.listing_status ?? ''}  mrp ${x.price?.mrp ?? '?'}  price ${x.price?.marketplace_selling_price ?? x.price?.selling_price ?? '?'}  ${x.tax?.tax_code ?? ''}  stock ${stock}`);
      }
      for (const sku of r.unavailable) out.line(`${sku}  not found`);
      for (const sku of r.invalid) out.line(`${sku}  invalid SKU`);
      return r.unavailable.length + r.invalid.length > 0 ? EXIT_FAILED : EXIT_OK;
    }
    case 'listings search': {
      const items = [];
      const it = l.search(o.state as 'ACTIVE', o.text);
      let total: number;
      for (;;) {
        const n = await it.next();
        if (n.done) {
          total = n.value;
          break;
        }
        items.push(...n.value);
      }
      out.result({ totalListingsCount: total, listings: items });
      for (const i of items) out.line(`${i.sku}  ${i.status ?? ''}  ${i.product_name ?? ''}`);
      out.line(`${items.length} of ${total} listing(s).`);
      return EXIT_OK;
    }
    case 'listings update-price':
    case 'listings update-inventory':
      return update(station, inv, out, inv.command === 'listings update-price' ? 'price' : 'inventory');
  }
  throw new Error(`unhandled ${inv.command}`);
}

async function update(station: Station, inv: Invocation, out: Output, kind: 'price' | 'inventory'): Promise<number> {
  const file = (inv.options as Opts).csv!;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    out.io.stderr(`Cannot read ${file}: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  const parsed = kind === 'price' ? parsePriceCsv(text) : parseInventoryCsv(text);
  const problems: RowProblem[] = parsed.problems;
  for (const p of problems) out.note(`${file} line ${p.line}: ${p.message}`);
  const skus = Object.keys(parsed.bySku);
  for (const [sku, v] of Object.entries(parsed.bySku)) {
    const x = v as Record<string, any>;
    out.note(kind === 'price' ? `preview ${sku}: mrp ${x.price.mrp}, selling price ${x.price.selling_price} INR` : `preview ${sku}: ${x.locations.map((loc: { id: string; inventory: number }) => `${loc.id} -> ${loc.inventory}`).join(', ')}`);
  }
  if (skus.length === 0) {
    out.result({ results: {}, problems });
    out.io.stderr('No valid rows to send.');
    return problems.length > 0 ? EXIT_USAGE : EXIT_OK;
  }
  const results = kind === 'price' ? await station.client.listings.updatePrice(parsed.bySku as never) : await station.client.listings.updateInventory(parsed.bySku as never);
  out.result({ results, problems });
  let failures = 0;
  for (const sku of skus) {
    const r = results[sku];
    if (!r) {
      failures++;
      out.line(`${sku}: no result from the marketplace`);
      continue;
    }
    const status = String(r.status).toLowerCase();
    if (status === 'failure') failures++;
    const why = [...r.errors, ...r.attribute_errors].map((e) => `${e.code} ${e.description}`).join('; ');
    out.line(`${sku}: ${status}${why ? ` (${why})` : ''}`);
  }
  return failures > 0 || problems.length > 0 ? EXIT_FAILED : EXIT_OK;
}
