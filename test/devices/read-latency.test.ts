// A frame on a real serial line reaches the station in the turn of the event loop it arrives in,
// not whenever some unrelated timer happens to wake the loop next. Measured in ticks of one
// unrelated timer in a process of its own (nothing else runs there), so the count is the same on
// a busy machine: every frame must be there before the timer fires again.
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createPtyPair, disposeAllPtys } from '../support/pty.js';
import { requireTool } from '../support/system-tools.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
/** The unrelated timer's period; a late frame waits one whole period for it. */
const TICK_MS = 200;
const FRAMES = 3;

afterEach(() => disposeAllPtys());

describe.skipIf(!requireTool('socat'))('serial read latency', () => {
  it('delivers every frame written into the line before an unrelated timer fires again', async () => {
    const pty = await createPtyPair('scanner');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/devices/read-turns-child.ts', pty.devicePath, pty.simPath, String(FRAMES), String(TICK_MS)], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual({ ticks: Array(FRAMES).fill(0) });
  });
});
