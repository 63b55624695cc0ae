// One writer per journal folder, with a lock the operating system frees when its holder dies: a
// leftover lock file (after a power cut the pid it names is often someone else's; pid 1 is always
// alive) never stops the station, a live station always does, and the refusal is a sentence.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/station/cli/run-cli.js';
import { JournalInUseError, journalLockAddress, MAX_SOCKET_PATH_BYTES } from '../../../electron/station/journal/journal-lock.js';
import { Journal } from '../../../electron/station/journal/journal.js';
import { startTestSandbox, writeSandboxInfo } from '../../support/sandbox.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const clock = { now: () => new Date('2026-11-21T04:30:00Z') };
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'journal-lock-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A second process that holds the journal; resolves once it says it has the lock. */
async function holder(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/station/journal/lock-child.ts', dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.push(() => child.kill('SIGKILL'));
  await new Promise<void>((ok, fail) => {
    let err = '';
    child.stderr!.on('data', (d) => (err += d));
    child.stdout!.on('data', (d) => String(d).includes('locked') && ok());
    child.once('exit', (code) => fail(new Error(`the lock holder exited (${code}): ${err}`)));
  });
  return child;
}

/** Another process listening on an abstract socket name, as any other user of the computer could. */
async function squatter(abstractName: string): Promise<ChildProcess> {
  const code = `require('node:net').createServer((s) => s.destroy()).listen('\\0' + process.argv[1], () => console.log('listening'));`;
  const child = spawn(process.execPath, ['-e', code, abstractName], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.push(() => child.kill('SIGKILL'));
  await new Promise<void>((ok, fail) => {
    child.stdout!.on('data', (d) => String(d).includes('listening') && ok());
    child.once('exit', (c) => fail(new Error(`the squatter exited (${c})`)));
  });
  return child;
}

describe.skipIf(process.platform === 'win32')('where the lock lives', () => {
  it('is a socket in the journal folder itself, inside the private data folder, gone once the journal closes', async () => {
    const dir = tempDir();
    const journal = await Journal.open({ dir, clock });
    expect(journalLockAddress(dir)).toBe(join(realpathSync(dir), 'journal.sock'));
    expect(statSync(join(dir, 'journal.sock')).isSocket()).toBe(true);
    await journal.close();
    expect(() => statSync(join(dir, 'journal.sock'))).toThrow(/ENOENT/);
  });

  it.skipIf(process.platform !== 'linux')('is not stopped by another process holding the name other users can take (the abstract socket of earlier versions)', async () => {
    const dir = tempDir();
    const key = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 24);
    await squatter(`packing-station-journal-${key}`);
    const journal = await Journal.open({ dir, clock });
    await journal.close();
  });

  it('takes a private folder of this user in the temp folder when the journal path is too long for a socket', async () => {
    const dir = join(tempDir(), 'd'.repeat(MAX_SOCKET_PATH_BYTES), 'journal');
    mkdirSync(dir, { recursive: true });
    const address = journalLockAddress(dir);
    expect(address).toMatch(new RegExp(`packing-station-${process.getuid!()}/journal-[0-9a-f]{24}\\.sock$`));
    expect(statSync(join(address, '..')).mode & 0o777).toBe(0o700);
    const journal = await Journal.open({ dir, clock });
    await expect(Journal.open({ dir, clock })).rejects.toThrow(JournalInUseError);
    await journal.close();
  });
});

describe('the journal lock', () => {
  it('starts over a leftover lock file naming pid 1 (always alive), and over one naming this very process', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'journal.lock'), '1');
    const journal = await Journal.open({ dir, clock });
    expect((await journal.appendIntent({ op: 'pack', targets: { shipmentIds: ['S1'] }, request: {}, operator: 'a', desk: 'd' })).seq).toBe(1);
    expect(readFileSync(join(dir, 'journal.lock'), 'utf8')).toBe(String(process.pid));
    await journal.close();
    writeFileSync(join(dir, 'journal.lock'), String(process.ppid));
    const again = await Journal.open({ dir, clock });
    await again.close();
  });

  it('refuses while a live station holds it, in a sentence that says what to do, and is free the moment the holder is killed', async () => {
    const dir = tempDir();
    const child = await holder(dir);
    const refusal = Journal.open({ dir, clock });
    await expect(refusal).rejects.toThrow(JournalInUseError);
    await expect(refusal).rejects.toThrow(new RegExp(`in use by another Packing Station \\(process ${child.pid}\\).*Close the other station`));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    // The lock file is still there (nobody removed it); the operating system freed the lock.
    expect(readFileSync(join(dir, 'journal.lock'), 'utf8')).toBe(String(child.pid));
    const journal = await Journal.open({ dir, clock });
    await journal.close();
  });

  it('refuses a second journal in the same process until the first is closed', async () => {
    const dir = tempDir();
    const first = await Journal.open({ dir, clock });
    await expect(Journal.open({ dir: join(dir, '.', ''), clock })).rejects.toThrow(JournalInUseError);
    await first.close();
    const second = await Journal.open({ dir, clock });
    await second.close();
  });

  it('the station command says so in one sentence, without a stack trace, and exits', async () => {
    const sb = await startTestSandbox({ shipments: 0, labelDelayMs: 0 });
    cleanup.push(() => sb.close());
    const work = tempDir();
    const info = writeSandboxInfo(sb, work);
    const dataDir = join(work, 'data');
    mkdirSync(join(dataDir, 'journal'), { recursive: true });
    await holder(join(dataDir, 'journal'));
    const err: string[] = [];
    const code = await runCli(['shipments', 'list', '--sandbox-info', info, '--data-dir', dataDir], { stdout: () => undefined, stderr: (l) => err.push(l) });
    expect(code).not.toBe(0);
    const text = err.join('\n');
    expect(text).toMatch(/is in use by another Packing Station .*Close the other station/);
    expect(text).not.toMatch(/\n\s+at /);
  });
});
