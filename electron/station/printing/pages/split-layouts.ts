// Named layouts of marketplace documents that print the shipping label and the invoice on one
// A4 page. The label region is given in PDF points from the bottom-left corner of the page, so
// a new marketplace layout is a settings entry, not code.
import { z } from 'zod';
import { MEDIA } from '../media.js';

export const RegionSchema = z.object({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type Region = z.infer<typeof RegionSchema>;

export const SplitLayoutSchema = z.object({
  name: z.string().min(1).max(64),
  /** The combined page's size; pages of another size are refused rather than cut in the wrong place. */
  page: z.object({ width: z.number().positive(), height: z.number().positive() }),
  labelRegion: RegionSchema,
  /** Defaults to the full width of the page below the label region. */
  invoiceRegion: RegionSchema.optional(),
});
export type SplitLayout = z.infer<typeof SplitLayoutSchema>;

const A4 = MEDIA.a4;

export const SPLIT_LAYOUTS = {
  // The marketplace's "label + invoice on one A4" document: the 4x6 label scaled to 264 x 396 pt,
  // centred, 14 pt below the top edge; the invoice below it (seller interface, combined A4).
  'a4-label-invoice': {
    name: 'a4-label-invoice',
    page: { width: A4.width, height: A4.height },
    labelRegion: { x: (A4.width - 264) / 2, y: A4.height - 14 - 396, width: 264, height: 396 },
  },
} as const satisfies Record<string, SplitLayout>;

export type SplitLayoutName = keyof typeof SPLIT_LAYOUTS;
export const SPLIT_LAYOUT_NAMES = Object.keys(SPLIT_LAYOUTS) as [SplitLayoutName, ...SplitLayoutName[]];

export function isSplitLayoutName(name: string): name is SplitLayoutName {
  return Object.hasOwn(SPLIT_LAYOUTS, name);
}

/** The invoice region: the one given, or everything below the label region. */
export function invoiceRegionOf(layout: SplitLayout): Region {
  if (layout.invoiceRegion) return layout.invoiceRegion;
  return { x: 0, y: 0, width: layout.page.width, height: layout.labelRegion.y };
}
