// A shipment id that names a path, sent over the real contract (dispatcher and in-memory
// transport, as the app's windows send it): video.begin refuses it in words, and nothing lands
// outside the data folder. A clip indexed with such an id before (an older version, a hand-edited
// index file) exports under the cleaned id, inside the export folder, with the real ffmpeg.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Dispatcher, EventHub } from '../../electron/station/app/dispatcher.js';
import type { AppContext } from '../../electron/station/app/app-context.js';
import { claimsHandlers } from '../../electron/station/app/handlers/claims-handlers.js';
import { connectInMemory } from '../../electron/station/app/memory-transport.js';
import { videoHandlers } from '../../electron/station/app/handlers/video-handlers.js';
import { nodeExecFile } from '../../electron/station/printing/exec-file.js';
import { VideoService, type VideoServiceDeps } from '../../electron/station/video/video-service.js';
import { ClaimStore } from '../../electron/station/returns/claim-store.js';
import { defaultSettings } from '../../shared/settings.js';
import { requireTool } from '../support/system-tools.js';

const root = mkdtempSync(join(tmpdir(), 'video-paths-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataDir = join(root, 'data');
const HOSTILE = '../../../../tmp/x/PWNED';
/** From the export folder (data/video-exports/<clip>/) this climbs to `root` itself. */
const HOSTILE_HERE = '../../../escaped/PWNED';

const clock = { now: () => new Date('2026-11-28T10:00:00Z') };
const videoDeps: VideoServiceDeps = {
  dir: join(dataDir, 'video'),
  exportDir: join(dataDir, 'video-exports'),
  clock,
  settings: () => defaultSettings().video,
  records: async () => [],
  exec: nodeExecFile,
};

/** The station's video and claims commands over the in-memory transport; a new call is a restart. */
function station() {
  mkdirSync(videoDeps.dir, { recursive: true });
  const video = new VideoService(videoDeps);
  const claims = new ClaimStore({ dir: join(dataDir, 'returns'), exportDir: join(dataDir, 'claim-exports'), clock });
  const ctx = { claims: () => claims } as Partial<AppContext> as AppContext;
  return connectInMemory(new Dispatcher({ ...videoHandlers(() => video), ...claimsHandlers(ctx) }), new EventHub()).api;
}

const begin = { sessionId: 'sess-1', orderIds: ['OD1'], skus: ['SKU-RED'], desk: 'Desk 1', operator: 'Asha', mimeType: 'video/webm', windowId: 'window-one' };
const untouched = () => {
  expect(readdirSync(root)).toEqual(['data']);
  expect(existsSync('/tmp/x/PWNED.webm') || existsSync('/tmp/x/PWNED.pdf')).toBe(false);
};

describe('ids that would name a path, over the contract', () => {
  it('video.begin refuses a shipment id with path parts, in words, and writes nothing', async () => {
    const api = station();
    for (const shipmentId of [HOSTILE, HOSTILE_HERE, '/etc/PWNED', 'SH1\0', 'SH1/x', '..']) {
      await expect(api.invoke('video.begin', { ...begin, shipmentId })).rejects.toThrow(/A shipment id has letters, digits, "_" and "-" only .*\(shipmentId\)\./);
    }
    expect(readdirSync(join(dataDir, 'video'))).toEqual([]);
    untouched();
  });

  it('claims.get and claims.export refuse a return id with path parts, in words', async () => {
    const api = station();
    await expect(api.invoke('claims.export', { returnId: HOSTILE })).rejects.toThrow(/A return id has letters, digits, "_" and "-" only/);
    await expect(api.invoke('claims.get', { returnId: '../returns' })).rejects.toThrow(/A return id has letters, digits, "_" and "-" only/);
    untouched();
  });

  it.skipIf(!requireTool('ffmpeg'))('a clip indexed with such an id exports under the cleaned id, inside its export folder', async () => {
    const api = station();
    const { clipId } = await api.invoke('video.begin', { ...begin, shipmentId: 'SH00000000000001' });
    const sample = join(dataDir, 'sample.webm');
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=5', '-c:v', 'libvpx', '-f', 'webm', sample]);
    await api.invoke('video.chunk', { clipId, seq: 0, data: readFileSync(sample).toString('base64') });
    rmSync(sample);
    await api.invoke('video.end', { clipId, reason: 'packed' });
    // The index file as an older version, which took any id, may have written it.
    const sidecar = join(dataDir, 'video', `${clipId}.json`);
    writeFileSync(sidecar, JSON.stringify({ ...JSON.parse(readFileSync(sidecar, 'utf8')), shipmentId: HOSTILE_HERE }));
    const out = await station().invoke('video.export', { clipId });
    expect(out.folder).toBe(join(dataDir, 'video-exports', clipId));
    expect(readdirSync(out.folder).sort()).toEqual(['_________escaped_PWNED.pdf', '_________escaped_PWNED.webm']);
    untouched();
  });
});
