// The `station` CLI run in-process (runCli) against a real HTTPS sandbox through --sandbox-info,
// exactly as a script would call it: exit codes, one JSON object on stdout with --json, the
// start-up line, token reuse between runs, and the per-command behaviour a user relies on.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { startTestSandbox, writeSandboxInfo, type TestSandbox } from '../../support/sandbox.js';
import { quickRetry } from '../../support/station-client.js';
import { runCli } from '../../../electron/station/cli/run-cli.js';

interface Captured {
  code: number;
  out: string[];
  err: string[];
}

async function station(args: string[]): Promise<Captured> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { stdout: (l) => out.push(l), stderr: (l) => err.push(l) }, { retry: quickRetry });
  return { code, out, err };
}

describe('station CLI', () => {
  let sb: TestSandbox;
  let work: string;
  let common: string[];

  beforeAll(async () => {
    sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    work = mkdtempSync(join(tmpdir(), 'station-cli-'));
    const info = writeSandboxInfo(sb, work);
    common = ['--sandbox-info', info, '--data-dir', join(work, 'data')];
  });
  afterAll(async () => {
    await sb.close();
    rmSync(work, { recursive: true, force: true });
  });

  it.each([
    [['frobnicate'], /Unknown command "frobnicate"/],
    [[], /No command given/],
    [['labels', 'SH1'], /--out FILE is required/],
    [['pack', '--wave'], /pack --wave needs --location/],
    [['shipments', 'list', '--bogus'], /Unknown option '--bogus'/],
    [['returns', 'pickup', 'R1', '--location', 'L', '--date', 'yesterday'], /--date must be a date/],
    [['listings', 'search', '--state', 'SOMETIMES'], /--state must be ACTIVE/],
    [['cancel', 'SH1'], /--reason TEXT is required/],
  ])('refuses %j with exit code 2 and says why', async (args, message) => {
    const r = await station([...args, ...(args[0] === 'pack' ? common : [])]);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(message);
    expect(r.out).toEqual([]);
  });

  it('--help prints the usage of every command', async () => {
    const r = await station(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['login', 'shipments list', 'pack', 'manifest', 'cancel', 'returns pickup-attempt', 'selfship attempt', 'listings update-inventory', 'scanner listen', 'print']) {
      expect(r.out.join('\n')).toContain(`station ${c}`);
    }
  });

  it('signs in once: the tokens are kept encrypted in the data dir and reused by the next run', async () => {
    const login = await station(['login', '--json', ...common]);
    expect(login.code, login.err.join('\n')).toBe(0);
    expect(JSON.parse(login.out[0])).toMatchObject({ signedIn: true, mode: 'selfAccess' });
    const tokensIssued = sb.world.tokens.size;
    const list = await station(['shipments', 'list', '--json', ...common]);
    expect(list.code).toBe(0);
    expect(sb.world.tokens.size).toBe(tokensIssued);
    const secrets = readFileSync(join(work, 'data', 'secrets.json'), 'utf8');
    const token = [...sb.world.tokens.values()].find((t) => t.kind === 'access')!.token;
    expect(secrets).not.toContain(token);
    expect(secrets).not.toContain(sb.info.selfAccess.appSecret);
  });

  it('packs shipments by id, writes their labels and marks them ready to dispatch', async () => {
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 2, locationId: sb.info.locations[0], kind: 'plain' } });
    const ids: string[] = created.json.shipmentIds;
    const labels = join(work, 'two.pdf');
    const r = await station(['pack', ...ids, '--labels-out', labels, '--dispatch', '--json', ...common]);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out).toHaveLength(1);
    const result = JSON.parse(r.out[0]);
    expect(result.packed.sort()).toEqual([...ids].sort());
    expect(result.dispatched.sort()).toEqual([...ids].sort());
    expect((await PDFDocument.load(readFileSync(labels))).getPageCount()).toBe(2);
    expect(r.err[0]).toMatch(/^Start-up check:/);
  });

  it('pack --wave --json ends with exactly one summary object on stdout, progress on stderr', async () => {
    const locationId = sb.info.locations[1] ?? sb.info.locations[0];
    await sb.call('POST', '/sandbox/shipments', { body: { count: 30, locationId, kind: 'plain' } });
    const r = await station(['pack', '--wave', '--location', locationId, '--dispatch', '--json', ...common]);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out).toHaveLength(1);
    const summary = JSON.parse(r.out[0]);
    expect(Object.keys(summary).sort()).toEqual(['dispatched', 'elapsedMs', 'failed', 'labelsPages', 'packed', 'requests', 'skipped']);
    expect(summary.packed).toBeGreaterThan(0);
    expect(summary.labelsPages).toBe(summary.packed);
    expect(r.err.some((l) => /^Found \d+ approved shipment/.test(l))).toBe(true);
  });

  it('pack names a shipment the marketplace warns about and packs it with --ignore-weight-warning; a wave names it with what to do', async () => {
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 2, locationId: sb.info.locations[0], kind: 'plain', quantity: 1 } });
    const [byId, inWave]: string[] = created.json.shipmentIds;
    // The marketplace expects 50 times the listing's weight: the listing's weight is what the command sends.
    for (const id of [byId, inWave]) for (const p of sb.world.shipments.get(id)!.subShipments[0].packages) p.dimensions.weight *= 50;

    const warned = await station(['pack', byId, ...common]);
    expect(warned.code).toBe(1);
    expect(warned.out.join('\n')).toMatch(new RegExp(`FAILED ${byId}: WEIGHT_ANOMALY_WARNING .*press Enter twice if the weight is right`));
    expect(warned.out.join('\n')).toContain(`station pack ${byId} --ignore-weight-warning`);
    expect(sb.world.shipments.get(byId)!.pack).toBeUndefined();
    const anyway = await station(['pack', byId, '--ignore-weight-warning', '--json', ...common]);
    expect(anyway.code, anyway.err.join('\n')).toBe(0);
    expect(JSON.parse(anyway.out[0]).packed).toEqual([byId]);
    expect(sb.world.shipments.get(byId)!.pack).toBeDefined();

    const sku = sb.world.shipments.get(inWave)!.orderItems[0].sku;
    const wave = await station(['pack', '--wave', '--location', sb.info.locations[0], '--sku', sku, '--json', ...common]);
    const failed = JSON.parse(wave.out[0]).failed as { shipmentId: string; code: string; message: string }[];
    expect(failed.find((f) => f.shipmentId === inWave)).toMatchObject({ code: 'WEIGHT_ANOMALY_WARNING', message: expect.stringMatching(/Pack it at a desk: weigh it/) });
    expect(sb.world.shipments.get(inWave)!.pack).toBeUndefined();
    expect((await station(['pack', '--wave', '--location', sb.info.locations[0], '--ignore-weight-warning', ...common])).code).toBe(2);
  });

  it('cancel prints the stock warning and cancels', async () => {
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain' } });
    const [id] = created.json.shipmentIds;
    const r = await station(['cancel', id, '--reason', 'not_enough_inventory', ...common]);
    expect(r.out.join('\n')).toMatch(/take[s]? the product out of stock \(spec § Shipment\)/);
    expect(r.code, r.err.join('\n') + r.out.join('\n')).toBe(0);
    expect(sb.world.shipments.get(id)!.orderItems.every((i) => i.status === 'CANCELLED')).toBe(true);
  });

  it('update-price previews every SKU, reports bad rows by line number and gives per-SKU results', async () => {
    const rec = [...sb.world.listingsOf(sb.info.sellerId).values()].find((l) => !l.hyperlocal)!;
    const sku = rec.sku;
    const listing = rec.data as any;
    const csv = join(work, 'prices.csv');
    writeFileSync(csv, ['sku,product_id,mrp,selling_price', `${sku},${listing.product_id},${listing.price.mrp},${Math.max(1, listing.price.mrp - 1)}`, 'BAD-SKU,short,10,5', `OTHER,${listing.product_id},10,20`].join('\n'));
    const r = await station(['listings', 'update-price', '--csv', csv, ...common]);
    const text = r.out.join('\n');
    expect(text).toContain(`preview ${sku}: mrp ${listing.price.mrp}`);
    expect(text).toMatch(/line 3: product_id has 5 characters; it must have 13 to 16/);
    expect(text).toMatch(/line 4: price\.selling_price \(20\) must not be above price\.mrp \(10\)/);
    expect(text).toMatch(new RegExp(`^${sku}: success`, 'm'));
    expect(r.code).toBe(1); // bad rows make the run fail, though the good row was sent
  });

  it('print hands over to the print command and reports an unreadable file with exit code 2', async () => {
    const r = await station(['print', join(work, 'missing.pdf'), '--role', 'label', '--printer', 'Save as PDF (folder)', '--data-dir', join(work, 'data')]);
    expect(r.err.join('\n')).toMatch(/Cannot read .*missing\.pdf/);
    expect(r.code).toBe(2);
  });
});
