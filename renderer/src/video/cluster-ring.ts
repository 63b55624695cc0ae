// The start margin kept from one long recording: between shipments one MediaRecorder films the
// idle desk, asked for a key frame every second or so; Chromium's WebM muxer starts a Cluster at
// each video key frame, so every Cluster that opens with a key frame can be the first of a clip.
// The ring keeps the recording's header and its last clusters, from the newest key frame at
// least one margin old (older ones are dropped as the recording goes on). When a shipment opens,
// the clip is cut: the header, then the clusters from the key frame about one margin before the
// opening, their timecodes moved so the clip starts at 0 (a clip is a WebM that starts at its
// first frame, as if its recording had started there). From then on every byte of the recording
// goes to the clip as it comes, each Cluster's timecode moved the same way.
import { concat, WebmReader, type WebmItem } from './webm-reader.js';

interface HeldCluster {
  timecodeMs: number;
  /** Its first frame is a key frame: a clip may start here. */
  key: boolean | undefined;
  opening: Extract<WebmItem, { kind: 'cluster' }>;
  frames: Uint8Array[];
}

export class ClusterRing {
  private readonly reader = new WebmReader();
  private header: Uint8Array | undefined;
  private held: HeldCluster[] = [];
  /** Once cut: the timecode the clip starts at (moved to 0; undefined until the first cluster came), and what was sent. */
  private cut?: { headMs: number | undefined; headerSent: boolean };

  /** @param keepMs how much recording before "now" a clip may start with (the start margin). */
  constructor(private readonly keepMs: number) {}

  /** Clusters held, oldest first (recording time, ms): for tests. */
  get heldTimecodes(): number[] {
    return this.held.map((c) => c.timecodeMs);
  }

  /** The newest cluster's recording time: a cut at an earlier time is exact once a cluster after it came. */
  get newestMs(): number | undefined {
    return this.held[this.held.length - 1]?.timecodeMs;
  }

  /**
   * Bytes of the recording, in order, and the recording time they came at. Before the cut they are
   * held (the last margin of them); after it, the clip's bytes to send are returned.
   */
  push(bytes: Uint8Array, nowMs: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (const item of this.reader.push(bytes)) {
      if (this.cut) this.emit(item, out);
      else this.hold(item);
    }
    if (!this.cut) this.trim(nowMs - this.keepMs);
    return out.length > 1 ? [concat(out)] : out;
  }

  /**
   * Cuts the clip at the newest key-frame cluster that started at or before `targetMs`
   * (recording time: the opening less the margin), or the oldest one held when the recording is
   * younger than that; returns the clip's bytes so far and the recording time of its first frame
   * (undefined when no cluster came yet: the clip starts with the first one to come).
   */
  cutAt(targetMs: number): { bytes: Uint8Array[]; headMs: number | undefined } {
    const keys = this.held.filter((c) => c.key);
    const older = keys.filter((c) => c.timecodeMs <= targetMs);
    // A recording's first cluster whose first frame is still to come opens with a key frame too.
    const head = older.length > 0 ? older[older.length - 1] : (keys[0] ?? this.held.find((c) => c.key === undefined));
    this.cut = { headMs: head?.timecodeMs, headerSent: false };
    const out: Uint8Array[] = [];
    // No key frame yet (the recording just began): the clip starts with the first cluster to come.
    if (head) {
      this.sendHeader(out);
      for (const c of this.held.slice(this.held.indexOf(head))) out.push(this.moved(c.opening), ...c.frames);
    }
    // Clusters before the head, or not yet known to start with a key frame, are dropped.
    this.held = [];
    return { bytes: out.length > 1 ? [concat(out)] : out, headMs: head?.timecodeMs };
  }

  /** The clip's first frame in recording time, once known (it may be the first cluster still to come). */
  get headMs(): number | undefined {
    return this.cut?.headMs;
  }

  /** Bytes of an element still unfinished when the recording stopped (none from a whole recording). */
  get leftover(): Uint8Array {
    return this.reader.leftover;
  }

  private hold(item: WebmItem): void {
    if (item.kind === 'header') this.header = item.bytes;
    else if (item.kind === 'cluster') this.held.push({ timecodeMs: item.timecodeMs, key: undefined, opening: item, frames: [] });
    else if (item.kind === 'frame') {
      const c = this.held[this.held.length - 1];
      if (!c) return;
      c.key ??= item.key;
      c.frames.push(item.bytes);
    }
    // A trailer (Cues, Tags) speaks of the whole recording's positions: a clip has none.
  }

  private emit(item: WebmItem, out: Uint8Array[]): void {
    const cut = this.cut!;
    if (item.kind === 'header') this.header = item.bytes;
    else if (item.kind === 'cluster') {
      // The first cluster of a recording cut before any came: the clip starts here.
      cut.headMs ??= item.timecodeMs;
      this.sendHeader(out);
      out.push(this.moved(item));
    } else if (item.kind === 'frame' && cut.headerSent) out.push(item.bytes);
    // Frames of a cluster the clip does not hold (it began before the cut, without a key frame
    // known), and trailers, are not the clip's.
  }

  private sendHeader(out: Uint8Array[]): void {
    if (this.cut!.headerSent || !this.header) return;
    this.cut!.headerSent = true;
    out.push(this.header);
  }

  /** A cluster's opening with its timecode moved back by the head's, in the same bytes. */
  private moved(opening: Extract<WebmItem, { kind: 'cluster' }>): Uint8Array {
    const headMs = this.cut?.headMs ?? 0;
    if (headMs === 0) return opening.bytes;
    const bytes = opening.bytes.slice();
    let ticks = Math.max(0, Math.round(((opening.timecodeMs - headMs) * 1e6) / this.reader.timecodeScaleNs));
    for (let i = opening.timecodeLength - 1; i >= 0; i--) {
      bytes[opening.timecodeAt + i] = ticks % 256;
      ticks = Math.floor(ticks / 256);
    }
    return bytes;
  }

  /** Drops the clusters before the newest key frame that started at or before `keepFromMs`. */
  private trim(keepFromMs: number): void {
    let from = -1;
    for (let i = 0; i < this.held.length; i++) if (this.held[i]!.key && this.held[i]!.timecodeMs <= keepFromMs) from = i;
    if (from > 0) this.held = this.held.slice(from);
  }
}
