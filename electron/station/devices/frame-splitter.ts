// Cuts a serial byte stream into frames at a terminator. Bytes arrive in arbitrary chunks (a frame
// split over two reads, three frames in one), so partial frames are kept until their terminator
// comes. A device streaming without terminators (wrong protocol, wrong baud rate) must not grow
// memory: past maxFrameBytes the partial frame is dropped and the caller is told how much.

/** Longer than any frame of the supported devices (the longest, CubiScan's, is about 60 bytes). */
export const DEFAULT_MAX_FRAME_BYTES = 1024;

export interface FrameSplitterOptions {
  terminator: string;
  stripPrefix?: string;
  stripSuffix?: string;
  maxFrameBytes?: number;
}

export interface SplitResult {
  frames: Buffer[];
  /** Bytes thrown away because no terminator came within maxFrameBytes. */
  droppedBytes: number;
}

export class FrameSplitter {
  private readonly terminator: Buffer;
  private readonly prefix: Buffer;
  private readonly suffix: Buffer;
  private readonly max: number;
  private pending: Buffer = Buffer.alloc(0);
  private truncated = false;

  constructor(options: FrameSplitterOptions) {
    if (options.terminator.length === 0) throw new Error('A frame terminator cannot be empty');
    this.terminator = Buffer.from(options.terminator, 'latin1');
    this.prefix = Buffer.from(options.stripPrefix ?? '', 'latin1');
    this.suffix = Buffer.from(options.stripSuffix ?? '', 'latin1');
    this.max = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  }

  push(chunk: Uint8Array): SplitResult {
    const frames: Buffer[] = [];
    let droppedBytes = 0;
    let buf = this.pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.pending, chunk]);
    let at: number;
    while ((at = buf.indexOf(this.terminator)) !== -1) {
      // The tail of a frame whose beginning was dropped is not a frame either.
      if (at > this.max || this.truncated) droppedBytes += at;
      else frames.push(this.strip(buf.subarray(0, at)));
      this.truncated = false;
      buf = buf.subarray(at + this.terminator.length);
    }
    if (buf.length > this.max) {
      // Keep a possible beginning of the terminator: the next chunk may complete it.
      const keep = this.terminator.length - 1;
      droppedBytes += buf.length - keep;
      buf = buf.subarray(buf.length - keep);
      this.truncated = true;
    }
    this.pending = Buffer.from(buf);
    return { frames, droppedBytes };
  }

  /** Forgets a partial frame (after a reconnect its first half belongs to a dead connection). */
  reset(): void {
    this.pending = Buffer.alloc(0);
    this.truncated = false;
  }

  get bufferedBytes(): number {
    return this.pending.length;
  }

  private strip(frame: Buffer): Buffer {
    let f = frame;
    if (this.prefix.length > 0 && f.subarray(0, this.prefix.length).equals(this.prefix)) f = f.subarray(this.prefix.length);
    if (this.suffix.length > 0 && f.length >= this.suffix.length && f.subarray(f.length - this.suffix.length).equals(this.suffix)) {
      f = f.subarray(0, f.length - this.suffix.length);
    }
    return Buffer.from(f);
  }
}
