// Where `station` takes the warehouse database password from: never from --warehouse (every user
// of the computer reads it in the process list), but from STATION_WAREHOUSE_PASSWORD, a file
// given with --warehouse-password-file (readable by its owner only, as ssh insists on for keys),
// or a prompt when someone is at a terminal. Nothing given: the password stored for that very
// server in Setup, if any (warehouse-password.ts).
import { readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { englishSentence, keyed } from '../../../shared/i18n/station-sentences.js';
import { passwordOfUrl } from '../warehouse/warehouse-pool.js';

export const WAREHOUSE_PASSWORD_ENV = 'STATION_WAREHOUSE_PASSWORD';
/** Permission bits a password file may not have: any right of the group or of others. */
const SHARED_MODE_BITS = 0o077;

export interface PasswordInput {
  env: Readonly<Record<string, string | undefined>>;
  /** The value of --warehouse. */
  cliUrl?: string;
  /** The value of --warehouse-password-file. */
  passwordFile?: string;
  /** A terminal to ask at, when stdin is one. */
  prompt?: (question: string) => Promise<string | undefined>;
}

/** The password for this run, undefined when none is given; a string error in words when refused. */
export async function warehousePasswordInput(input: PasswordInput): Promise<{ password?: string } | { problem: string }> {
  if (input.cliUrl && passwordOfUrl(input.cliUrl)) return { problem: englishSentence(keyed('warehouse.db.passwordOnCommandLine')) };
  const fromEnv = input.env[WAREHOUSE_PASSWORD_ENV];
  if (fromEnv) return { password: fromEnv };
  if (input.passwordFile) {
    let mode: number;
    try {
      mode = statSync(input.passwordFile).mode;
    } catch {
      return { problem: `The password file ${input.passwordFile} cannot be read: check the path given with --warehouse-password-file.` };
    }
    if ((mode & SHARED_MODE_BITS) !== 0 && process.platform !== 'win32') {
      const octal = (mode & 0o777).toString(8);
      return { problem: `The password file ${input.passwordFile} can be read by other users (mode ${octal}); make it yours alone with: chmod 600 ${input.passwordFile}` };
    }
    const password = readFileSync(input.passwordFile, 'utf8').split(/\r?\n/)[0];
    if (!password) return { problem: `The password file ${input.passwordFile} is empty: put the password on its first line.` };
    return { password };
  }
  // Asked only for an address given on the command line: a stored one has its stored password.
  if (input.cliUrl && input.prompt) {
    const typed = await input.prompt('Warehouse database password (not shown): ');
    if (typed) return { password: typed };
  }
  return {};
}

/** Asks on the terminal without echoing what is typed; undefined when stdin is not a terminal. */
export function terminalPrompt(): ((question: string) => Promise<string | undefined>) | undefined {
  if (!process.stdin.isTTY) return undefined;
  return (question) =>
    new Promise((resolve) => {
      process.stderr.write(question);
      const silent = new Writable({ write: (_chunk, _enc, done) => done() });
      const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
      rl.once('line', (line) => {
        rl.close();
        process.stderr.write('\n');
        resolve(line);
      });
      rl.once('close', () => resolve(undefined));
    });
}
