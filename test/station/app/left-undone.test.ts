// The desk finishes a pack in the background (label, then ready to dispatch); a station stopped in
// between must not forget it silently. The journal of the data folder says a shipment was packed
// and nothing after (a pack that was never marked ready to dispatch); the next start of the app
// names it, with what to do, in the start-up check and in app.info (shown on the Activity
// screen), and stops naming it once the marketplace has it ready to dispatch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/station/cli/run-cli.js';
import { startTestAppStation } from '../../support/app-station.js';
import { startTestSandbox, writeSandboxInfo, type TestSandbox } from '../../support/sandbox.js';
import { quickRetry } from '../../support/station-client.js';

let sb: TestSandbox;
let work: string;
beforeAll(async () => {
  sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
  work = mkdtempSync(join(tmpdir(), 'left-undone-'));
});
afterAll(async () => {
  await sb?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('packed before the station stopped, not ready to dispatch', () => {
  it('is named at the next start with what to do, until it is ready to dispatch', async () => {
    const created = await sb.call('POST', '/sandbox/shipments', { body: { count: 1, locationId: sb.info.locations[0], kind: 'plain' } });
    const id = (created.json.shipmentIds as string[]).find((s) => sb.world.shipments.get(s)!.orderItems.every((i) => i.serviceProfile === 'NON_FBF'))!;
    const dataDir = join(work, 'data');
    const info = writeSandboxInfo(sb, work);
    // Packed through this data folder's journal, and nothing after.
    expect(await runCli(['pack', id, '--sandbox-info', info, '--data-dir', dataDir], { stdout: () => undefined, stderr: () => undefined }, { retry: quickRetry })).toBe(0);

    const app = await startTestAppStation({ sandbox: sb, dataDir });
    try {
      const seen = (await app.api.invoke('app.info' as never, {} as never)) as { leftUndone: string[] };
      expect(seen.leftUndone.join('\n')).toContain(`${id} was packed before the station stopped and is not marked ready to dispatch yet. Check the label on the Print screen`);
      expect(app.log.join('\n')).toContain(`Start-up check: ${id} was packed before the station stopped`);
    } finally {
      await app.close();
    }
    const loc = sb.world.shipments.get(id)!.locationId;
    expect(await runCli(['dispatch', id, '--location', loc, '--sandbox-info', info, '--data-dir', dataDir], { stdout: () => undefined, stderr: () => undefined }, { retry: quickRetry })).toBe(0);
    const again = await startTestAppStation({ sandbox: sb, dataDir });
    try {
      const seen = (await again.api.invoke('app.info' as never, {} as never)) as { leftUndone: string[] };
      expect(seen.leftUndone).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
