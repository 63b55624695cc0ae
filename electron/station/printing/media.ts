// Paper sizes the station prints on, in PDF points (1 pt = 1/72 in), and the CUPS `media`
// option names that make a driver (and cups-pdf) use them instead of its default page size.
export const MM_PER_INCH = 25.4;
export const POINTS_PER_INCH = 72;

export const mmToPt = (mm: number): number => (mm / MM_PER_INCH) * POINTS_PER_INCH;

export interface PageSize {
  width: number;
  height: number;
}

export const MEDIA_IDS = ['label-4x6in', 'label-100x150mm', 'label-4x4in', 'label-a6', 'a4-label-region', 'a4'] as const;
export type MediaId = (typeof MEDIA_IDS)[number];

export interface Media extends PageSize {
  id: MediaId;
  /** Value of the CUPS `media` option. Custom sizes, because label printers' PPDs name 4x6 differently. */
  cups: string;
  /** Paper size name for the Windows backend (SumatraPDF `paper=`). */
  windowsPaper: string;
  label: string;
}

export const MEDIA: Record<MediaId, Media> = {
  'label-4x6in': { id: 'label-4x6in', width: 288, height: 432, cups: 'Custom.4x6in', windowsPaper: '4x6', label: 'Label 4 x 6 in' },
  'label-100x150mm': { id: 'label-100x150mm', width: mmToPt(100), height: mmToPt(150), cups: 'Custom.100x150mm', windowsPaper: '100x150mm', label: 'Label 100 x 150 mm' },
  'label-4x4in': { id: 'label-4x4in', width: 288, height: 288, cups: 'Custom.4x4in', windowsPaper: '4x4', label: 'Label 4 x 4 in' },
  'label-a6': { id: 'label-a6', width: mmToPt(105), height: mmToPt(148), cups: 'A6', windowsPaper: 'A6', label: 'Label A6 (105 x 148 mm)' },
  // Plain A4 sheets in the label printer: the label goes in the top region, at its own size.
  'a4-label-region': { id: 'a4-label-region', width: mmToPt(210), height: mmToPt(297), cups: 'A4', windowsPaper: 'A4', label: 'A4 with the label in the top region' },
  a4: { id: 'a4', width: mmToPt(210), height: mmToPt(297), cups: 'A4', windowsPaper: 'A4', label: 'A4' },
};

export const DEFAULT_LABEL_MEDIA: MediaId = 'label-4x6in';
export const DEFAULT_DOCUMENT_MEDIA: MediaId = 'a4';

/** Page sizes match within half a point: generators round A4 to 595.28 x 841.89 or 595 x 842. */
export const SIZE_TOLERANCE_PT = 1;

export function sameSize(a: PageSize, b: PageSize, tolerance = SIZE_TOLERANCE_PT): boolean {
  return Math.abs(a.width - b.width) <= tolerance && Math.abs(a.height - b.height) <= tolerance;
}
