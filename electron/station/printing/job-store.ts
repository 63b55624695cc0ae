// Where print jobs survive a crash or a restart. The queue only needs "append a record" and
// "give me every job's last record", so the station's main journal can take this over later.
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PrintJobSchema, type PrintJob } from './print-job.js';

export interface JobStore {
  /** The last record of every job, in the order the jobs were first written. */
  load(): Promise<PrintJob[]>;
  append(job: PrintJob): Promise<void>;
  close(): Promise<void>;
}

/** Append-only JSON lines, each write fsync'd before the queue acts on it. */
export class FileJobStore implements JobStore {
  private handle: FileHandle | undefined;
  private tail: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly path: string) {}

  async load(): Promise<PrintJob[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const jobs = new Map<string, PrintJob>();
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        // A crash in the middle of a write leaves a torn last line: the record before it stands.
        continue;
      }
      const job = PrintJobSchema.safeParse(parsed);
      if (job.success) jobs.set(job.data.id, job.data);
    }
    return [...jobs.values()];
  }

  append(job: PrintJob): Promise<void> {
    // Writes are chained so records never interleave, whatever the caller awaits.
    const write = this.tail.then(async () => {
      if (!this.handle) {
        // After close() the folder is not made again: a data folder removed once the station
        // stopped (a test's temporary one) stays removed, and the late record has nowhere to go.
        if (this.closed && !existsSync(dirname(this.path))) return;
        await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
        this.handle = await open(this.path, 'a+', 0o600);
        await this.endTornLine(this.handle);
      }
      const handle = this.handle;
      try {
        await handle.write(`${JSON.stringify(job)}\n`);
        await handle.sync();
      } finally {
        // A job that was still talking to its printer when the station stopped reports after
        // close(): its record is kept, and the file is closed again instead of being left to the
        // garbage collector (which closes it late, with a warning).
        if (this.closed) await this.release();
      }
    });
    this.tail = write.catch(() => undefined);
    return write;
  }

  /** Starts a fresh line after a torn one, so the next record is not glued to the fragment. */
  private async endTornLine(handle: FileHandle): Promise<void> {
    const { size } = await handle.stat();
    if (size === 0) return;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    if (last[0] !== 0x0a) await handle.write('\n');
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    await this.release();
  }

  private async release(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}

/** For tests and for desks that opt out of durability. */
export class MemoryJobStore implements JobStore {
  readonly records: PrintJob[] = [];
  async load(): Promise<PrintJob[]> {
    const jobs = new Map<string, PrintJob>();
    for (const r of this.records) jobs.set(r.id, r);
    return [...jobs.values()];
  }
  async append(job: PrintJob): Promise<void> {
    this.records.push(structuredClone(job));
  }
  async close(): Promise<void> {}
}
