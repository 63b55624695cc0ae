// Configuring warehouse mode: where the address comes from (flag, environment, settings), the
// password kept as a secret and masked in logs, TLS checked against the database's certificate,
// and a database that is away reported as one typed sentence. Against a real PostgreSQL with
// TLS and a password-protected role.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretRegistry } from '../../electron/shell/log-redaction.js';
import { parseCli } from '../../electron/station/cli/cli-args.js';
import { aesGcmCipher, loadOrCreateKey } from '../../electron/station/settings/node-cipher.js';
import { FileSecretStore, MemorySecretStore } from '../../electron/station/settings/secret-store.js';
import { testWarehouseConnection } from '../../electron/station/warehouse/connection-test.js';
import { resolveWarehouseConfig, storeWarehouseAddress } from '../../electron/station/warehouse/warehouse-config.js';
import { storeWarehousePassword, warehousePasswordFor } from '../../electron/station/warehouse/warehouse-password.js';
import { createWarehousePool, poolConfig, redactWarehouseUrl, withClient, WarehouseUnreachableError, type WarehousePool } from '../../electron/station/warehouse/warehouse-pool.js';
import { StationSettings, describeSettingsProblems } from '../../shared/settings.js';
import { requirePostgres, startPostgres, type PgCluster } from '../support/postgres.js';

const PASSWORD = 'pa55-w0rd-of-the-warehouse';

describe('warehouse settings and address', () => {
  it('is off by default, and takes the flag over the environment over the settings', () => {
    const secrets = new MemorySecretStore();
    const settings = StationSettings.parse({ desk: { name: 'Desk 3' }, warehouse: { url: 'postgres://station@db.example.com/wh', registration: '29abcde1234f1z5' } });
    expect(resolveWarehouseConfig({ settings: StationSettings.parse({}), env: {}, secrets })).toEqual({ enabled: false });
    expect(resolveWarehouseConfig({ settings, env: {}, secrets })).toMatchObject({ enabled: true, desk: 'Desk 3', registration: '29ABCDE1234F1Z5', source: 'settings', connection: { url: 'postgres://station@db.example.com/wh' } });
    const env = { STATION_WAREHOUSE_URL: 'postgres://desk:envpass-12345@env-db.example.com/wh' };
    const fromEnv = resolveWarehouseConfig({ settings, env, secrets });
    expect(fromEnv).toMatchObject({ source: 'STATION_WAREHOUSE_URL', displayUrl: 'postgres://desk:[redacted]@env-db.example.com/wh', connection: { url: 'postgres://desk@env-db.example.com/wh', password: 'envpass-12345' } });
    const fromFlag = resolveWarehouseConfig({ settings, env, secrets, cliUrl: 'postgres://station@flag-db.example.com/wh' });
    expect(fromFlag).toMatchObject({ source: 'command line', connection: { url: 'postgres://station@flag-db.example.com/wh' } });
  });

  it('refuses a password or a wrong scheme in the saved address, and keeps a typed password as a secret', () => {
    const withPassword = StationSettings.safeParse({ warehouse: { url: 'postgres://station:hunter22@db/wh' } });
    expect(withPassword.success).toBe(false);
    const problems = describeSettingsProblems(withPassword.error!);
    expect(problems[0]).toMatch(/^warehouse\.url: Leave the password out/);
    expect(problems.join(' ')).not.toContain('hunter22');
    expect(describeSettingsProblems(StationSettings.safeParse({ warehouse: { url: 'mysql://x@db/wh' } }).error!)[0]).toMatch(/must start with postgres:\/\//);
    expect(describeSettingsProblems(StationSettings.safeParse({ warehouse: { registration: '12' } }).error!)[0]).toMatch(/GSTIN has 15/);

    const dir = mkdtempSync(join(tmpdir(), 'wh-secrets-'));
    const secrets = new FileSecretStore(join(dir, 'secrets.json'), aesGcmCipher(loadOrCreateKey(join(dir, 'key'))));
    const saved = storeWarehouseAddress('postgres://station:hunter22-long@db.example.com/wh', undefined, secrets);
    expect(saved).toBe('postgres://station@db.example.com/wh');
    expect(warehousePasswordFor(secrets, 'postgres://station@db.example.com/wh')).toBe('hunter22-long');
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('hunter22-long');
    const settings = StationSettings.parse({ warehouse: { url: saved } });
    const config = resolveWarehouseConfig({ settings, env: {}, secrets });
    expect(config.enabled && config.connection.password).toBe('hunter22-long');
  });

  it("takes --warehouse on any command and keeps it out of a command's own arguments", () => {
    const parsed = parseCli(['shipments', 'list', '--warehouse', 'postgres://station@db/wh', '--state', 'APPROVED']);
    expect(parsed).toMatchObject({ ok: true, invocation: { command: 'shipments list', warehouse: 'postgres://station@db/wh', options: { state: 'APPROVED' } } });
    const raw = parseCli(['print', 'a.pdf', '--warehouse', 'postgres://station@db/wh', '--role', 'label']);
    expect(raw.ok && raw.invocation.rawArgs).toEqual(['a.pdf', '--role', 'label']);
    expect(parseCli(['shipments', 'list']).ok && (parseCli(['shipments', 'list']) as { invocation: { warehouse?: string } }).invocation.warehouse).toBeUndefined();
  });

  it('masks the password in displays and, once registered, in every log line', () => {
    const registry = new SecretRegistry();
    const secrets = new MemorySecretStore();
    const settings = StationSettings.parse({});
    resolveWarehouseConfig({ settings, env: { STATION_WAREHOUSE_URL: `postgres://desk:${PASSWORD}@db.example.com/wh` }, secrets, onSecret: (v) => registry.add(v) });
    expect(registry.redact(`connect failed for desk with ${PASSWORD}`)).toBe('connect failed for desk with [redacted]');
    expect(redactWarehouseUrl(`postgres://desk:${PASSWORD}@db.example.com/wh`)).toBe('postgres://desk:[redacted]@db.example.com/wh');
  });

  it('keeps TLS on for any other machine and refuses to turn it off there', () => {
    expect(poolConfig({ url: 'postgres://station@db.example.com/wh' }).ssl).toEqual({ rejectUnauthorized: true });
    expect(poolConfig({ url: 'postgres://station@127.0.0.1:5432/wh' }).ssl).toBe(false);
    expect(poolConfig({ url: 'postgres://station@db.example.com/wh?sslmode=require' }).ssl).toEqual({ rejectUnauthorized: true });
    expect(() => poolConfig({ url: 'postgres://station@db.example.com/wh?sslmode=disable' })).toThrow(/TLS is off for the warehouse database at db.example.com/);
    expect(() => poolConfig({ url: 'https://db.example.com' })).toThrow(/must start with postgres:\/\//);
  });
});

describe.runIf(requirePostgres())('warehouse connection to a real database', () => {
  let cluster: PgCluster;
  const pools: WarehousePool[] = [];
  const pool = (...args: Parameters<typeof createWarehousePool>): WarehousePool => {
    const p = createWarehousePool(...args);
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    cluster = await startPostgres({ tls: true, passwordRole: { name: 'desk', password: PASSWORD } });
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    cluster?.destroy();
  });

  const url = (user: string): string => `postgres://${user}@127.0.0.1:${cluster.port}/postgres`;
  const query = (p: WarehousePool): Promise<unknown> => withClient(p, async (c) => (await c.query('SELECT current_user AS u, ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows[0]);

  it('connects over TLS checked against the private CA, with the password from the secret store', async () => {
    const secrets = new MemorySecretStore();
    storeWarehousePassword(secrets, url('desk'), PASSWORD);
    const settings = StationSettings.parse({ warehouse: { url: url('desk'), sslMode: 'verify-full', caFile: cluster.caFile } });
    const config = resolveWarehouseConfig({ settings, env: {}, secrets });
    if (!config.enabled) throw new Error('warehouse mode should be on');
    expect(await query(pool(config.connection))).toEqual({ u: 'desk', ssl: true });
  });

  it('says the password must be typed when none is stored for the address tested', async () => {
    const tested = await testWarehouseConnection({ url: url('desk'), sslMode: 'verify-full', caFile: cluster.caFile });
    expect(tested).toMatchObject({ ok: false, sentence: { key: 'warehouse.db.needPassword', params: { user: 'desk' } } });
    expect(tested.text).toBe('The database asks for the password of desk, and none is stored for this address (a password is only ever sent to the server it was typed for): type it.');
  });

  it('refuses a certificate it cannot check, and a wrong password, in words without the password', async () => {
    const untrusted = await query(pool({ url: url('station'), sslMode: 'verify-full' })).catch((e: unknown) => e as Error);
    expect(untrusted).toBeInstanceOf(Error);
    expect((untrusted as Error).message).toMatch(/self.signed|unable to verify|certificate/i);
    const wrong = await query(pool({ url: url('desk'), password: 'not-the-password', sslMode: 'verify-full', caFile: cluster.caFile })).catch((e: unknown) => e as Error);
    expect((wrong as Error).message).toMatch(/password authentication failed for user "desk"/);
    expect(wrong).not.toBeInstanceOf(WarehouseUnreachableError);
    expect(JSON.stringify(wrong)).not.toContain(PASSWORD);
  });

  it('says "warehouse database unreachable" when the database stops, and works again when it is back, with no stray error', async () => {
    const unhandled: unknown[] = [];
    const idle: WarehouseUnreachableError[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const p = pool({ url: url('station'), caFile: cluster.caFile, sslMode: 'verify-full', connectTimeoutMs: 2_000, onIdleError: (e) => idle.push(e) });
      expect(await query(p)).toEqual({ u: 'station', ssl: true });
      cluster.stop();
      try {
        const error = await query(p).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WarehouseUnreachableError);
        expect((error as Error).message).toMatch(/^warehouse database unreachable: /);
      } finally {
        cluster.start();
      }
      expect(await query(p)).toEqual({ u: 'station', ssl: true });
      expect(unhandled).toEqual([]);
      // Idle connections the stop cut were reported as the typed error (never thrown on the loop).
      for (const e of idle) expect(e).toBeInstanceOf(WarehouseUnreachableError);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('gives up on a database that stops answering (a hung link) within the query timeout, in the same words', async () => {
    const p = pool({ url: url('station'), caFile: cluster.caFile, sslMode: 'verify-full', queryTimeoutMs: 500, max: 1 });
    const backend = await withClient(p, async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    // Freeze the server process serving this desk's only connection: the socket stays open, no answer comes.
    process.kill(backend, 'SIGSTOP');
    try {
      const error = await query(p).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WarehouseUnreachableError);
      expect((error as Error).message).toBe('warehouse database unreachable: Query read timeout');
    } finally {
      process.kill(backend, 'SIGCONT');
    }
    // The hung connection was dropped, not handed to the next caller.
    expect(await query(p)).toEqual({ u: 'station', ssl: true });
  });
});
