// A restart of the app over the same data dir: settings, secrets and the journal are read again,
// and the pack session that was open is restored with its scans (start() restores it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestAppStation } from '../../support/app-station.js';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.js';

let sb: TestSandbox;
let dataDir: string;

beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'app-restart-'));
});
afterAll(async () => {
  await sb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('restores the open pack session with its scans after a restart', async () => {
  const r = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain', quantity: 2 } });
  const id = r.json.shipmentIds[0] as string;
  const first = await startTestAppStation({ sandbox: sb, dataDir, settingsFile: true });
  await first.api.invoke('desk.scan', { raw: id, source: 'typed' });
  const fsn = sb.world.shipments.get(id)!.orderItems[0].fsn;
  const view = await first.api.invoke('desk.scan', { raw: fsn, source: 'typed' });
  expect(view.session?.lines[0].verified).toBe(1);
  await first.close();

  const second = await startTestAppStation({ sandbox: sb, dataDir, settingsFile: true });
  try {
    expect(second.settings.get().locationId).toBe(sb.info.locations[0]);
    const restored = await second.api.invoke('desk.view', {});
    expect(restored.session?.shipmentId).toBe(id);
    expect(restored.session?.lines[0].verified).toBe(1);
    // Units in words, not a count of scans.
    const units = sb.world.shipments.get(id)!.orderItems.reduce((a, i) => a + i.quantity, 0);
    expect(restored.feedback.text).toBe(`Restored shipment ${id} after a restart: 1 of ${units} units verified. Carry on.`);
  } finally {
    await second.close();
  }
});
