// Whole-file replacement that survives a crash at any instant: the reader sees either the old
// file or the new one, never a mix. Used for small state (invoice counter, settings, secrets);
// the journal itself appends instead.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Flushes a directory entry (the rename) to disk; some filesystems refuse, which is harmless. */
export function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Directories cannot be opened for fsync on every platform (Windows); the rename still is
    // atomic there, only its durability across power loss is weaker.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes to a temp file, fsyncs it, renames it over `path` and fsyncs the directory. */
export function writeFileDurably(path: string, data: string | Buffer, mode = 0o600): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(temp, 'w', mode);
  try {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let written = 0;
    while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, path);
  fsyncDirectory(dir);
}
