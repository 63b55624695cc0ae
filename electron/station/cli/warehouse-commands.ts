// `station claims release ID...`, `station warehouse status` and `station warehouse migrate`: the
// warehouse database alone, without a marketplace connection. A lead frees shipments a desk holds
// (a desk that died, a packer gone home); the status says which database the desk uses and
// whether it answers; migrate brings the schema up to this version, with the lead's login that
// owns the tables (desks log in with the station_desk role and never change the schema).
import type { StationStores } from '../station.js';
import { describeHolder, ClaimService } from '../warehouse/claims.js';
import { testWarehouseConnection } from '../warehouse/connection-test.js';
import { migrate } from '../warehouse/migrations.js';
import { resolveWarehouseConfig } from '../warehouse/warehouse-config.js';
import { createWarehousePool } from '../warehouse/warehouse-pool.js';
import { EXIT_FAILED, EXIT_USAGE, type Invocation } from './cli-args.js';
import type { Output } from './cli-io.js';

/** PostgreSQL's insufficient_privilege: a desk's login asked to migrate. */
const INSUFFICIENT_PRIVILEGE = '42501';
const NOT_CONFIGURED = 'This desk has no warehouse database: give --warehouse postgres://..., set STATION_WAREHOUSE_URL, or set it up in Setup -> Warehouse.';

export async function warehouseCommand(stores: StationStores, inv: Invocation, out: Output, env: Readonly<Record<string, string | undefined>>, password?: string): Promise<number> {
  const settings = stores.settings.get();
  const config = resolveWarehouseConfig({ settings, env, cliUrl: inv.warehouse, password, secrets: stores.secrets });
  if (!config.enabled) {
    out.io.stderr(`station: ${NOT_CONFIGURED}`);
    return EXIT_USAGE;
  }
  if (inv.command === 'warehouse status') {
    const test = await testWarehouseConnection(config.connection);
    out.result({ desk: config.desk, address: config.displayUrl, source: config.source, ok: test.ok, text: test.text });
    out.line(`${config.desk} uses ${config.displayUrl} (from ${config.source}). ${test.text}`);
    return test.ok ? 0 : EXIT_FAILED;
  }
  const pool = createWarehousePool(config.connection);
  try {
    if (inv.command === 'warehouse migrate') {
      const report = await migrate(pool);
      out.result({ address: config.displayUrl, version: report.version, applied: report.applied });
      out.line(report.applied.length ? `Migrated ${config.displayUrl} to schema version ${report.version} (applied ${report.applied.join(', ')}).` : `${config.displayUrl} is already at schema version ${report.version}.`);
      return 0;
    }
    const claims = new ClaimService(pool, { clock: { now: () => new Date() } });
    const lead = settings.desk.operator || `lead at ${config.desk}`;
    const results: { shipmentId: string; released: boolean; text: string }[] = [];
    for (const id of inv.ids) {
      const held = await claims.releaseByLead(id, lead);
      const text = held ? `Released ${id}: ${describeHolder(held).replace(/^Shipment \S+ /, '').replace(/\.$/, '')}; any desk can open it now.` : `${id} is not held by any desk (or it is packed, which cannot be undone).`;
      results.push({ shipmentId: id, released: !!held, text });
      out.line(text);
    }
    out.result({ released: results });
    return results.every((r) => r.released) ? 0 : EXIT_FAILED;
  } catch (e) {
    if (inv.command === 'warehouse migrate' && (e as { code?: string }).code === INSUFFICIENT_PRIVILEGE) {
      out.io.stderr(`station: ${config.displayUrl} may not change the schema (${(e as Error).message}). Run station warehouse migrate with the lead's login that owns the tables, not a desk's.`);
      return EXIT_FAILED;
    }
    out.io.stderr(`station: ${(e as Error).message}`);
    return EXIT_FAILED;
  } finally {
    await pool.end().catch(() => undefined);
  }
}
