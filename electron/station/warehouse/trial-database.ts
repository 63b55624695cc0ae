// `npm run warehouse-trial`: a PostgreSQL for trying warehouse mode on one machine, in one
// command. Uses the PostgreSQL server installed on the machine (Debian/Ubuntu: the "postgresql"
// package), creates a cluster in a folder (default .station/warehouse-trial) the first time,
// starts it on 127.0.0.1 only, creates the database "warehouse", applies the migrations with the
// lead's login "station" (it owns the tables), makes the desks' login "desk" (in the role
// station_desk: rows only, no schema changes), and prints both addresses. Ctrl+C stops it; the
// data stays for next time. A trial only: no login needs a password, and only this machine can
// connect.
// PostgreSQL refuses to run as root: as root the server runs as --run-as (default "postgres",
// the user Debian's package creates).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate } from './migrations.js';
import { DESK_ROLE } from './migrations/0022-desk-role-and-identity.js';
import { createWarehousePool } from './warehouse-pool.js';

const USAGE = 'usage: npm run warehouse-trial -- [--dir .station/warehouse-trial] [--port 55432] [--run-as postgres]';
const HELP = `${USAGE}

Starts a PostgreSQL for trying warehouse mode on this machine (made in the folder the first
time), applies the migrations and prints the address for STATION_WAREHOUSE_URL. Ctrl+C stops it;
the data stays in the folder for the next start. Needs the machine's PostgreSQL server.

  --dir DIR                the cluster's folder (default .station/warehouse-trial)
  --port N                 port on 127.0.0.1 (default 55432)
  --run-as USER            as root, the user the server runs as (default postgres)
  --help                   this text
`;

const PG_ROOT = '/usr/lib/postgresql';
const DATABASE = 'warehouse';
const USER = 'station';
/** The desks' login of the trial, a member of the desk role. */
const DESK_USER = 'desk';

function findBin(name: string): string {
  if (existsSync(PG_ROOT)) {
    const versions = readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin', name))).sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(PG_ROOT, versions[0], 'bin', name);
  }
  try {
    return execFileSync('which', [name]).toString().trim();
  } catch {
    throw new Error(`PostgreSQL's ${name} was not found. Install the PostgreSQL server (Debian/Ubuntu: apt-get install postgresql), then run this again.`);
  }
}

function asUser(runAs: string | undefined, bin: string, args: string[]): [string, string[]] {
  return runAs ? ['runuser', ['-u', runAs, '--', bin, ...args]] : [bin, args];
}

async function waitReady(port: number, stopped: () => boolean): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (stopped()) throw new Error('PostgreSQL stopped while starting; its messages are above.');
    const client = new pg.Client({ host: '127.0.0.1', port, user: USER, database: 'postgres' });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('PostgreSQL did not accept connections within 30 seconds.');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  let values: { dir?: string; port?: string; 'run-as'?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { dir: { type: 'string' }, port: { type: 'string' }, 'run-as': { type: 'string' } } }));
  } catch (error) {
    process.stderr.write(`warehouse-trial: ${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  const dir = resolve(values.dir ?? '.station/warehouse-trial');
  const port = Number(values.port ?? 55432);
  const runAs = process.getuid?.() === 0 ? (values['run-as'] ?? 'postgres') : undefined;
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) {
    const uid = Number(execFileSync('id', ['-u', runAs]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', runAs]).toString().trim());
    chownSync(dir, uid, gid);
  }
  if (!existsSync(join(data, 'PG_VERSION'))) {
    process.stdout.write(`Creating a trial PostgreSQL cluster in ${data}\n`);
    const [cmd, args] = asUser(runAs, findBin('initdb'), ['-D', data, '-U', USER, '--auth=trust', '-E', 'UTF8']);
    execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], cwd: dir });
  }
  const [cmd, args] = asUser(runAs, findBin('postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1']);
  const server = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], cwd: dir });
  let exited = false;
  server.on('exit', (code) => {
    exited = true;
    process.stdout.write(`PostgreSQL stopped (${code ?? 'signal'}).\n`);
    process.exit(code ?? 0);
  });
  // SIGTERM: runuser passes it on, and PostgreSQL shuts down cleanly (smart shutdown).
  const stop = (): void => void server.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await waitReady(port, () => exited);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, database: 'postgres' });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`;
  const deskUrl = `postgres://${DESK_USER}@127.0.0.1:${port}/${DATABASE}`;
  const pool = createWarehousePool({ url });
  const report = await migrate(pool);
  const desk = await pool.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [DESK_USER]);
  if (!desk.rowCount) await pool.query(`CREATE ROLE ${DESK_USER} LOGIN IN ROLE ${DESK_ROLE}`);
  await pool.end();
  process.stdout.write(
    `Warehouse trial database ready (schema version ${report.version}${report.applied.length ? `, applied ${report.applied.join(', ')}` : ''}).\n` +
      `  Desks:  STATION_WAREHOUSE_URL=${deskUrl}\n` +
      `  Lead (station warehouse migrate after an update): --warehouse ${url}\n` +
      'Press Ctrl+C to stop it; the data stays in the folder for the next start.\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
