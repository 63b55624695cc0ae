// The `station` command in warehouse mode, run in-process against a real HTTPS sandbox and a real
// PostgreSQL: a lead's `claims release`, `warehouse status`, and `pack` / `pack --wave` claiming
// what they pack, numbering from the shared series and leaving out what another desk holds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/station/cli/run-cli.js';
import { openStores } from '../../electron/station/station.js';
import { requirePostgres } from '../support/postgres.js';
import { useWarehouseDatabase } from '../support/postgres-warehouse.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { quickRetry } from '../support/station-client.js';
import { GSTIN } from '../support/warehouse-desk.js';
import { order, stateAt } from '../support/wave-fixtures.js';


describe.runIf(requirePostgres())('the station command in warehouse mode', () => {
  const wh = useWarehouseDatabase();
  let sb: TestSandbox;
  let work: string;
  let common: string[];

  async function station(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli([...args, ...common], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) }, { retry: quickRetry, env: {} });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    work = mkdtempSync(join(tmpdir(), 'warehouse-cli-'));
    const caCertPath = join(work, 'ca.pem');
    writeFileSync(caCertPath, sb.tls.caCert);
    const info = join(work, 'sandbox-info.json');
    writeFileSync(info, JSON.stringify({ baseUrl: sb.baseUrl, caCertPath, sellerId: sb.info.sellerId, locations: sb.info.locations, selfAccess: sb.info.selfAccess }) + '\n');
    const dataDir = join(work, 'data');
    openStores(dataDir).settings.update({ desk: { name: 'Desk 9', operator: 'Lead Kiran' }, warehouse: { registration: GSTIN } } as never);
    common = ['--sandbox-info', info, '--data-dir', dataDir, '--warehouse', wh.url];
  });
  afterAll(async () => {
    await sb?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('says which database the desk uses and that it answers', async () => {
    const r = await station('warehouse', 'status');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Desk 9 uses postgres:\/\/station@127\.0\.0\.1:\d+\/\S+ \(from command line\)\. Connected to /);
  });

  it('lets a lead release a claim another desk holds, and says when there is none', async () => {
    const db = wh.pool();
    await db.query("INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until) VALUES ('SHX1', 'Desk 3', 'Asha', now(), now() + interval '1 hour')");
    const r = await station('claims', 'release', 'SHX1');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^Released SHX1: is being packed at Desk 3 by Asha since \d\d:\d\d IST; any desk can open it now\.$/);
    expect((await db.query("SELECT desk FROM claims WHERE shipment_id = 'SHX1'")).rows[0].desk).toBeNull();
    expect((await db.query("SELECT event, previous_desk, by_whom FROM claim_events WHERE shipment_id = 'SHX1'")).rows).toEqual([{ event: 'released_by_lead', previous_desk: 'Desk 3', by_whom: 'Lead Kiran' }]);
    const again = await station('claims', 'release', 'SHX1');
    expect(again.code).toBe(1);
    expect(again.out).toContain('SHX1 is not held by any desk');
  });

  it('packs by id and by wave with claims and the shared series, leaving out what another desk holds', async () => {
    const db = wh.pool();
    const location = sb.info.locations[0];
    const [mine, theirs] = await order(sb, { count: 2, kind: 'plain', locationId: location });
    await db.query("INSERT INTO claims (shipment_id, desk, operator, claimed_at, lease_until) VALUES ($1, 'Desk 3', 'Asha', now(), now() + interval '1 hour')", [theirs]);
    const r = await station('pack', mine, theirs);
    // One of the two was left out: the command says which and why, and exits 1.
    expect(r.code, r.err).toBe(1);
    expect(stateAt(sb, mine)).not.toBe('APPROVED');
    expect(stateAt(sb, theirs)).toBe('APPROVED');
    expect(r.out + r.err).toContain(`Shipment ${theirs} is being packed at Desk 3`);
    const number = sb.world.shipments.get(mine)!.pack!.invoiceNumber!;
    expect((await db.query('SELECT status, desk FROM invoice_numbers WHERE invoice_number = $1', [number])).rows[0]).toEqual({ status: 'used', desk: 'Desk 9' });
    expect((await db.query('SELECT desk, packed_at IS NOT NULL AS packed FROM claims WHERE shipment_id = $1', [mine])).rows[0]).toEqual({ desk: 'Desk 9', packed: true });

    // The wave packs every approved shipment of the location except the one Desk 3 holds.
    const more = await order(sb, { count: 3, kind: 'plain', locationId: location });
    const wave = await station('pack', '--wave', '--location', location);
    expect(wave.code, wave.err).toBe(0);
    for (const id of more) expect(stateAt(sb, id)).not.toBe('APPROVED');
    expect(stateAt(sb, theirs)).toBe('APPROVED');
    expect(sb.world.events.filter((e) => e.kind === 'Packed' && e.shipmentId === theirs)).toEqual([]);
    // Every number the command used is recorded as used, for this desk.
    const used = (await db.query("SELECT count(*)::int AS n FROM invoice_numbers WHERE status = 'used' AND desk = 'Desk 9'")).rows[0].n;
    expect(used).toBe(1 + more.length);
  });
});
