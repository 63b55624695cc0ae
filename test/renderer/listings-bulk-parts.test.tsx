// Cutting a bulk file into parts for progress must never split one SKU's rows or lose a row.
import { describe, expect, it } from 'vitest';
import { bulkParts } from '../../renderer/src/screens/listings/bulk-chunks.js';

describe('bulkParts', () => {
  it('keeps every row of one SKU in the same part and every part has the header', () => {
    const header = 'sku,product_id,location_id,inventory';
    const rows = Array.from({ length: 12 }, (_, i) => [`S${i},P0000000000000${i},LOC1001,1`, `S${i},P0000000000000${i},LOC1002,2`]).flat();
    const parts = bulkParts([header, ...rows].join('\n'), 5);
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part.split('\n')[0]).toBe(header);
    const body = parts.flatMap((p) => p.trim().split('\n').slice(1));
    expect(body.sort()).toEqual([...rows].sort());
    for (let i = 0; i < 12; i++) {
      const holding = parts.flatMap((p, n) => (p.includes(`\nS${i},`) ? [n] : []));
      expect(holding).toEqual([Math.floor(i / 5)]);
    }
  });

  it('leaves a file with quotes whole, since a quoted value may hold a line break', () => {
    const csv = 'sku,product_id,mrp,selling_price\n"A,1",P1,10,5\nB,P2,10,5\n';
    expect(bulkParts(csv, 1)).toEqual([csv]);
  });
});
