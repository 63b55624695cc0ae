// Every command of the README answers --help with its usage on stdout and exit code 0, instead of
// refusing the option or starting up.
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

const commands: [script: string, usage: string][] = [
  ['start', 'usage: npm start --'],
  ['web', 'npm run web --'],
  ['sandbox', 'usage: npm run sandbox --'],
  ['station', 'usage: station <command>'],
  ['warehouse-trial', 'usage: npm run warehouse-trial --'],
  ['bench', 'usage: npm run bench'],
];

describe('--help', () => {
  it.each(commands)('npm run %s -- --help prints its usage', async (script, usage) => {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', '--help'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    expect(stdout).toContain(usage);
    expect(stderr.replace(/npm warn Unknown user config "nodedir".*\n/gi, '')).toBe('');
  }, 60_000);
});
