// A bulk CSV cut into parts of whole SKUs, so that applying it can report progress part by part
// while every row of one SKU (inventory: one row per location) still travels together.
import { MAX_SKUS_PER_REQUEST } from '../../../../shared/api/limits.js';

/**
 * The file as CSV texts of at most `perPart` SKUs, each with the header. A file with quotes is
 * kept whole: a quoted value may hold a line break, and cutting it would change what it says.
 */
export function bulkParts(csv: string, perPart: number = MAX_SKUS_PER_REQUEST): string[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length <= 1 || csv.includes('"')) return [csv];
  const header = lines[0];
  const skuAt = header.split(',').map((h) => h.trim().toLowerCase()).indexOf('sku');
  if (skuAt < 0) return [csv];
  const bySku = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const sku = (line.split(',')[skuAt] ?? '').trim();
    bySku.set(sku, [...(bySku.get(sku) ?? []), line]);
  }
  const groups = [...bySku.values()];
  const parts: string[] = [];
  for (let i = 0; i < groups.length; i += perPart) parts.push([header, ...groups.slice(i, i + perPart).flat()].join('\n') + '\n');
  return parts;
}
