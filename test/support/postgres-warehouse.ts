// One migrated warehouse database per test file on a throwaway cluster, with pools that are all
// closed at the end, and a clock the test moves by hand.
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../electron/station/packing/ist-dates.js';
import { migrate } from '../../electron/station/warehouse/migrations.js';
import { createWarehousePool, type WarehouseConnectionOptions, type WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { freshDatabase, startPostgres, type PgCluster } from './postgres.js';

export interface ManualClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function manualClock(start: Date): ManualClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (at) => {
      now = at.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/**
 * Time passing for the claims, as the database sees it: leases run on the database's now(), which
 * a test cannot move, so every time in the claims moves back by `ms` instead.
 */
export async function passDatabaseTime(pool: WarehousePool, ms: number): Promise<void> {
  await pool.query(
    `UPDATE claims SET claimed_at = claimed_at - $1::float8 * interval '1 millisecond', lease_until = lease_until - $1::float8 * interval '1 millisecond',
       packed_at = packed_at - $1::float8 * interval '1 millisecond'`,
    [ms],
  );
}

export interface WarehouseFixture {
  cluster: PgCluster;
  /** The URL of this file's migrated database. */
  url: string;
  /** A new pool on it (closed after the file); one per simulated desk. */
  pool(options?: Partial<WarehouseConnectionOptions>): WarehousePool;
  /** A new empty migrated database and a pool on it. */
  freshPool(): Promise<WarehousePool>;
  /** A new empty migrated database's URL, for several desks' pools. */
  freshUrl(): Promise<string>;
}

/** Starts a cluster before the file's tests and removes it after; call at the top of a describe. */
export function useWarehouseDatabase(): WarehouseFixture {
  const pools: WarehousePool[] = [];
  const fixture = {} as WarehouseFixture;
  const pool = (options: Partial<WarehouseConnectionOptions> = {}, url = fixture.url): WarehousePool => {
    // A generous connect timeout: the shared 2-core machine can be slow; a stopped database refuses
    // at once, so the outage tests do not wait for it.
    const p = createWarehousePool({ url, max: 4, connectTimeoutMs: 15_000, ...options });
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    fixture.cluster = await startPostgres();
    fixture.url = freshDatabase(fixture.cluster);
    fixture.pool = (options) => pool(options);
    fixture.freshUrl = async () => {
      const url = freshDatabase(fixture.cluster);
      await migrate(pool({}, url));
      return url;
    };
    fixture.freshPool = async () => pool({}, await fixture.freshUrl());
    await migrate(pool());
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    fixture.cluster?.destroy();
  });
  return fixture;
}
