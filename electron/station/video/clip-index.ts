// The index of clips: one small JSON file beside each clip (written whole and atomically), read
// into memory at start. A clip that was recording when the station stopped is "cut": it plays
// up to its last chunk. Searchable by shipment, order, tracking id, IMEI/serial and SKU.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ClipId, ClipView } from '../../../shared/contract/video.js';
import { insideFolder } from '../../files/inside-folder.js';
import { writeFileDurably } from '../journal/durable-file.js';

const StoredClip = ClipView.omit({ bytes: true });
type StoredClip = z.infer<typeof StoredClip>;

const SIDECAR = /^(.+)\.json$/;

export class ClipIndex {
  private readonly clips = new Map<string, StoredClip>();

  constructor(private readonly dir: string) {
    for (const name of readdirSync(dir)) {
      const m = SIDECAR.exec(name);
      if (!m) continue;
      try {
        const parsed = StoredClip.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
        if (!parsed.success) continue;
        const clip = parsed.data;
        // An index file names its clip's files: one edited to point elsewhere is left out.
        if (!ClipId.safeParse(clip.clipId).success) continue;
        // Nothing records before start-up: a clip left "recording" was cut by a crash or power cut.
        if (clip.state === 'recording') this.save({ ...clip, state: 'cut' });
        else this.clips.set(clip.clipId, clip);
      } catch {
        // A damaged index file hides one clip from search; its video file stays on disk.
      }
    }
  }

  clipPath(clipId: string): string {
    return insideFolder(this.dir, `${clipId}.webm`);
  }

  /** The copy ffmpeg made with duration and cues (made on first play or export). */
  seekablePath(clipId: string): string {
    return insideFolder(this.dir, `${clipId}.seekable.webm`);
  }

  marksPath(clipId: string): string {
    return insideFolder(this.dir, `${clipId}.marks.jsonl`);
  }

  save(clip: StoredClip): void {
    writeFileDurably(insideFolder(this.dir, `${clip.clipId}.json`), JSON.stringify(clip));
    this.clips.set(clip.clipId, clip);
  }

  get(clipId: string): ClipView | undefined {
    const clip = this.clips.get(clipId);
    return clip ? this.view(clip) : undefined;
  }

  all(): ClipView[] {
    return [...this.clips.values()].map((c) => this.view(c));
  }

  /** Newest first; every word of `text` must match some id of the clip (case-insensitive). */
  find(text: string | undefined, limit: number): ClipView[] {
    const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const out: ClipView[] = [];
    const newestFirst = [...this.clips.values()].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
    for (const clip of newestFirst) {
      const ids = [clip.shipmentId, ...clip.orderIds, ...clip.trackingIds, ...clip.skus, ...clip.serials].map((s) => s.toLowerCase());
      if (words.every((w) => ids.some((id) => id.includes(w)))) out.push(this.view(clip));
      if (out.length >= limit) break;
    }
    return out;
  }

  remove(clipId: string): void {
    for (const file of [this.clipPath(clipId), this.seekablePath(clipId), this.marksPath(clipId)]) rmSync(file, { force: true });
    // The index entry goes last: a crash in between leaves an entry whose file is gone, not a file no one can find.
    rmSync(insideFolder(this.dir, `${clipId}.json`), { force: true });
    this.clips.delete(clipId);
  }

  /** Bytes on disk: the clip as recorded, and its seekable copy once one was made. */
  private view(clip: StoredClip): ClipView {
    const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
    return { ...clip, bytes: size(this.clipPath(clip.clipId)) + size(this.seekablePath(clip.clipId)) };
  }
}
