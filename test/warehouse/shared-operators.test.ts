// Operators shared through the warehouse database: app stations of several desks on one sandbox
// and one throwaway PostgreSQL. A badge printed at Desk 1 (read back from the printed PDF's Code
// 128) signs in at Desk 2; the PIN, names and retirements are the warehouse's; badge codes are
// unique across it; the lead's board counts the pack under the shared name; a desk's own operators
// join the list when it enters warehouse mode; and with the database away the operators a desk
// knows still sign in while changes are refused in words.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBoard } from '../../electron/station/warehouse/board-figures.js';
import { readCode128 } from '../support/code128-reader.js';
import { pdfText, renderGray } from '../support/document-poppler.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestAppStation, type TestAppStation } from '../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { until } from '../support/until.js';
import { GSTIN } from '../support/warehouse-desk.js';

describe.runIf(requirePostgres())('operators shared through the warehouse database', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let url: string;
  let ownDir: string;
  const desks: TestAppStation[] = [];
  let one: TestAppStation;
  let two: TestAppStation;
  let asha: { id: string; badge: string };

  async function startDesk(name: string, options: { warehouse?: boolean; dataDir?: string } = {}): Promise<TestAppStation> {
    const app = await startTestAppStation({
      sandbox: sb,
      dataDir: options.dataDir,
      settings: { locationId: sb.info.locations[0], desk: { name }, warehouse: { registration: GSTIN } },
      env: options.warehouse === false ? {} : { STATION_WAREHOUSE_URL: url },
      warehouseTuning: { outboxIntervalMs: 200, catchUpIntervalMs: 200, outageBlockSize: 5, connectTimeoutMs: 2_000 },
    });
    desks.push(app);
    return app;
  }

  const rows = async () => (await wh.pool({ url }).query<{ name: string; badge: string; pin_hash: string; added_by: string; retired: boolean }>('SELECT name, badge, pin_hash, added_by, retired FROM operators ORDER BY added_at')).rows;

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    url = await wh.freshUrl();
    ownDir = mkdtempSync(join(tmpdir(), 'desk-own-operators-'));
  });
  afterAll(async () => {
    for (const d of desks) await d.close().catch(() => undefined);
    await sb?.close();
    rmSync(ownDir, { recursive: true, force: true });
  });

  it('an operator added at Desk 1 is in the warehouse list, PIN as a salted hash only', async () => {
    one = await startDesk('Desk 1');
    two = await startDesk('Desk 2');
    await one.api.invoke('operators.add', { name: 'Asha', pin: '4821', language: 'hi' });
    asha = (await one.api.invoke('operators.list', {})).operators[0]!;
    const [row] = await rows();
    expect(row).toMatchObject({ name: 'Asha', badge: asha.badge, added_by: 'Desk 1', retired: false });
    expect(row!.pin_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(await rows())).not.toContain('4821');
    // Desk 2 lists her without anything done there.
    expect((await two.api.invoke('operators.list', {})).operators.map((o) => o.name)).toEqual(['Asha']);
  });

  it('the badge printed at Desk 1 signs in at Desk 2; the PIN works there too', async () => {
    const { jobId } = await one.api.invoke('operators.printBadge', { id: asha.id });
    await one.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    const pdf = readFileSync(join(one.printDir, one.printedFiles().find((f) => /Badge/.test(f))!));
    expect(await pdfText(pdf)).toContain('Asha');
    const scanned = readCode128(await renderGray(pdf, 1, 203));
    expect(scanned).toContain(asha.badge);

    const signed = await two.api.invoke('operators.signIn', { badge: asha.badge });
    expect(signed.signedIn).toMatchObject({ id: asha.id, name: 'Asha', language: 'hi' });
    await two.api.invoke('operators.signOut', { reason: 'button' });
    expect((await two.api.invoke('operators.signIn', { id: asha.id, pin: '4821' })).signedIn?.name).toBe('Asha');
    await expect(two.api.invoke('operators.signIn', { id: asha.id, pin: '1111' })).rejects.toMatchObject({ code: 'WRONG_PIN' });
  });

  it("the lead's board counts Desk 2's pack under the shared name", async () => {
    const [id] = (await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', serviceProfile: 'NON_FBF' } })).json.shipmentIds as string[];
    await two.api.invoke('desk.scan', { raw: id!, source: 'serial' });
    for (const item of sb.world.shipments.get(id!)!.orderItems) for (let n = 0; n < item.quantity; n++) await two.api.invoke('desk.scan', { raw: item.sku, source: 'wedge' });
    const view = await two.api.invoke('desk.view', {});
    if (view.session?.phase === 'measuring') await two.api.invoke('desk.measure', { dimensions: { length: 30, breadth: 20, height: 10 }, weightKg: 1.2, source: 'typed' });
    expect((await two.api.invoke('desk.pack', {})).feedback.tone).toBe('ok');
    const board = await until('the pack on the board', async () => (await readBoard(wh.pool({ url }))).operators.find((o) => o.operator === 'Asha' && o.packsLastHour === 1));
    expect(board.desks).toEqual(['Desk 2']);
  });

  it('names are unique among active operators and badges across the warehouse; a rename and a new PIN at Desk 2 reach Desk 1', async () => {
    await expect(two.api.invoke('operators.add', { name: 'asha', pin: '1234' })).rejects.toMatchObject({ code: 'NAME_TAKEN' });
    await two.api.invoke('operators.add', { name: 'Ravi', pin: '7777' });
    const all = await rows();
    expect(all.map((r) => r.name)).toEqual(['Asha', 'Ravi']);
    expect(all[1]!.added_by).toBe('Desk 2');
    expect(new Set(all.map((r) => r.badge)).size).toBe(2);
    // The database itself refuses a second operator with a badge already given.
    await expect(wh.pool({ url }).query("INSERT INTO operators (id, name, badge, pin_hash, added_at, added_by, updated_at) VALUES ('x', 'Copy', $1, 'h', now(), 'test', now())", [asha.badge])).rejects.toMatchObject({ code: '23505' });

    await two.api.invoke('operators.update', { id: asha.id, name: 'Asha K', pin: '5555' });
    expect((await one.api.invoke('operators.list', {})).operators.find((o) => o.id === asha.id)?.name).toBe('Asha K');
    await expect(one.api.invoke('operators.signIn', { id: asha.id, pin: '4821' })).rejects.toMatchObject({ code: 'WRONG_PIN' });
    expect((await one.api.invoke('operators.signIn', { id: asha.id, pin: '5555' })).signedIn?.name).toBe('Asha K');
  });

  it("a desk's own operators join the warehouse list when it enters warehouse mode", async () => {
    const alone = await startDesk('Desk 3', { warehouse: false, dataDir: ownDir });
    await alone.api.invoke('operators.add', { name: 'Mohan', pin: '2468' });
    await alone.close();
    const joined = await startDesk('Desk 3', { dataDir: ownDir });
    await until('Mohan in the warehouse list', async () => (await rows()).some((r) => r.name === 'Mohan' && r.added_by === 'Desk 3'));
    expect((await joined.api.invoke('operators.list', {})).operators.map((o) => o.name).sort()).toEqual(['Asha K', 'Mohan', 'Ravi']);
    const mohan = (await one.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Mohan')!;
    expect((await one.api.invoke('operators.signIn', { badge: mohan.badge })).signedIn?.name).toBe('Mohan');
  });

  it('with the database away, known operators still sign in by badge and PIN; adding or changing one is refused in words', async () => {
    const ravi = (await two.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Ravi')!;
    wh.cluster.stop();
    try {
      await until('Desk 2 sees the database away', async () => (await two.api.invoke('warehouse.link', {})).online === false);
      expect((await two.api.invoke('operators.signIn', { badge: asha.badge })).signedIn?.name).toBe('Asha K');
      expect((await two.api.invoke('operators.signIn', { id: ravi.id, pin: '7777' })).signedIn?.name).toBe('Ravi');
      await expect(two.api.invoke('operators.add', { name: 'Sita', pin: '1357' })).rejects.toMatchObject({
        code: 'WAREHOUSE_AWAY',
        sentence: { key: 'station.operators.warehouseAway' },
        message: /cannot be reached now/,
      });
      await expect(two.api.invoke('operators.update', { id: ravi.id, name: 'Ravi S' })).rejects.toMatchObject({ code: 'WAREHOUSE_AWAY' });
    } finally {
      wh.cluster.start();
    }
  });
});
