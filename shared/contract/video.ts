// Commands of packing video: the renderer films each shipment (getUserMedia + MediaRecorder)
// and streams the chunks here; the station appends them to a clip file as they come, keeps an
// index searchable by shipment, order, tracking id, IMEI and SKU, exports a clip for a claim and
// applies the retention rule.
import { z } from 'zod';
import { command, KeyedSentence, Ok } from './define.js';

/** One chunk of MediaRecorder output, base64 (the WebSocket transport carries JSON). */
export const MAX_VIDEO_CHUNK_BASE64 = 4 * 1024 * 1024;
/** How much of a clip one video.read returns, so a reply stays far under the transport's limit. */
export const VIDEO_READ_BYTES = 2 * 1024 * 1024;

export const ClipId = z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, 'A clip id has letters, digits, "_" and "-" only.');
/**
 * A shipment id names the files of a clip's export. The spec gives no format for ids; the
 * marketplace's are letters and digits (shared/api/ids.ts), so anything else is refused here,
 * before it can become part of a path.
 */
export const ShipmentId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, 'A shipment id has letters, digits, "_" and "-" only (at most 100); it cannot name a folder or a path.');

export const ClipView = z.object({
  clipId: z.string(),
  shipmentId: z.string(),
  sessionId: z.string().optional(),
  orderIds: z.array(z.string()),
  trackingIds: z.array(z.string()),
  skus: z.array(z.string()),
  serials: z.array(z.string()),
  desk: z.string(),
  operator: z.string(),
  /** When filming started: the opening scan less the start margin (preRollMs). */
  startedAt: z.string(),
  /** Milliseconds of the desk before the shipment opened at the head of the clip (the start margin). */
  preRollMs: z.number().int().nonnegative().optional(),
  endedAt: z.string().optional(),
  /** 'recording': chunks still coming; 'cut': never ended (a crash) yet plays up to its last chunk. */
  state: z.enum(['recording', 'complete', 'cut']),
  endReason: z.string().optional(),
  /** On disk: the clip as recorded plus its seekable copy, once played or exported. */
  bytes: z.number().int(),
  /** Kept for a claim: retention never deletes it. */
  keep: z.boolean(),
});
export type ClipView = z.infer<typeof ClipView>;

export const ClipMark = z.object({
  /** Milliseconds from the clip's first frame. */
  offsetMs: z.number().int().nonnegative(),
  text: z.string().max(300),
  ok: z.boolean(),
});
export type ClipMark = z.infer<typeof ClipMark>;

export const VideoSpaceView = z.object({
  clips: z.number().int(),
  bytes: z.number().int(),
  keptForClaims: z.number().int(),
  retentionDays: z.number(),
  retentionBytes: z.number(),
  folder: z.string(),
  /** What the last retention run did, in words. */
  lastRetention: z.string().optional(),
  /** The same words as a catalogue key, for a desk in another language. */
  lastRetentionSentence: KeyedSentence.optional(),
});

const Id = z.string().trim().min(1).max(100);
/** A window of the app at this desk (a random id it makes when it opens). */
const WindowId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'A window id has 8 to 64 letters, digits and "-".');
/** The longest start margin a clip may carry (the setting's limit, with room for a slow rotation). */
export const MAX_PRE_ROLL_MS = 60_000;

export const videoCommands = {
  'video.begin': command(
    z.object({
      shipmentId: ShipmentId,
      sessionId: z.string().max(100).optional(),
      orderIds: z.array(Id).max(100),
      /** The SKUs of the shipment's lines (what it should hold). */
      skus: z.array(Id).max(200).default([]),
      desk: z.string().max(60),
      operator: z.string().max(60),
      mimeType: z.string().max(100),
      /** The window filming: it must hold the desk's camera (video.claim). */
      windowId: WindowId,
      /** How much of the desk before the opening scan the clip starts with. */
      preRollMs: z.number().int().nonnegative().max(MAX_PRE_ROLL_MS).default(0),
      /** How long ago the opening scan was: a clip is begun once its first frame is chosen, a moment after the opening. */
      sinceOpeningMs: z.number().int().nonnegative().max(MAX_PRE_ROLL_MS).default(0),
    }),
    z.object({ clipId: z.string() }),
    'A clip starts: the station creates its file and index entry.',
  ),
  'video.claim': command(
    z.object({ windowId: WindowId }),
    z.object({ granted: z.boolean(), leaseMs: z.number().int() }),
    'A window asks to be the one that films at this desk (and renews it); one window holds it at a time.',
  ),
  'video.release': command(z.object({ windowId: WindowId }), Ok, 'A window that films gives the camera up (it closes or its camera is unset).'),
  'video.chunk': command(
    z.object({ clipId: ClipId, seq: z.number().int().nonnegative(), data: z.string().max(MAX_VIDEO_CHUNK_BASE64) }),
    z.object({ bytes: z.number().int() }),
    'The next piece of a clip, appended to its file at once.',
  ),
  'video.mark': command(z.object({ clipId: ClipId, mark: ClipMark }), Ok, 'A scan as it was burned into the clip, for the scan timeline.'),
  'video.end': command(z.object({ clipId: ClipId, reason: z.enum(['packed', 'putAside', 'cameraLost', 'stopped']) }), ClipView, 'The clip is complete.'),
  'video.find': command(z.object({ text: z.string().max(100).optional(), limit: z.number().int().min(1).max(500).default(50) }), z.array(ClipView), 'Clips by shipment, order, tracking id, IMEI or SKU; newest first.'),
  'video.timeline': command(z.object({ clipId: ClipId }), z.object({ clip: ClipView, marks: z.array(ClipMark) }), 'A clip and its scans, for jumping to each scan.'),
  'video.read': command(
    z.object({ clipId: ClipId, offset: z.number().int().nonnegative() }),
    z.object({ data: z.string(), total: z.number().int(), mimeType: z.string() }),
    'A piece of the playable clip (duration and cues fixed), base64.',
  ),
  'video.export': command(z.object({ clipId: ClipId }), z.object({ folder: z.string(), clip: z.string(), pdf: z.string() }), 'The clip (seekable) and a one-page PDF of the shipment, for a claim.'),
  'video.keep': command(z.object({ clipId: ClipId, keep: z.boolean() }), ClipView, 'Marks a clip as kept for a claim (or clears the mark).'),
  'video.space': command(z.object({}).strict(), VideoSpaceView, 'Space used by clips and the retention rule.'),
} as const;
