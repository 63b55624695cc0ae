// A restart of the app over the same data folder in the middle of a shipment counted by its EAN:
// the catalogue is read again from the data folder and the journal's EAN scans replay through it,
// so the units are still counted and the next scan of the EAN needs no question.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

const EAN = '8901030865275';
let sb: TestSandbox;
let dataDir: string;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'barcode-restart-'));
});
afterAll(async () => {
  await sb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps the learned link and the units counted by it across a restart', async () => {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', quantity: 3 } });
  const id = r.json.shipmentIds[0] as string;
  const sku = sb.world.shipments.get(id)!.orderItems[0].sku;
  const first = await startTestAppStation({ sandbox: sb, dataDir, settingsFile: true });
  await first.api.invoke('desk.scan', { raw: id, source: 'typed' });
  expect((await first.api.invoke('desk.scan', { raw: EAN, source: 'wedge' })).unknownBarcode?.code).toBe(EAN);
  await first.api.invoke('barcodes.learn', { code: EAN, sku });
  const view = await first.api.invoke('desk.scan', { raw: EAN, source: 'wedge' });
  expect(view.session?.lines[0].verified).toBe(2);
  await first.close();

  const second = await startTestAppStation({ sandbox: sb, dataDir, settingsFile: true });
  try {
    expect((await second.api.invoke('barcodes.list', {})).map((l) => [l.code, l.sku])).toEqual([[EAN, sku]]);
    const restored = await second.api.invoke('desk.view', {});
    expect(restored.session?.shipmentId).toBe(id);
    expect(restored.session?.lines[0].verified).toBe(2);
    const third = await second.api.invoke('desk.scan', { raw: EAN, source: 'wedge' });
    expect(third.unknownBarcode).toBeUndefined();
    expect(third.session?.lines[0].verified).toBe(3);
  } finally {
    await second.close();
  }
});
