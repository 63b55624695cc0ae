// CSV input of `station listings update-price|update-inventory`: the same file the Listings screen
// reads (shared/listing-csv.ts: a header row, then one row per SKU; inventory one row per SKU and
// location), checked with the rules the marketplace applies (shared/api/listing-update-rules.ts).
// A bad row is reported with its row number and left out; the good rows still go.
import type { InventoryUpdateInput, PriceUpdateInput } from '../../../shared/api/listings.js';
import { checkInventoryUpdate, checkPriceUpdate } from '../../../shared/api/listing-update-rules.js';
import { StationError } from '../../../shared/contract/define.js';
import { readBulkCsv, type BulkKind, type BulkLine } from '../../../shared/listing-csv.js';

export interface RowProblem {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  line: number;
  message: string;
}

interface Parsed<T> {
  bySku: Record<string, T>;
  problems: RowProblem[];
}

/** The row's own words, without the "Row N: " the CLI prints as "line N:". */
const problemOf = (l: BulkLine): RowProblem => ({ line: l.row, message: (l.problem ?? '').replace(/^Row \d+: /, '') });

function lines(text: string, kind: BulkKind): { lines: BulkLine[]; problems: RowProblem[] } {
  try {
    const all = readBulkCsv(text, kind);
    return { lines: all.filter((l) => !l.problem), problems: all.filter((l) => l.problem).map(problemOf) };
  } catch (e) {
    if (e instanceof StationError) return { lines: [], problems: [{ line: 1, message: e.message }] };
    throw e;
  }
}

const errorsOf = (issues: { severity: string; description: string }[]) =>
  issues
    .filter((i) => i.severity === 'ERROR')
    .map((i) => i.description)
    .join(' ');

export function parsePriceCsv(text: string): Parsed<PriceUpdateInput> {
  const { lines: rows, problems } = lines(text, 'price');
  const bySku: Record<string, PriceUpdateInput> = {};
  const firstRow = new Map<string, number>();
  for (const l of rows) {
    const seen = firstRow.get(l.sku);
    if (seen !== undefined) {
      problems.push({ line: l.row, message: `SKU ${l.sku} already appears on row ${seen}; only that row is used.` });
      continue;
    }
    firstRow.set(l.sku, l.row);
    const { issues, value } = checkPriceUpdate({ product_id: l.productId, price: { mrp: l.mrp, selling_price: l.sellingPrice, currency: 'INR' } });
    if (value) bySku[l.sku] = value;
    else problems.push({ line: l.row, message: errorsOf(issues) });
  }
  return { bySku, problems: problems.sort((a, b) => a.line - b.line) };
}

export function parseInventoryCsv(text: string): Parsed<InventoryUpdateInput> {
  const { lines: rows, problems } = lines(text, 'inventory');
  const bySku: Record<string, InventoryUpdateInput> = {};
  for (const l of rows) {
    const entry = (bySku[l.sku] ??= { product_id: l.productId, locations: [] });
    if (entry.product_id !== l.productId) problems.push({ line: l.row, message: `SKU ${l.sku} has another product_id on an earlier row.` });
    else if (entry.locations.some((x) => x.id === l.locationId)) problems.push({ line: l.row, message: `SKU ${l.sku} at ${l.locationId} appears twice.` });
    else entry.locations.push({ id: l.locationId!, inventory: l.inventory! });
  }
  for (const [sku, body] of Object.entries(bySku)) {
    const { issues, value } = checkInventoryUpdate(body);
    if (value) bySku[sku] = value;
    else {
      delete bySku[sku];
      const row = rows.find((l) => l.sku === sku)!.row;
      problems.push({ line: row, message: errorsOf(issues) });
    }
  }
  return { bySku, problems: problems.sort((a, b) => a.line - b.line) };
}
