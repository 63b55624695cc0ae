// The operator's printer settings: which printer does which job. Parsed with zod because they
// come from the settings store and the renderer (a boundary), never trusted as typed.
import { z } from 'zod';
import { MEDIA_IDS } from './media.js';
import { SPLIT_LAYOUT_NAMES, SPLIT_LAYOUTS, SplitLayoutSchema, type SplitLayout } from './pages/split-layouts.js';

export const PRINTER_ROLES = ['label', 'document'] as const;
export const PrinterRoleSchema = z.enum(PRINTER_ROLES);
export type PrinterRole = z.infer<typeof PrinterRoleSchema>;

export const MediaIdSchema = z.enum(MEDIA_IDS);
export const SplitLayoutNameSchema = z.enum(SPLIT_LAYOUT_NAMES);

/** Printer names as CUPS and Windows accept them; no control characters, bounded. */
export const PrinterNameSchema = z
  .string()
  .min(1)
  .max(127)
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'printer names contain no control characters');

export const PrinterAssignmentSchema = z.object({
  printer: PrinterNameSchema,
  role: PrinterRoleSchema,
  media: MediaIdSchema,
  copies: z.number().int().min(1).max(20).default(1),
});
export type PrinterAssignment = z.infer<typeof PrinterAssignmentSchema>;

export const PrinterSettingsSchema = z
  .object({
    label: PrinterAssignmentSchema.extend({ role: z.literal('label'), media: MediaIdSchema.default('label-4x6in') }).optional(),
    document: PrinterAssignmentSchema.extend({ role: z.literal('document'), media: MediaIdSchema.default('a4') }).optional(),
    /** How documents that put label and invoice on one A4 page are split: a named layout or the desk's own. */
    split: z.union([SplitLayoutNameSchema, SplitLayoutSchema]).optional(),
  })
  .strict();
export type PrinterSettings = z.infer<typeof PrinterSettingsSchema>;

export function parsePrinterSettings(input: unknown): PrinterSettings {
  return PrinterSettingsSchema.parse(input);
}

export function assignmentFor(settings: PrinterSettings, role: PrinterRole): PrinterAssignment | undefined {
  return role === 'label' ? settings.label : settings.document;
}

export function roleLabel(role: PrinterRole): string {
  return role === 'label' ? 'Label printer' : 'Document printer';
}

export function resolveSplitLayout(split: NonNullable<PrinterSettings['split']>): SplitLayout {
  return typeof split === 'string' ? SPLIT_LAYOUTS[split] : split;
}
