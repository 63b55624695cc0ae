// Appends a clip's chunks to its file as they arrive: nothing of a clip is held in memory, and
// each chunk is on disk (fdatasync) before the renderer hears "ok". The writes and syncs are
// asynchronous: the station's event loop answers scans while the disk syncs a chunk (a sync
// fdatasync here held every desk command behind it). MediaRecorder's WebM is a
// header followed by self-contained clusters, so a file cut after any chunk still plays up to
// that chunk: a crash or a power cut loses at most the chunk in flight.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { StationError } from '../../../shared/contract/define.js';

/** The folder of private station data: only the desk's own user may read it. */
export function ensurePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

export class ClipWriter {
  /** The next chunk number each open clip expects. */
  private readonly expected = new Map<string, number>();

  /** Creates the empty clip file (0600); refuses to overwrite an existing one. */
  create(path: string, clipKey: string): void {
    closeSync(openSync(path, 'wx', 0o600));
    this.expected.set(clipKey, 0);
  }

  isOpen(clipKey: string): boolean {
    return this.expected.has(clipKey);
  }

  /**
   * Appends chunk `seq`. A chunk sent twice (a retried call) is taken once; a chunk after a gap
   * is refused, because the clip would not play past the hole: the renderer starts a new clip.
   * Returns the file's size.
   */
  async append(path: string, clipKey: string, seq: number, bytes: Uint8Array): Promise<number> {
    const next = this.expected.get(clipKey);
    if (next === undefined) throw new StationError('VIDEO_CLIP_CLOSED', 'This clip is no longer being recorded (the station restarted or the clip ended). A new clip starts.');
    if (seq > next) throw new StationError('VIDEO_CHUNK_GAP', `Piece ${next} of the clip never arrived (got piece ${seq}). A new clip starts.`);
    const handle = await open(path, 'a', 0o600);
    try {
      if (seq === next) {
        await handle.write(bytes);
        await handle.datasync();
        this.expected.set(clipKey, seq + 1);
      }
      return (await handle.stat()).size;
    } finally {
      await handle.close();
    }
  }

  close(clipKey: string): void {
    this.expected.delete(clipKey);
  }
}
