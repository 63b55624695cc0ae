// Operators at the desk over a real app station and sandbox: added with a PIN kept only as a
// salted scrypt hash in a 0600 file, renamed, retired; signing in by badge or by name and PIN;
// the journal names the signed-in operator on a pack (and the desk's setting with nobody signed
// in); a badge prints on the label printer as a Code 128 that scans back to the badge code.
import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBadgeCode } from '../../../shared/operators.js';
import { startTestAppStation, type TestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';
import { pdfText, renderGray } from '../../support/document-poppler.js';
import { readCode128 } from '../../support/code128-reader.js';
import { dataPaths } from '../../../electron/station/composition/data-dir.js';
import { join } from 'node:path';

let sb: TestSandbox;
let app: TestAppStation;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  app = await startTestAppStation({ sandbox: sb, settings: { locationId: sb.info.locations[0], desk: { name: 'Desk 7', operator: 'Front desk' } } });
});
afterAll(async () => {
  await app?.close();
  await sb?.close();
});

async function newShipment(): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain' } });
    const id = (r.json.shipmentIds as string[])[0]!;
    if (sb.world.shipments.get(id)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF')) return id;
  }
  throw new Error('no packable shipment');
}

/** Packs a shipment at the desk; returns the operator the journal's "opened" record names. */
async function packAndReadOperator(): Promise<string | undefined> {
  const id = await newShipment();
  const item = sb.world.shipments.get(id)!.orderItems[0]!;
  await app.api.invoke('desk.scan', { raw: id, source: 'serial' });
  for (let n = 0; n < item.quantity; n++) await app.api.invoke('desk.scan', { raw: item.sku, source: 'serial' });
  await app.api.invoke('desk.measure', { dimensions: { length: 20, breadth: 15, height: 10 }, weightKg: 0.8, source: 'typed' });
  await app.api.invoke('desk.pack', {});
  await app.context.desk().idle();
  expect(sb.world.shipments.get(id)!.orderItems[0]!.status).not.toBe('APPROVED');
  const records = await app.context.journal.records();
  const opened = records.find((r) => r.type === 'session' && r.event === 'opened' && r.shipmentId === id) as { operator?: string } | undefined;
  const intent = records.find((r) => r.type === 'intent' && r.targets.shipmentIds?.includes(id)) as { operator?: string } | undefined;
  expect(intent?.operator).toBe(opened?.operator);
  return opened?.operator;
}

describe('operators', () => {
  let asha: { id: string; badge: string };

  it('adds operators with a badge code each; the PIN is kept only as a salted scrypt hash in a private file', async () => {
    const view = await app.api.invoke('operators.add', { name: 'Asha', pin: '4821', language: 'hi' });
    await app.api.invoke('operators.add', { name: 'Ravi', pin: '4821' });
    const [a, r] = (await app.api.invoke('operators.list', {})).operators;
    expect(view.operators).toHaveLength(1);
    expect(isBadgeCode(a!.badge)).toBe(true);
    expect(a!.badge).not.toBe(r!.badge);
    expect(a).toMatchObject({ name: 'Asha', language: 'hi', retired: false });
    expect(JSON.stringify(a)).not.toMatch(/pin|scrypt/i);
    asha = { id: a!.id, badge: a!.badge };
    const file = dataPaths(app.dataDir).operators;
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('4821');
    const hashes = (JSON.parse(text).operators as { pinHash: string }[]).map((o) => o.pinHash);
    expect(hashes.every((h) => /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/.test(h))).toBe(true);
    // Same PIN, different salt: different hashes.
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Names are unique among active operators, refused in words.
    await expect(app.api.invoke('operators.add', { name: 'asha', pin: '1111' })).rejects.toMatchObject({ code: 'NAME_TAKEN', sentence: { key: 'station.operators.nameTaken' } });
    await expect(app.api.invoke('operators.add', { name: 'Mohan', pin: '12' })).rejects.toMatchObject({ code: 'BAD_ARGUMENTS' });
  });

  it('with nobody signed in the journal names the desk operator setting, as before', async () => {
    expect(await packAndReadOperator()).toBe('Front desk');
  });

  it('a badge signs in; the journal of a pack names the operator; a wrong PIN and an unknown badge are refused in words', async () => {
    const signed = await app.api.invoke('operators.signIn', { badge: asha.badge.toLowerCase() });
    expect(signed.signedIn).toMatchObject({ name: 'Asha', language: 'hi' });
    expect(await packAndReadOperator()).toBe('Asha');
    const ravi = (await app.api.invoke('operators.list', {})).operators.find((o) => o.name === 'Ravi')!;
    await expect(app.api.invoke('operators.signIn', { id: ravi.id, pin: '0000' })).rejects.toMatchObject({ code: 'WRONG_PIN', message: /Wrong PIN/ });
    await expect(app.api.invoke('operators.signIn', { badge: 'PSOP-ZZZZZZZZ' })).rejects.toMatchObject({ code: 'UNKNOWN_BADGE' });
    // Still Asha after the refusals; then Ravi by name and PIN switches the desk to him.
    expect((await app.api.invoke('operators.list', {})).signedIn?.name).toBe('Asha');
    await app.api.invoke('operators.signIn', { id: ravi.id, pin: '4821' });
    expect(await packAndReadOperator()).toBe('Ravi');
    const changed = await app.waitForEvent('operators.changed', (v) => v.signedIn?.name === 'Ravi');
    expect(JSON.stringify(changed)).not.toMatch(/scrypt|4821/);
  });

  it('a rename shows at once; signing out goes back to the desk setting; a retired badge no longer signs in', async () => {
    await app.api.invoke('operators.update', { id: asha.id, name: 'Asha K' });
    await app.api.invoke('operators.signIn', { badge: asha.badge });
    expect((await app.api.invoke('operators.list', {})).signedIn?.name).toBe('Asha K');
    await app.api.invoke('operators.signOut', { reason: 'key' });
    expect((await app.api.invoke('operators.list', {})).signedIn).toBeUndefined();
    expect(await packAndReadOperator()).toBe('Front desk');
    await app.api.invoke('operators.update', { id: asha.id, retired: true });
    await expect(app.api.invoke('operators.signIn', { badge: asha.badge })).rejects.toMatchObject({ code: 'UNKNOWN_BADGE' });
    await app.api.invoke('operators.update', { id: asha.id, retired: false, language: '' });
    expect((await app.api.invoke('operators.list', {})).operators.find((o) => o.id === asha.id)).not.toHaveProperty('language');
  });

  it("the lead's numbers per operator: packs and scans of the day under who was signed in", async () => {
    const stats = await app.api.invoke('activity.stats', {});
    const of = (name: string) => stats.operators.find((o) => o.operator === name);
    expect(of('Front desk')?.packs).toBe(2);
    expect(of('Asha')?.packs).toBe(1);
    expect(of('Ravi')?.packs).toBe(1);
    // Each pack here was one shipment label scan and its units.
    expect(of('Asha')!.scans).toBeGreaterThanOrEqual(2);
    expect(stats.operators[0]!.operator).toBe('Front desk');
  });

  it('prints a badge on the label printer: the name and the code in words, and a Code 128 that scans back to the code', async () => {
    const { jobId, printer } = await app.api.invoke('operators.printBadge', { id: asha.id });
    await app.waitForEvent('print.job', (j) => j.id === jobId && j.status === 'done');
    expect(printer).toMatch(/folder/i);
    const file = app.printedFiles().find((f) => /Badge/.test(f));
    expect(file).toBeDefined();
    const pdf = readFileSync(join(app.printDir, file!));
    const text = await pdfText(pdf);
    expect(text).toContain('Asha K');
    expect(text).toContain(asha.badge);
    expect(readCode128(await renderGray(pdf, 1, 203))).toContain(asha.badge);
  });
});
