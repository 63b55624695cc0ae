// Returns kept for a claim: what came back damaged, wrong, with missing parts or as an empty box,
// with the photos taken when it was received, the office lists, opens and exports them.
import { z } from 'zod';
import { command, NoArgs } from './define.js';

/** What came back in the box, as the person receiving it sees it. */
export const ReturnCondition = z.enum(['sellable', 'damaged', 'wrongProduct', 'missingParts', 'emptyBox']);
export type ReturnCondition = z.infer<typeof ReturnCondition>;

/** Photos one receipt keeps; more add nothing a claim needs. */
export const MAX_RETURN_PHOTOS = 8;
/** One still from the camera at 1920x1080 as JPEG is well under this. */
export const MAX_RETURN_PHOTO_BYTES = 3 * 1024 * 1024;
/** All photos of one receipt travel in one message: kept well under the browser-mode transport's 16 MB. */
export const MAX_RETURN_PHOTOS_TOTAL_BYTES = 8 * 1024 * 1024;
/** base64 is 4 characters for 3 bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
const MAX_PHOTO_BASE64 = base64Length(MAX_RETURN_PHOTO_BYTES);
export const MAX_CLAIM_NOTES = 1000;

export const ReturnId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A return id has letters, digits, "_" and "-" only.');
export const PhotoData = z.string().max(MAX_PHOTO_BASE64).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'A photo is sent as base64 JPEG.');

export const PhotoView = z.object({ name: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() });

export const ClaimView = z.object({
  returnId: z.string(),
  /** Every return received with the same scan (one package, one claim). */
  returnIds: z.array(z.string()),
  shipmentId: z.string().optional(),
  orderId: z.string().optional(),
  orderItemId: z.string().optional(),
  title: z.string().optional(),
  sku: z.string().optional(),
  quantity: z.number().int().optional(),
  reason: z.string().optional(),
  condition: ReturnCondition,
  notes: z.string().optional(),
  photos: z.array(PhotoView),
  operator: z.string(),
  desk: z.string(),
  locationId: z.string(),
  at: z.string(),
});
export type ClaimView = z.infer<typeof ClaimView>;

export const claimsCommands = {
  'claims.list': command(NoArgs, z.array(ClaimView), 'Returns kept for a claim, newest first.'),
  'claims.get': command(z.object({ returnId: ReturnId }), z.object({ claim: ClaimView, photos: z.array(z.object({ name: z.string(), data: z.string() })) }), 'One claim with its photos (base64 JPEG).'),
  'claims.export': command(
    z.object({ returnId: ReturnId }),
    z.object({ folder: z.string(), pdf: z.string(), photos: z.array(z.string()) }),
    'A folder with the claim\'s photos and a one-page PDF of the claim.',
  ),
} as const;
