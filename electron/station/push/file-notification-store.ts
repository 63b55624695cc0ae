// Notifications of a desk without a warehouse database, in its own data folder: one JSON line per
// notification in push-notifications.jsonl (0600, like every file of the folder), appended and
// flushed to disk (fdatasync) before put() resolves, so a 2xx is only answered for what survives
// a power cut. The keys of everything stored are read back on opening, so a redelivery after a
// restart is still recognised. The desk in the same process is told through subscribe(); a desk
// on the same data folder while `station receive` runs in a process of its own follows the file
// (follow(): lines appended by the other process are read as they arrive). prune() rewrites the
// file without the old lines (a new file renamed over it): a follower sees another file and reads
// it again from its start, taking only ids above those it has.
import { closeSync, existsSync, fdatasyncSync, openSync, readFileSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NotificationEnvelope } from '../../../shared/api/notifications.js';
import { PRIVATE_FILE_MODE } from '../composition/private-files.js';
import { fsyncDirectory } from '../journal/durable-file.js';
import { notificationKey } from './notification-key.js';
import type { NotificationStore, PutResult, StoredNotification } from './notification-store.js';

export const NOTIFICATIONS_FILE = 'push-notifications.jsonl';
/** How often a desk looks for lines another process appended. */
export const FOLLOW_INTERVAL_MS = 200;

export class FileNotificationStore implements NotificationStore {
  private readonly rows: StoredNotification[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly listeners = new Set<(n: StoredNotification) => void>();
  private readonly path: string;
  /** Bytes of the file read so far, and which file (its inode: prune() replaces it). */
  private offset = 0;
  private inode: number | undefined;
  private watcher: { close(): void } | undefined;
  /** The file ends in a line cut short by a crash: the next line starts on a line of its own. */
  private cutShort = false;

  constructor(dataDir: string, private readonly now: () => Date = () => new Date()) {
    this.path = join(dataDir, NOTIFICATIONS_FILE);
    if (!existsSync(this.path)) return;
    this.inode = statSync(this.path).ino;
    const text = readFileSync(this.path);
    this.cutShort = text.length > 0 && text[text.length - 1] !== 0x0a;
    this.take(text, false);
  }

  /** Adds the complete lines of `bytes` (read from this.offset on); tells listeners when asked. */
  private take(bytes: Buffer, tell: boolean): void {
    const end = bytes.lastIndexOf(0x0a) + 1;
    // A line without its newline yet is read when it is complete (or skipped if a crash cut it).
    for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
      const row = parseLine(line);
      // A line cut short by a crash was never answered 2xx: the marketplace sends it again.
      if (!row || this.byKey.has(row.key) || row.id <= (this.rows.at(-1)?.id ?? 0)) continue;
      this.rows.push(row);
      this.byKey.set(row.key, row.id);
      if (tell) for (const fn of this.listeners) fn(row);
    }
    this.offset += end;
  }

  /** Reads what another process appended since the last read. */
  private readMore(): void {
    if (!existsSync(this.path)) return;
    const stat = statSync(this.path);
    if (stat.ino !== this.inode) {
      // Pruned (or made) by another process: read the new file from its start.
      this.inode = stat.ino;
      this.offset = 0;
    }
    const size = stat.size;
    if (size <= this.offset) return;
    const fd = openSync(this.path, 'r');
    try {
      const bytes = Buffer.alloc(size - this.offset);
      readSync(fd, bytes, 0, bytes.length, this.offset);
      this.take(bytes, true);
    } finally {
      closeSync(fd);
    }
  }

  /** Follows lines another process (`station receive`) appends; the listeners are told of each. */
  follow(intervalMs = FOLLOW_INTERVAL_MS): void {
    if (this.watcher) return;
    // A stat per interval: fs.watch is not reliable on every filesystem (network shares).
    const timer = setInterval(() => {
      try {
        this.readMore();
      } catch {
        // The file is being replaced or is unreadable for a moment: the next interval reads it.
      }
    }, intervalMs);
    timer.unref?.();
    this.watcher = { close: () => clearInterval(timer) };
  }

  /** Told of every newly stored notification (not of duplicates), after it is on disk. */
  subscribe(fn: (n: StoredNotification) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async put(notification: NotificationEnvelope): Promise<PutResult> {
    // Synchronous on purpose: two deliveries of one notification cannot interleave between the
    // key check and the append.
    this.readMore();
    const key = notificationKey(notification);
    const known = this.byKey.get(key);
    if (known !== undefined) return { id: known, duplicate: true };
    const row: StoredNotification = { id: (this.rows.at(-1)?.id ?? 0) + 1, key, receivedAt: this.now().toISOString(), notification };
    const created = !existsSync(this.path);
    const line = Buffer.from(`${this.cutShort ? '\n' : ''}${JSON.stringify(row)}\n`, 'utf8');
    const fd = openSync(this.path, 'a', PRIVATE_FILE_MODE);
    try {
      writeSync(fd, line);
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.cutShort = false;
    this.offset += line.length;
    if (created) {
      this.inode = statSync(this.path).ino;
      fsyncDirectory(dirname(this.path));
    }
    this.rows.push(row);
    this.byKey.set(key, row.id);
    for (const fn of this.listeners) fn(row);
    return { id: row.id, duplicate: false };
  }

  async after(afterId: number, limit: number): Promise<StoredNotification[]> {
    return this.rows.filter((r) => r.id > afterId).slice(0, limit);
  }

  async lastId(): Promise<number> {
    return this.rows.at(-1)?.id ?? 0;
  }

  async prune(before: Date): Promise<number> {
    this.readMore();
    const cutoff = before.getTime();
    const newest = this.rows.at(-1);
    const keep = this.rows.filter((r) => r === newest || Date.parse(r.receivedAt) >= cutoff);
    const removed = this.rows.length - keep.length;
    if (removed === 0) return 0;
    const text = Buffer.from(keep.map((r) => `${JSON.stringify(r)}\n`).join(''), 'utf8');
    const temp = `${this.path}.pruning`;
    const fd = openSync(temp, 'w', PRIVATE_FILE_MODE);
    try {
      writeSync(fd, text);
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.path);
    fsyncDirectory(dirname(this.path));
    this.rows.splice(0, this.rows.length, ...keep);
    this.byKey.clear();
    for (const r of keep) this.byKey.set(r.key, r.id);
    this.inode = statSync(this.path).ino;
    this.offset = text.length;
    this.cutShort = false;
    return removed;
  }

  async close(): Promise<void> {
    this.watcher?.close();
    this.watcher = undefined;
    this.listeners.clear();
  }
}

function parseLine(line: string): StoredNotification | undefined {
  if (!line.trim()) return undefined;
  try {
    const raw = JSON.parse(line) as StoredNotification;
    const n = NotificationEnvelope.safeParse(raw.notification);
    if (!n.success || typeof raw.id !== 'number' || typeof raw.key !== 'string') return undefined;
    return { id: raw.id, key: raw.key, receivedAt: String(raw.receivedAt), notification: n.data };
  } catch {
    return undefined;
  }
}
