// The warehouse database password goes only to the server it was entered for. Servers that speak
// just enough PostgreSQL to ask for a cleartext password listen on other ports of this machine and
// record what they are sent: Setup's test and save of another address, and the `station` command
// pointed at another address, never send them the stored password. The command line refuses a
// password inside --warehouse and takes one from the environment, a private file or a prompt.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/station/cli/run-cli.js';
import { openStores } from '../../electron/station/station.js';
import { storeWarehouseAddress, WAREHOUSE_PASSWORD_SECRET } from '../../electron/station/warehouse/warehouse-config.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startFakePostgres, type FakePostgres } from '../support/fake-postgres.js';
import { GSTIN } from '../support/warehouse-desk.js';

const SECRET = 'the-real-warehouse-password';

describe('the warehouse password is bound to its server', () => {
  let home: FakePostgres;
  let other: FakePostgres;
  beforeAll(async () => {
    home = await startFakePostgres();
    other = await startFakePostgres();
  });
  afterAll(async () => {
    await home?.close();
    await other?.close();
  });

  describe('Setup -> Warehouse', () => {
    let app: TestAppStation;
    beforeAll(async () => {
      app = await startTestAppStation({ settings: { desk: { name: 'Desk 1' }, warehouse: { registration: GSTIN } }, warehouseTuning: { connectTimeoutMs: 2_000 } });
    });
    afterAll(async () => {
      await app?.close();
    });
    const form = (url: string, password?: string) => ({ url, ...(password ? { password } : {}), sslMode: 'auto' as const, caFile: '', registration: GSTIN, deskName: 'Desk 1' });

    it('sends the stored password to the address it was entered for, and to no other one', async () => {
      const homeUrl = home.url('desk', 'warehouse');
      await app.api.invoke('warehouse.save', form(homeUrl, SECRET));
      expect(home.passwords).toContain(SECRET);
      const before = home.passwords.length;
      // Tested again without typing it: the same server gets it.
      await app.api.invoke('warehouse.test', form(homeUrl));
      expect(home.passwords.slice(before)).toContain(SECRET);

      // Another port of the same machine, the same user and database: it asks, and gets nothing.
      const tested = await app.api.invoke('warehouse.test', form(other.url('desk', 'warehouse')));
      expect(other.startups.length).toBeGreaterThan(0);
      expect(other.passwords).not.toContain(SECRET);
      expect(tested.ok).toBe(false);
      expect(JSON.stringify(tested)).not.toContain(SECRET);
    });

    it('forgets the password when the address changes, and asks for it again', async () => {
      const view = await app.api.invoke('warehouse.save', form(other.url('desk', 'warehouse')));
      expect(other.passwords).not.toContain(SECRET);
      expect(view.passwordStored).toBe(false);
      expect(app.secrets.get(WAREHOUSE_PASSWORD_SECRET)).toBeUndefined();
      // Back to the first address: the password is gone, so nothing is sent there either.
      const before = home.passwords.length;
      await app.api.invoke('warehouse.test', form(home.url('desk', 'warehouse')));
      expect(home.passwords.slice(before)).not.toContain(SECRET);
    });
  });

  describe('the station command', () => {
    let work: string;
    let dataDir: string;
    beforeAll(() => {
      work = mkdtempSync(join(tmpdir(), 'warehouse-password-'));
      dataDir = join(work, 'data');
      const stores = openStores(dataDir);
      const url = storeWarehouseAddress(home.url('desk', 'warehouse'), SECRET, stores.secrets);
      stores.settings.update({ desk: { name: 'Desk 9' }, warehouse: { url, registration: GSTIN } } as never);
    });
    afterAll(() => {
      if (work) rmSync(work, { recursive: true, force: true });
    });

    async function station(args: string[], options: { env?: Record<string, string>; prompt?: (q: string) => Promise<string | undefined> } = {}): Promise<{ code: number; err: string }> {
      const err: string[] = [];
      const code = await runCli([...args, '--data-dir', dataDir], { stdout: () => undefined, stderr: (l) => err.push(l) }, { env: options.env ?? {}, prompt: options.prompt ?? (async () => undefined) });
      return { code, err: err.join('\n') };
    }

    it('sends the stored password only to the address in the settings', async () => {
      const before = home.passwords.length;
      await station(['warehouse', 'status']);
      expect(home.passwords.slice(before)).toContain(SECRET);
      await station(['warehouse', 'status', '--warehouse', other.url('desk', 'warehouse')]);
      await station(['claims', 'release', 'S1', '--warehouse', other.url('desk', 'warehouse')]);
      expect(other.passwords).not.toContain(SECRET);
    });

    it('refuses a password inside --warehouse, in words, before connecting anywhere', async () => {
      const seen = other.startups.length;
      const r = await station(['warehouse', 'status', '--warehouse', `postgres://desk:typed-in-argv@127.0.0.1:${other.port}/warehouse`]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/Leave the password out of --warehouse: every user of this computer can read it in the process list\. Give it in STATION_WAREHOUSE_PASSWORD/);
      expect(r.err).not.toContain('typed-in-argv');
      expect(other.startups.length).toBe(seen);
    });

    it('takes the password from STATION_WAREHOUSE_PASSWORD, a private file, or the prompt', async () => {
      const at = other.url('desk', 'warehouse');
      await station(['warehouse', 'status', '--warehouse', at], { env: { STATION_WAREHOUSE_PASSWORD: 'from-the-environment' } });
      expect(other.passwords.at(-1)).toBe('from-the-environment');

      const file = join(work, 'password');
      writeFileSync(file, 'from-a-file\n');
      chmodSync(file, 0o644);
      const loose = await station(['warehouse', 'status', '--warehouse', at, '--warehouse-password-file', file]);
      expect(loose.code).toBe(2);
      expect(loose.err).toBe(`station: The password file ${file} can be read by other users (mode 644); make it yours alone with: chmod 600 ${file}`);
      chmodSync(file, 0o600);
      await station(['warehouse', 'status', '--warehouse', at, '--warehouse-password-file', file]);
      expect(other.passwords.at(-1)).toBe('from-a-file');

      await station(['warehouse', 'status', '--warehouse', at], { prompt: async () => 'typed-at-the-prompt' });
      expect(other.passwords.at(-1)).toBe('typed-at-the-prompt');
      expect(other.passwords).not.toContain(SECRET);
    });
  });
});
