// Contract handlers of packing video: the renderer's recorder streams clips in; Activity's Video
// panel finds, plays and exports them; Setup shows the space they use.
import type { Handlers } from '../dispatcher.js';
import type { VideoService } from '../../video/video-service.js';

export function videoHandlers(video: () => VideoService): Handlers {
  return {
    'video.begin': (args) => video().begin(args),
    'video.claim': ({ windowId }) => video().claim(windowId),
    'video.release': ({ windowId }) => {
      video().release(windowId);
      return { ok: true as const };
    },
    'video.chunk': ({ clipId, seq, data }) => video().chunk(clipId, seq, data),
    'video.mark': ({ clipId, mark }) => {
      video().mark(clipId, mark);
      return { ok: true as const };
    },
    'video.end': ({ clipId, reason }) => video().end(clipId, reason),
    'video.find': ({ text, limit }) => video().find(text, limit),
    'video.timeline': ({ clipId }) => video().timeline(clipId),
    'video.read': ({ clipId, offset }) => video().read(clipId, offset),
    'video.export': ({ clipId }) => video().export(clipId),
    'video.keep': ({ clipId, keep }) => video().setKeep(clipId, keep),
    'video.space': () => video().space(),
  };
}
