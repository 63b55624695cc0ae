// Notifications of a desk without a warehouse database, in its own data folder: one JSON line per
// notification in push-notifications.jsonl (0600, like every file of the folder), appended and
// flushed to disk (fdatasync) before put() resolves, so a 2xx is only answered for what survives
// a power cut. The keys of everything stored are read back on opening, so a redelivery after a
// restart is still recognised. The desk in the same process is told through subscribe().
import { closeSync, existsSync, fdatasyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NotificationEnvelope } from '../../../shared/api/notifications.js';
import { PRIVATE_FILE_MODE } from '../composition/private-files.js';
import { fsyncDirectory } from '../journal/durable-file.js';
import { notificationKey } from './notification-key.js';
import type { NotificationStore, PutResult, StoredNotification } from './notification-store.js';

export const NOTIFICATIONS_FILE = 'push-notifications.jsonl';

export class FileNotificationStore implements NotificationStore {
  private readonly rows: StoredNotification[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly listeners = new Set<(n: StoredNotification) => void>();
  private readonly path: string;
  /** The file ends in a line cut short by a crash: the next line starts on a line of its own. */
  private cutShort = false;

  constructor(dataDir: string, private readonly now: () => Date = () => new Date()) {
    this.path = join(dataDir, NOTIFICATIONS_FILE);
    if (!existsSync(this.path)) return;
    const text = readFileSync(this.path, 'utf8');
    this.cutShort = text.length > 0 && !text.endsWith('\n');
    for (const line of text.split('\n')) {
      const row = parseLine(line);
      // A line cut short by a crash was never answered 2xx: the marketplace sends it again.
      if (!row) continue;
      this.rows.push(row);
      this.byKey.set(row.key, row.id);
    }
  }

  /** Told of every newly stored notification (not of duplicates), after it is on disk. */
  subscribe(fn: (n: StoredNotification) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  async put(notification: NotificationEnvelope): Promise<PutResult> {
    // Synchronous on purpose: two deliveries of one notification cannot interleave between the
    // key check and the append.
    const key = notificationKey(notification);
    const known = this.byKey.get(key);
    if (known !== undefined) return { id: known, duplicate: true };
    const row: StoredNotification = { id: (this.rows.at(-1)?.id ?? 0) + 1, key, receivedAt: this.now().toISOString(), notification };
    const created = !existsSync(this.path);
    const fd = openSync(this.path, 'a', PRIVATE_FILE_MODE);
    try {
      writeSync(fd, `${this.cutShort ? '\n' : ''}${JSON.stringify(row)}\n`);
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.cutShort = false;
    if (created) fsyncDirectory(dirname(this.path));
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

  async close(): Promise<void> {
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
