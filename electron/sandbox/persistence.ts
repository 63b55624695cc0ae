// Durable sandbox state in the state directory, built so that SIGKILL at any moment leaves it
// readable and so that a pack costs one small append, not a rewrite of the world:
//
//   state.json            seed, shipment count, clock epoch, clock offset, journal generation and
//                         an overlay: the latest value of every record changed since the seed,
//                         plus every event after the seeded ones. Replaced atomically (temp
//                         file, fsync, rename, fsync of the directory).
//   journal-<gen>.jsonl   one JSON line per request that changed something: the changed records
//                         (World.dirty), the new events (World.newEvents) and the clock offset.
//
// Start-up re-seeds the world deterministically (the seed and the epoch are stored), applies the
// overlay of state.json and replays the journal of its generation. A torn last line (the process
// died inside a write) is cut off. Compaction folds the journal into state.json on clean shutdown
// and when the journal grows past JOURNAL_COMPACT_BYTES; the generation number makes a crash
// between the rename and the journal switch harmless (the old journal is simply not read).
import { closeSync, existsSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { World } from './world/world.js';
import type { EventRec, ListingRec, ShipmentRec } from './world/model.js';

/** Journal size that triggers compaction into state.json. */
export const JOURNAL_COMPACT_BYTES = 64 * 1024 * 1024;
const STATE_FILE = 'state.json';
const STATE_FORMAT = 1;

export interface StoredMeta {
  seed: number;
  shipments: number;
  /** Sandbox-clock ms at which the seed ran; seeded dates are relative to it. */
  epochMs: number;
}

const StateFile = z.object({
  format: z.literal(STATE_FORMAT),
  seed: z.number().int(),
  shipments: z.number().int().nonnegative(),
  epochMs: z.number(),
  generation: z.number().int().positive(),
  offsetMs: z.number(),
  records: z.array(z.tuple([z.string(), z.unknown()])),
  events: z.array(z.unknown()),
});
type StateFile = z.infer<typeof StateFile>;

const JournalLine = z.object({
  r: z.array(z.tuple([z.string(), z.unknown()])),
  e: z.array(z.unknown()),
  o: z.number(),
});

/** The state directory holds another data set than the one asked for. */
export class StateDirMismatchError extends Error {}

export interface StatePersistence {
  readonly dir: string;
  readonly meta: StoredMeta;
  /** False when the directory held no state and this start created it. */
  readonly restored: boolean;
  /** Applies the stored overlay and journal to a freshly seeded world. */
  restore(world: World): void;
  /** Appends what the last request changed (PipelineHooks.afterHandle). */
  flush(world: World): void;
  /** Starts over from a re-seeded world (POST /sandbox/reset); records still in World.dirty are kept. */
  rebase(world: World, epochMs: number): void;
  /** Folds the journal into state.json and closes the journal. */
  close(world: World): void;
}

/**
 * Opens (or creates) the state in dir. `requested` holds only what the caller asked for
 * explicitly; a stored data set with another seed or size is refused rather than silently mixed.
 */
export function openPersistence(dir: string, requested: { seed?: number; shipments?: number }, defaults: StoredMeta): StatePersistence {
  mkdirSync(dir, { recursive: true });
  const statePath = join(dir, STATE_FILE);
  let state: StateFile | undefined;
  if (existsSync(statePath)) {
    const parsed = StateFile.safeParse(safeJson(readFileSync(statePath, 'utf8')));
    if (!parsed.success) throw new Error(`${statePath} is not a sandbox state file (${parsed.error.issues[0]?.message}); remove it or use another state directory.`);
    state = parsed.data;
    for (const [name, want] of [['seed', requested.seed], ['shipments', requested.shipments]] as const) {
      if (want !== undefined && want !== state[name]) {
        throw new StateDirMismatchError(
          `The state directory ${dir} holds the data set of --seed ${state.seed} --shipments ${state.shipments}; ` +
            `start with those values, leave them out, or use another --state-dir.`,
        );
      }
    }
  }
  const restored = state !== undefined;
  const meta: StoredMeta = state ? { seed: state.seed, shipments: state.shipments, epochMs: state.epochMs } : { ...defaults };
  let generation = state?.generation ?? 1;
  removeStale(dir, generation);

  /** Keys of every record that differs from the seed: what compaction writes. */
  const changed = new Set<string>();
  let seedEventCount = 0;
  let journalFd = -1;
  let journalBytes = 0;
  let lastOffset = Number.NaN;

  const journalPath = (gen: number) => join(dir, `journal-${gen}.jsonl`);

  function openJournal(): void {
    journalFd = openSync(journalPath(generation), 'a');
    journalBytes = statSync(journalPath(generation)).size;
  }

  function writeState(world: World): void {
    const records: [string, unknown][] = [];
    for (const key of changed) records.push([key, readRecord(world, key)]);
    const file: StateFile = {
      format: STATE_FORMAT,
      ...meta,
      generation,
      offsetMs: world.clock.offsetMs,
      records,
      events: world.events.slice(seedEventCount),
    };
    writeFileAtomic(statePath, JSON.stringify(file));
  }

  function compact(world: World): void {
    if (journalFd >= 0) closeSync(journalFd);
    const old = generation;
    generation += 1;
    writeState(world);
    rmSync(journalPath(old), { force: true });
    openJournal();
  }

  return {
    dir,
    meta,
    restored,
    restore(world) {
      seedEventCount = world.events.length;
      if (state) {
        world.clock.offsetMs = state.offsetMs;
        for (const [key, value] of state.records) {
          applyRecord(world, key, value);
          changed.add(key);
        }
        for (const e of state.events) world.events.push(e as EventRec);
        replayJournal(journalPath(generation), world, changed);
      } else {
        writeState(world);
      }
      world.dirty.clear();
      world.newEvents.length = 0;
      rebuildPacking(world);
      lastOffset = world.clock.offsetMs;
      openJournal();
    },
    flush(world) {
      const offset = world.clock.offsetMs;
      if (world.dirty.size === 0 && world.newEvents.length === 0 && offset === lastOffset) return;
      const r: [string, unknown][] = [];
      for (const key of world.dirty) {
        r.push([key, readRecord(world, key)]);
        changed.add(key);
      }
      const line = JSON.stringify({ r, e: world.newEvents, o: offset }) + '\n';
      world.dirty.clear();
      world.newEvents.length = 0;
      lastOffset = offset;
      // One write per request and no fsync: a killed process loses nothing the kernel already
      // holds, and only a power cut could tear the last line, which start-up tolerates.
      const bytes = Buffer.from(line);
      let written = 0;
      while (written < bytes.length) written += writeSync(journalFd, bytes, written);
      journalBytes += bytes.length;
      if (journalBytes > JOURNAL_COMPACT_BYTES) compact(world);
    },
    rebase(world, epochMs) {
      meta.epochMs = epochMs;
      seedEventCount = world.events.length;
      changed.clear();
      for (const key of world.dirty) changed.add(key);
      world.dirty.clear();
      world.newEvents.length = 0;
      lastOffset = world.clock.offsetMs;
      compact(world);
    },
    close(world) {
      if (journalFd < 0) return;
      this.flush(world);
      compact(world);
      closeSync(journalFd);
      journalFd = -1;
    },
  };
}

function replayJournal(path: string, world: World, changed: Set<string>): void {
  if (!existsSync(path)) return;
  const text = readFileSync(path);
  let start = 0;
  let goodEnd = 0;
  while (start < text.length) {
    const nl = text.indexOf(0x0a, start);
    if (nl < 0) break; // a torn last line: no newline was written
    const parsed = JournalLine.safeParse(safeJson(text.subarray(start, nl).toString('utf8')));
    if (!parsed.success) break;
    for (const [key, value] of parsed.data.r) {
      applyRecord(world, key, value);
      changed.add(key);
    }
    for (const e of parsed.data.e) world.events.push(e as EventRec);
    world.clock.offsetMs = parsed.data.o;
    start = nl + 1;
    goodEnd = start;
  }
  if (goodEnd < text.length) {
    // Cut the torn tail so that the next append starts on a clean line.
    const fd = openSync(path, 'r+');
    ftruncateSync(fd, goodEnd);
    fsyncSync(fd);
    closeSync(fd);
  }
}

/** The current value of a record named by a World.dirty key, or null when it no longer exists. */
function readRecord(world: World, key: string): unknown {
  const sep = key.indexOf(':');
  const kind = key.slice(0, sep);
  const id = key.slice(sep + 1);
  switch (kind) {
    case 'seller':
      return world.sellers.get(id) ?? null;
    case 'app':
      return world.apps.get(id) ?? null;
    case 'token':
      return world.tokens.get(id) ?? null;
    case 'code':
      return world.codes.get(id) ?? null;
    case 'shipment':
      return world.shipments.get(id) ?? null;
    case 'return':
      return world.returns.get(id) ?? null;
    case 'listing':
      return findListings(world, id);
    case 'meta':
      return id === 'counters' ? { ...world.counters } : null;
    default:
      return null;
  }
}

/**
 * Listings are keyed per seller; a dirty key names `sellerId/sku` (listingKey), `sellerId:sku`
 * or a bare sku. The stored value is the list of matching records, so every form round-trips.
 */
function listingTarget(world: World, id: string): { sellerId?: string; sku: string } {
  for (const sep of ['/', ':']) {
    const at = id.indexOf(sep);
    if (at > 0 && world.sellers.has(id.slice(0, at))) return { sellerId: id.slice(0, at), sku: id.slice(at + 1) };
  }
  return { sku: id };
}

function findListings(world: World, id: string): ListingRec[] {
  const { sellerId, sku } = listingTarget(world, id);
  const found: ListingRec[] = [];
  for (const [owner, map] of world.listings) {
    const rec = sellerId === undefined || sellerId === owner ? map.get(sku) : undefined;
    if (rec) found.push(rec);
  }
  return found;
}

function applyRecord(world: World, key: string, value: unknown): void {
  const sep = key.indexOf(':');
  const kind = key.slice(0, sep);
  const id = key.slice(sep + 1);
  const put = <T>(map: Map<string, T>) => (value === null ? map.delete(id) : map.set(id, value as T));
  switch (kind) {
    case 'seller':
      put(world.sellers);
      return;
    case 'app':
      put(world.apps);
      return;
    case 'token':
      put(world.tokens);
      return;
    case 'code':
      put(world.codes);
      return;
    case 'return':
      put(world.returns);
      return;
    case 'shipment':
      if (value === null) world.shipments.delete(id);
      else world.addShipment(value as ShipmentRec);
      return;
    case 'listing': {
      const { sellerId, sku } = listingTarget(world, id);
      for (const [owner, map] of world.listings) if (sellerId === undefined || sellerId === owner) map.delete(sku);
      for (const rec of (value ?? []) as ListingRec[]) world.listingsOf(rec.sellerId).set(rec.sku, rec);
      return;
    }
    case 'meta':
      if (id === 'counters' && value && typeof value === 'object') {
        for (const k of Object.keys(world.counters)) delete world.counters[k];
        Object.assign(world.counters, value);
      }
      return;
  }
}

/** Shipments whose documents are still being generated go back to the sweep's list. */
function rebuildPacking(world: World): void {
  for (const s of world.shipments.values()) {
    if (s.pack && s.orderItems.some((i) => i.status === 'PACKING_IN_PROGRESS')) world.packing.add(s.shipmentId);
  }
}

function removeStale(dir: string, generation: number): void {
  for (const name of readdirSync(dir)) {
    const m = /^journal-(\d+)\.jsonl$/.exec(name);
    if ((m && Number(m[1]) !== generation) || name === `${STATE_FILE}.tmp`) rmSync(join(dir, name), { force: true });
  }
}

export function writeFileAtomic(path: string, data: string): void {
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    const bytes = Buffer.from(data);
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  try {
    const dirFd = openSync(join(path, '..'), 'r');
    fsyncSync(dirFd);
    closeSync(dirFd);
  } catch {
    // Directories cannot be fsynced on every platform; the rename itself is still atomic.
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
