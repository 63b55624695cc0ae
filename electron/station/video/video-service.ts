// Packing video in the main process: clips begin, grow chunk by chunk, end, are found, played,
// exported for a claim, and deleted by the retention rule. Every dependency comes in as a
// parameter (clock, journal, ffmpeg runner, marketplace lookups), so all of it runs in Node tests.
import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, closeSync, copyFileSync, existsSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { StationError, type KeyedSentence } from '../../../shared/contract/define.js';
import { idForFileName, insideFolder } from '../../files/inside-folder.js';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import { VIDEO_READ_BYTES, type ClipMark, type ClipView } from '../../../shared/contract/video.js';
import type { VideoSettings } from '../../../shared/settings.js';
import type { z } from 'zod';
import type { JournalRecord } from '../journal/records.js';
import type { Clock } from '../packing/ist-dates.js';
import { istDate, istParts } from '../packing/ist-dates.js';
import type { ExecFileFn } from '../printing/printer-backend.js';
import { sessionFacts } from './clip-facts.js';
import { claimSheetPdf, remuxSeekable } from './clip-export.js';
import { ClipIndex } from './clip-index.js';
import { ClipWriter, ensurePrivateFolder } from './clip-writer.js';
import { FILMING_LEASE_MS, FilmingLease } from './filming-lease.js';
import { clipsToDelete } from './retention.js';

const GB = 1024 ** 3;

export interface VideoServiceDeps {
  /** DATA_DIR/video: clips, their index files and scan marks. */
  dir: string;
  /** DATA_DIR/video-exports: what is handed over for claims. */
  exportDir: string;
  clock: Clock;
  settings: () => z.output<typeof VideoSettings>;
  records: () => Promise<JournalRecord[]>;
  exec: ExecFileFn;
  ffmpeg?: string;
  /** The shipment's tracking ids from the marketplace; may fail (offline): the clip keeps none. */
  trackingIds?: (shipmentId: string) => Promise<string[]>;
  /**
   * Shipments with a return that is not closed. Throws when it cannot be known (offline, not
   * signed in): retention then deletes nothing rather than evidence a claim may need.
   */
  openReturnShipments?: () => Promise<Set<string>>;
  log?: (line: string) => void;
}

export interface BeginArgs {
  shipmentId: string;
  sessionId?: string;
  orderIds: string[];
  skus?: string[];
  desk: string;
  operator: string;
  mimeType: string;
  windowId: string;
  /** Milliseconds of the desk before the opening scan at the head of the clip. */
  preRollMs?: number;
  /** Milliseconds since the opening scan when the clip is begun (its head is chosen a moment after). */
  sinceOpeningMs?: number;
}

export class VideoService {
  readonly index: ClipIndex;
  private readonly writer = new ClipWriter();
  private readonly lease: FilmingLease;
  private lastRetention: KeyedSentence | undefined;
  private retentionRun: Promise<string[]> | undefined;

  constructor(private readonly deps: VideoServiceDeps) {
    ensurePrivateFolder(deps.dir);
    this.index = new ClipIndex(deps.dir);
    this.lease = new FilmingLease(deps.clock);
  }

  /** A window asks to film at this desk, or renews its lease (see filming-lease.ts). */
  claim(windowId: string): { granted: boolean; leaseMs: number } {
    return { granted: this.lease.claim(windowId), leaseMs: FILMING_LEASE_MS };
  }

  release(windowId: string): void {
    this.lease.release(windowId);
  }

  begin(args: BeginArgs): { clipId: string } {
    // One window films a shipment: a second window's recorder never starts a clip of its own.
    if (!this.lease.claim(args.windowId)) {
      throw new StationError('VIDEO_OTHER_WINDOW', 'Another window of this desk is filming. Packing video records in one window per desk; this one waits until that window closes.');
    }
    const preRollMs = Math.max(0, Math.round(args.preRollMs ?? 0));
    const started = new Date(this.deps.clock.now().getTime() - Math.max(0, Math.round(args.sinceOpeningMs ?? 0)) - preRollMs);
    const p = istParts(started);
    const stamp = `${istDate(started).replaceAll('-', '')}-${[p.hour, p.minute, p.second].map((n) => String(n).padStart(2, '0')).join('')}`;
    const safeShipment = idForFileName(args.shipmentId).slice(0, 60);
    const clipId = `${safeShipment}_${stamp}_${randomBytes(3).toString('hex')}`;
    this.writer.create(this.index.clipPath(clipId), clipId);
    this.index.save({
      clipId,
      shipmentId: args.shipmentId,
      sessionId: args.sessionId,
      orderIds: args.orderIds,
      trackingIds: [],
      skus: args.skus ?? [],
      serials: [],
      desk: args.desk,
      operator: args.operator,
      startedAt: started.toISOString(),
      preRollMs,
      state: 'recording',
      keep: false,
    });
    return { clipId };
  }

  async chunk(clipId: string, seq: number, base64: string): Promise<{ bytes: number }> {
    return { bytes: await this.writer.append(this.index.clipPath(clipId), clipId, seq, Buffer.from(base64, 'base64')) };
  }

  mark(clipId: string, mark: ClipMark): void {
    if (!this.writer.isOpen(clipId)) return;
    appendFileSync(this.index.marksPath(clipId), `${JSON.stringify(mark)}\n`, { mode: 0o600 });
  }

  async end(clipId: string, reason: string): Promise<ClipView> {
    const clip = this.require(clipId);
    // A clip this run never recorded (cut by a restart, or ended already) stays as it is.
    if (!this.writer.isOpen(clipId)) return clip;
    this.writer.close(clipId);
    const facts = sessionFacts(await this.deps.records(), clip.sessionId);
    const trackingIds = await (this.deps.trackingIds?.(clip.shipmentId) ?? Promise.resolve([])).catch(() => []);
    const { bytes: _bytes, ...stored } = clip;
    this.index.save({ ...stored, state: 'complete', endedAt: this.deps.clock.now().toISOString(), endReason: reason, serials: facts.serials, trackingIds });
    // Retention runs after a clip ends, in the background: it never holds up the desk.
    void this.applyRetention().catch((e: Error) => this.deps.log?.(`Video retention could not run: ${e.message}`));
    return this.require(clipId);
  }

  find(text: string | undefined, limit: number): ClipView[] {
    return this.index.find(text, limit);
  }

  timeline(clipId: string): { clip: ClipView; marks: ClipMark[] } {
    return { clip: this.require(clipId), marks: this.marks(clipId) };
  }

  setKeep(clipId: string, keep: boolean): ClipView {
    const { bytes: _bytes, ...stored } = this.require(clipId);
    this.index.save({ ...stored, keep });
    return this.require(clipId);
  }

  /** A piece of the seekable copy of the clip (made once by ffmpeg after the clip ended). */
  async read(clipId: string, offset: number): Promise<{ data: string; total: number; mimeType: string }> {
    const path = await this.playable(clipId);
    const total = statSync(path).size;
    const length = Math.max(0, Math.min(VIDEO_READ_BYTES, total - offset));
    const buffer = Buffer.alloc(length);
    const fd = openSync(path, 'r');
    try {
      if (length > 0) readSync(fd, buffer, 0, length, offset);
    } finally {
      closeSync(fd);
    }
    return { data: buffer.toString('base64'), total, mimeType: 'video/webm' };
  }

  async export(clipId: string): Promise<{ folder: string; clip: string; pdf: string }> {
    const clip = this.require(clipId);
    const folder = insideFolder(this.deps.exportDir, clipId);
    ensurePrivateFolder(this.deps.exportDir);
    ensurePrivateFolder(folder);
    // Named from the cleaned id: a clip indexed by an older version may carry any text.
    const name = idForFileName(clip.shipmentId);
    const clipFile = insideFolder(folder, `${name}.webm`);
    copyFileSync(await this.playable(clipId), clipFile);
    const pdfFile = insideFolder(folder, `${name}.pdf`);
    const facts = sessionFacts(await this.deps.records(), clip.sessionId);
    writeFileSync(pdfFile, await claimSheetPdf(clip, facts, this.marks(clipId), `${name}.webm`), { mode: 0o600 });
    return { folder, clip: clipFile, pdf: pdfFile };
  }

  space() {
    const s = this.deps.settings();
    const clips = this.index.all();
    return {
      clips: clips.length,
      bytes: clips.reduce((n, c) => n + c.bytes, 0),
      keptForClaims: clips.filter((c) => c.keep).length,
      retentionDays: s.retentionDays,
      retentionBytes: Math.round(s.retentionGb * GB),
      folder: this.deps.dir,
      ...(this.lastRetention ? { lastRetention: englishSentence(this.lastRetention), lastRetentionSentence: this.lastRetention } : {}),
    };
  }

  /** Deletes what the retention rule says; returns the deleted clip ids. One run at a time. */
  applyRetention(): Promise<string[]> {
    this.retentionRun ??= this.retain().finally(() => (this.retentionRun = undefined));
    return this.retentionRun;
  }

  private async retain(): Promise<string[]> {
    const s = this.deps.settings();
    let open: Set<string>;
    try {
      open = (await this.deps.openReturnShipments?.()) ?? new Set();
    } catch (e) {
      this.lastRetention = keyed('setup.video.retention.returnsUnread', { reason: (e as Error).message });
      return [];
    }
    const doomed = clipsToDelete(this.index.all(), { maxAgeDays: s.retentionDays, maxBytes: s.retentionGb * GB }, this.deps.clock.now(), open);
    for (const c of doomed) this.index.remove(c.clipId);
    const at = this.deps.clock.now();
    const when = `${istDate(at)} ${String(istParts(at).hour).padStart(2, '0')}:${String(istParts(at).minute).padStart(2, '0')}`;
    this.lastRetention = doomed.length === 0 ? keyed('setup.video.retention.none', { when }) : keyed('setup.video.retention.deleted', { count: doomed.length, when });
    if (doomed.length > 0) this.deps.log?.(`Video retention deleted ${doomed.length} clip(s).`);
    return doomed.map((c) => c.clipId);
  }

  private marks(clipId: string): ClipMark[] {
    const path = this.index.marksPath(clipId);
    if (!existsSync(path)) return [];
    const out: ClipMark[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        out.push(JSON.parse(line) as ClipMark);
      } catch {
        // A torn last line (a crash mid-append) loses one mark, not the timeline.
      }
    }
    return out;
  }

  private async playable(clipId: string): Promise<string> {
    const clip = this.require(clipId);
    if (clip.state === 'recording') throw new StationError('VIDEO_RECORDING', 'This clip is still being recorded. It can be played once its shipment is packed or put aside.');
    const fixed = this.index.seekablePath(clipId);
    if (!existsSync(fixed)) {
      await remuxSeekable(this.deps.exec, this.deps.ffmpeg ?? 'ffmpeg', this.index.clipPath(clipId), `${fixed}.tmp`);
      chmodSync(`${fixed}.tmp`, 0o600);
      renameSync(`${fixed}.tmp`, fixed);
    }
    return fixed;
  }

  private require(clipId: string): ClipView {
    const clip = this.index.get(clipId);
    if (!clip) throw new StationError('VIDEO_NO_CLIP', `There is no clip ${clipId}. It may have been deleted by the retention rule.`);
    return clip;
  }
}
