// Setup -> Warehouse in Chromium over browser mode, against a real PostgreSQL: Test connection in
// words (refused, then connected), saving switches the desk to warehouse mode at once (no
// restart), the password never comes back to the page, a shipment another desk holds is refused
// at Pack with who and since when, and with the database stopped a new shipment waits with the
// reason on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../electron/station/composition/data-dir.js';
import { migrate } from '../../electron/station/warehouse/migrations.js';
import { warehousePasswordFor } from '../../electron/station/warehouse/warehouse-password.js';
import { createWarehousePool, type WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { nodeSecretCipher } from '../../electron/station/settings/node-cipher.js';
import { FileSecretStore } from '../../electron/station/settings/secret-store.js';
import { haveChromium, words, type Desk } from '../support/browser-desk.js';
import { useDeskSession } from '../support/browser-desk-session.js';
import type { BrowserStation } from '../support/browser-station.js';
import { freshDatabase, requirePostgres, startPostgres, type PgCluster } from '../support/postgres.js';

const PASSWORD = 'typed-warehouse-password-7';

describe.runIf(haveChromium() && requirePostgres())('Setup -> Warehouse and the Pack screen in warehouse mode', () => {
  let pg: PgCluster;
  let url: string;
  let pool: WarehousePool;
  beforeAll(async () => {
    pg = await startPostgres();
    url = freshDatabase(pg);
    pool = createWarehousePool({ url });
    await migrate(pool);
  });
  afterAll(async () => {
    await pool?.end();
    pg?.destroy();
  });
  const session = useDeskSession({ station: { devices: false, settings: { desk: { name: 'Desk 4', operator: 'Meena' } } }, printers: false });
  let station: BrowserStation;
  let desk: Desk;
  beforeAll(() => void ({ station, desk } = session));

  const status = () => desk.page.getByRole('status', { name: 'Warehouse status' });

  it('tests the connection in words, saves, and the desk is in warehouse mode at once; the password never comes back', async () => {
    const { page } = desk;
    await desk.go('Setup');
    await expect.poll(() => words(status())).toContain('Warehouse mode is off');
    const u = new URL(url);
    await page.getByLabel('Database address').fill(`postgres://${u.username}@127.0.0.1:1${u.pathname}`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => words(page.getByRole('region', { name: 'Warehouse' }))).toContain('Refused: nothing answers at 127.0.0.1:1.');

    await page.getByLabel('Database address').fill(url);
    await page.getByLabel('Database password').fill(PASSWORD);
    await page.getByLabel('Seller registration (GSTIN)').fill('29abcde1234f1z5');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => words(page.getByRole('region', { name: 'Warehouse' }))).toMatch(/Connected to postgres:\/\/station@127\.0\.0\.1:\d+\/\S+ \(schema version \d+, up to date\)/);
    await page.getByRole('button', { name: 'Save warehouse settings' }).click();
    await expect.poll(() => words(status()), { timeout: 15_000 }).toMatch(/^Desk 4 is connected to postgres:\/\/station@127\.0\.0\.1:\d+\/\S+, schema version \d+\. 50 invoice numbers kept for an outage\./);
    await desk.screenshot('warehouse-setup');
    // The password is a secret: gone from the page, stored with the desk's secrets, not in the settings file.
    expect(await page.getByLabel('Database password').inputValue()).toBe('');
    expect(desk.problems).toEqual([]);
    expect(await page.content()).not.toContain(PASSWORD);
    const paths = dataPaths(station.dataDir);
    expect(warehousePasswordFor(new FileSecretStore(paths.secrets, nodeSecretCipher(paths.secretKey)), url)).toBe(PASSWORD);
    expect(station.log.join('\n')).not.toContain(PASSWORD);
    // The database knows the desk: its outage block was allocated in the shared series.
    expect((await pool.query("SELECT count(*)::int AS n FROM invoice_numbers WHERE desk = 'Desk 4' AND status = 'block'")).rows[0].n).toBe(50);
  });

  it('refuses at Pack a shipment another desk holds, and says new shipments wait while the database is away', async () => {
    const { page } = desk;
    const [held, fresh] = await station.createShipments('plain', 2);
    await pool.query("INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until) VALUES ($1, 'Desk 3', 'Asha', now(), now() + interval '10 minutes')", [held]);
    await desk.go('Pack');
    await desk.wedgeScan(held);
    await expect.poll(() => words(page.getByRole('main', { name: 'Pack' }))).toMatch(new RegExp(`Shipment ${held} is being packed at Desk 3 by Asha since \\d\\d:\\d\\d IST\\. It cannot be packed at this desk\\.`));
    await desk.screenshot('warehouse-pack-held');
    pg.stop();
    try {
      await desk.wedgeScan(fresh);
      await expect.poll(() => words(page.getByRole('main', { name: 'Pack' })), { timeout: 20_000 }).toContain('New shipments wait: the warehouse database is unreachable');
      // Nothing was opened or packed.
      expect(station.sandbox.world.shipments.get(fresh)!.pack).toBeUndefined();
      await desk.go('Setup');
      await expect.poll(() => words(status())).toMatch(/^Desk 4: the warehouse database .* is unreachable/);
    } finally {
      pg.start();
    }
  });
});
