// Reads a WebM byte stream as MediaRecorder hands it over, in pieces cut anywhere, into what the
// start margin needs to cut a clip out of a longer recording: the header (EBML header, Segment,
// Info, Tracks: everything before the first Cluster), each Cluster's opening (its id and size
// up to its Timecode) and, inside a cluster, each element whole (a SimpleBlock or BlockGroup: a
// frame). Only element headers are read; frames are passed on as views of the bytes given, never
// decoded. Matroska's EBML layout: https://www.matroska.org/technical/elements.html (the ids
// below are from that table); an element is an id (1 to 4 bytes, its length marker kept), a size
// (1 to 8 bytes, the marker dropped; all ones = unknown size, as Chromium writes its Segment and
// Clusters while live), then the data.

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** The Segment's children (level 1): one of these ends a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set([ID.seekHead, ID.info, 0x1654ae6b, ID.cluster, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);

/** Matroska's default TimecodeScale: timecodes count milliseconds. */
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;

export type WebmItem =
  /** Bytes before the first Cluster: with them any run of clusters is a whole WebM. */
  | { kind: 'header'; bytes: Uint8Array }
  /** A Cluster's opening; its timecode (ms) is the big-endian integer at `timecodeAt`, `timecodeLength` bytes. */
  | { kind: 'cluster'; bytes: Uint8Array; timecodeMs: number; timecodeAt: number; timecodeLength: number }
  /** An element inside a Cluster; `key` for a frame that starts a key frame. */
  | { kind: 'frame'; bytes: Uint8Array; key: boolean }
  /** A Segment child after the clusters began (Cues, Tags): positions of the whole recording, not of a clip. */
  | { kind: 'trailer'; bytes: Uint8Array };

export class WebmFormatError extends Error {}

interface ElementHead {
  id: number;
  /** undefined: unknown size. */
  size: number | undefined;
  idLength: number;
  headLength: number;
}

/** An EBML variable-length integer at `at`: its length, and its value (marker dropped) or the raw id. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number; allOnes: boolean } | undefined {
  if (at >= bytes.length) return undefined;
  const first = bytes[at]!;
  if (first === 0) throw new WebmFormatError('Not a WebM stream: an element id or size is longer than 8 bytes.');
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const b = bytes[at + i]!;
    value = value * 256 + b;
    allOnes &&= b === 0xff;
  }
  return { length, value, allOnes };
}

function readHead(bytes: Uint8Array, at: number): ElementHead | undefined {
  const id = readVint(bytes, at, true);
  if (!id) return undefined;
  if (id.length > 4) throw new WebmFormatError('Not a WebM stream: an element id is longer than 4 bytes.');
  const size = readVint(bytes, at + id.length, false);
  if (!size) return undefined;
  return { id: id.value, size: size.allOnes ? undefined : size.value, idLength: id.length, headLength: id.length + size.length };
}

function readUint(bytes: Uint8Array): number {
  let value = 0;
  for (const b of bytes) value = value * 256 + b;
  return value;
}

/** SimpleBlock: track number (vint), 16-bit timecode, flags with the key-frame bit 0x80. */
function simpleBlockIsKey(data: Uint8Array): boolean {
  const track = readVint(data, 0, false);
  return track !== undefined && data.length > track.length + 2 && (data[track.length + 2]! & 0x80) !== 0;
}

export class WebmReader {
  private pending: Uint8Array = new Uint8Array(0);
  /** Bytes of the stream read so far before `pending`. */
  private consumed = 0;
  private inHeader = true;
  /** Stream position where the open Cluster ends; Infinity for unknown size, undefined outside one. */
  private clusterEnd: number | undefined;
  /** The open Cluster's bytes before its Timecode. */
  private opening: Uint8Array[] | undefined;
  private header: Uint8Array[] = [];
  /** Nanoseconds per timecode tick (Info's TimecodeScale). */
  timecodeScaleNs = DEFAULT_TIMECODE_SCALE_NS;

  /** Reads `bytes`; returns every item now complete, in order. Bytes of an unfinished element wait for the next call. */
  push(bytes: Uint8Array): WebmItem[] {
    this.pending = this.pending.length === 0 ? bytes : concat([this.pending, bytes]);
    const items: WebmItem[] = [];
    let at = 0;
    for (;;) {
      const read = this.next(at, items);
      if (read === 0) break;
      at += read;
    }
    this.consumed += at;
    this.pending = this.pending.slice(at);
    return items;
  }

  /** Bytes received but not yet a whole element (a stream cut in the middle of a frame). */
  get leftover(): Uint8Array {
    return this.pending;
  }

  /** Reads one element (or one container's head) at `at` of pending; returns the bytes used, 0 when more are needed. */
  private next(at: number, items: WebmItem[]): number {
    const bytes = this.pending;
    const position = this.consumed + at;
    if (this.clusterEnd !== undefined && position >= this.clusterEnd) this.clusterEnd = undefined;
    const head = readHead(bytes, at);
    if (!head) return 0;
    const inCluster = this.clusterEnd !== undefined && !(this.clusterEnd === Infinity && SEGMENT_CHILDREN.has(head.id));
    if (!inCluster) this.clusterEnd = undefined;
    if (head.id === ID.segment || head.id === ID.cluster) {
      // Containers: only their head is read here; their children follow one by one.
      const own = bytes.subarray(at, at + head.headLength);
      if (head.id === ID.segment) this.header.push(head.size === undefined ? own : unknownSize(own, head));
      else {
        this.flushHeader(items);
        this.clusterEnd = head.size === undefined ? Infinity : position + head.headLength + head.size;
        this.opening = [own];
      }
      return head.headLength;
    }
    if (head.size === undefined) throw new WebmFormatError(`Unexpected element of unknown size (id 0x${head.id.toString(16)}).`);
    const length = head.headLength + head.size;
    if (at + length > bytes.length) return 0;
    const element = bytes.subarray(at, at + length);
    if (!inCluster) this.outside(head, element, items);
    else if (this.opening) {
      this.opening.push(element);
      if (head.id === ID.timecode) {
        const opening = concat(this.opening);
        this.opening = undefined;
        const timecodeAt = opening.length - head.size;
        items.push({ kind: 'cluster', bytes: opening, timecodeAt, timecodeLength: head.size, timecodeMs: (readUint(element.subarray(head.headLength)) * this.timecodeScaleNs) / 1e6 });
      }
    } else {
      const data = element.subarray(head.headLength);
      items.push({ kind: 'frame', bytes: element, key: head.id === ID.simpleBlock ? simpleBlockIsKey(data) : head.id === ID.blockGroup && blockGroupIsKey(data) });
    }
    return length;
  }

  /** An element outside any Cluster: part of the header until the first Cluster, a trailer after. */
  private outside(head: ElementHead, element: Uint8Array, items: WebmItem[]): void {
    if (!this.inHeader) {
      items.push({ kind: 'trailer', bytes: element });
      return;
    }
    if (head.id === ID.info) this.readInfo(element.subarray(head.headLength));
    // A SeekHead gives positions in the whole recording, not in a clip of it.
    if (head.id !== ID.seekHead) this.header.push(element);
  }

  private flushHeader(items: WebmItem[]): void {
    if (!this.inHeader) return;
    this.inHeader = false;
    if (this.header.length === 0) throw new WebmFormatError('Not a WebM stream: a Cluster came before the EBML header.');
    items.push({ kind: 'header', bytes: concat(this.header) });
    this.header = [];
  }

  private readInfo(data: Uint8Array): void {
    for (let at = 0; at < data.length; ) {
      const child = readHead(data, at);
      if (!child || child.size === undefined) return;
      if (child.id === ID.timecodeScale) this.timecodeScaleNs = readUint(data.subarray(at + child.headLength, at + child.headLength + child.size));
      at += child.headLength + child.size;
    }
  }
}

/** A Segment head with its size set to unknown (same length): a clip is shorter than the recording it was cut from. */
function unknownSize(own: Uint8Array, head: ElementHead): Uint8Array {
  const out = own.slice();
  // All ones after the length marker: the first size byte keeps only its marker bit and the ones below it.
  out[head.idLength] = 0xff >> (head.headLength - head.idLength - 1);
  out.fill(0xff, head.idLength + 1);
  return out;
}

/** A BlockGroup is a key frame when it holds no ReferenceBlock (0xFB). */
function blockGroupIsKey(data: Uint8Array): boolean {
  for (let at = 0; at < data.length; ) {
    const child = readHead(data, at);
    if (!child || child.size === undefined) return false;
    if (child.id === 0xfb) return false;
    at += child.headLength + child.size;
  }
  return true;
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export { ID as WEBM_ID };
