// The packing video service as the desk app builds it: clips in DATA_DIR/video, exports in
// DATA_DIR/video-exports, the journal for scans, the marketplace for tracking ids and open
// returns, ffmpeg (STATION_FFMPEG or the one on PATH) to make clips seekable.
import { join } from 'node:path';
import type { AppContext } from '../app/app-context.js';
import { formatIstIso } from '../packing/ist-dates.js';
import { nodeExecFile } from '../printing/exec-file.js';
import type { ExecFileFn } from '../printing/printer-backend.js';
import { VideoService } from './video-service.js';

/** Returns in these states are closed: their shipments' clips may go (spec § Returns states). */
const CLOSED_RETURN_STATES = new Set(['COMPLETED', 'CANCELLED', 'REJECTED']);

export function createStationVideo(dataDir: string, ctx: AppContext, options: { exec?: ExecFileFn; log?: (line: string) => void } = {}): VideoService {
  const video: VideoService = new VideoService({
    dir: join(dataDir, 'video'),
    exportDir: join(dataDir, 'video-exports'),
    clock: ctx.clock,
    settings: () => ctx.settings.get().video,
    records: () => ctx.journal.records(),
    exec: options.exec ?? nodeExecFile,
    ffmpeg: process.env.STATION_FFMPEG || 'ffmpeg',
    log: options.log,
    trackingIds: async (shipmentId) => {
      const details = await ctx.marketplace().orders.shippingDetails([shipmentId]);
      return [...new Set(details.map((d) => d.trackingId).filter((t): t is string => !!t))];
    },
    openReturnShipments: async () => {
      const clips = video.index.all();
      if (clips.length === 0) return new Set();
      // A return is created after its shipment: asking from the oldest clip's day covers every clip.
      const oldest = clips.reduce((a, c) => (c.startedAt < a ? c.startedAt : a), clips[0]!.startedAt);
      const returns = await ctx.marketplace().returns.list({ createdAfter: formatIstIso(new Date(oldest)) });
      return new Set(returns.filter((r) => r.shipmentId && !CLOSED_RETURN_STATES.has(r.status ?? '')).map((r) => r.shipmentId!));
    },
  });
  return video;
}
