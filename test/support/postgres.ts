// A throwaway PostgreSQL cluster for the warehouse tests: Debian's `postgresql` package, initdb in
// a temp dir, trust auth for the user "station", a free port on 127.0.0.1 and the socket in the
// temp dir. PostgreSQL refuses to run as root, so as root the cluster runs as the unprivileged
// user "pgtest" (created when missing). Start takes well under a second: one cluster per test
// file. stop() and start() simulate the database going away and coming back.
//
// Locally a missing PostgreSQL skips the tests with a note; in CI (STATION_REQUIRE_SYSTEM_TOOLS=1)
// it is a failure, as for the other system tools (system-tools.ts).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';
const RUN_AS = 'pgtest';
export const PG_TEST_USER = 'station';

/** The bin directory of the newest installed PostgreSQL, or undefined. */
function pgBinDir(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(PG_ROOT, versions[0], 'bin') : undefined;
}

let checked: boolean | undefined;

/** True when PostgreSQL's server binaries are installed; throws in CI when they are not. */
export function requirePostgres(): boolean {
  if (checked !== undefined) return checked;
  checked = pgBinDir() !== undefined;
  if (!checked) {
    if (process.env.STATION_REQUIRE_SYSTEM_TOOLS === '1') {
      throw new Error(`PostgreSQL is not installed (no ${PG_ROOT}/*/bin/initdb), and STATION_REQUIRE_SYSTEM_TOOLS=1 requires it (install "postgresql" in .ci/run).`);
    }
    process.stderr.write('Skipping the warehouse tests: PostgreSQL is not installed (set STATION_REQUIRE_SYSTEM_TOOLS=1 to make this a failure).\n');
  }
  return checked;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const isRoot = (): boolean => process.getuid?.() === 0;

function ensureUser(): void {
  try {
    execFileSync('id', [RUN_AS], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['-m', RUN_AS], { stdio: 'ignore' });
  }
}

/** Runs a PostgreSQL binary, as "pgtest" when this process is root. */
function run(bin: string, args: string[]): void {
  const full = join(pgBinDir()!, bin);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', RUN_AS, '--', full, ...args]] : [full, args];
  try {
    execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new Error(`${bin} failed: ${e.stderr?.toString() || e.stdout?.toString() || e.message}`, { cause: error });
  }
}

export interface PgClusterOptions {
  /** TLS on, with a certificate for 127.0.0.1 signed by a throwaway CA (caFile). */
  tls?: boolean;
  /** A role that must give this password (SCRAM) on TCP connections; "station" stays trusted. */
  passwordRole?: { name: string; password: string };
}

export interface PgCluster {
  port: number;
  /** PEM of the CA that signed the server certificate (tls only). */
  caFile?: string;
  /** postgres://station@127.0.0.1:PORT/DB */
  url(database?: string): string;
  /** Creates a database (a fresh one per test keeps tests apart on one cluster). */
  createDatabase(name: string): void;
  /** Stops the server at once, as a crash or a cut link would. */
  stop(): void;
  start(): void;
  /** Stops the server and removes every file of the cluster. */
  destroy(): void;
}

function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const ca = join(dir, 'ca.pem');
  const caKey = join(dir, 'ca.key');
  const key = join(dir, 'server.key');
  const csr = join(dir, 'server.csr');
  const cert = join(dir, 'server.pem');
  const ext = join(dir, 'server.ext');
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Station test CA', '-keyout', caKey, '-out', ca);
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', csr);
  writeFileSync(ext, 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl('x509', '-req', '-in', csr, '-CA', ca, '-CAkey', caKey, '-CAcreateserial', '-days', '2', '-extfile', ext, '-out', cert);
  return { ca, cert, key };
}

export async function startPostgres(options: PgClusterOptions = {}): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'station-pg-'));
  let owner: { uid: number; gid: number } | undefined;
  if (isRoot()) {
    ensureUser();
    owner = { uid: Number(execFileSync('id', ['-u', RUN_AS]).toString().trim()), gid: Number(execFileSync('id', ['-g', RUN_AS]).toString().trim()) };
    chownSync(dir, owner.uid, owner.gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', PG_TEST_USER, '--auth=trust', '-E', 'UTF8', '--no-sync']);
  let extra = '';
  let caFile: string | undefined;
  if (options.tls) {
    const certs = makeCertificates(dir);
    // The server refuses a key readable by others or owned by someone else.
    if (owner) for (const f of [certs.cert, certs.key]) chownSync(f, owner.uid, owner.gid);
    extra = ` -c ssl=on -c ssl_cert_file=${certs.cert} -c ssl_key_file=${certs.key}`;
    caFile = certs.ca;
  }
  if (options.passwordRole) {
    // Checked before the trust lines: the first matching line of pg_hba.conf decides.
    const hba = join(data, 'pg_hba.conf');
    writeFileSync(hba, `host all ${options.passwordRole.name} 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`);
  }
  const port = await freePort();
  let running = false;
  const cluster: PgCluster = {
    port,
    caFile,
    url: (database = 'postgres') => `postgres://${PG_TEST_USER}@127.0.0.1:${port}/${database}`,
    createDatabase(name) {
      run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', PG_TEST_USER, '-d', 'postgres', '-qc', `CREATE DATABASE "${name}"`]);
    },
    start() {
      // fsync off: a test cluster need not survive a power cut, and the 2-core machine is shared.
      const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200${extra}`;
      run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start']);
      running = true;
    },
    stop() {
      if (!running) return;
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  cluster.start();
  if (options.passwordRole) {
    const { name, password } = options.passwordRole;
    run('psql', ['-h', dir, '-p', String(port), '-U', PG_TEST_USER, '-d', 'postgres', '-qc', `CREATE ROLE "${name}" LOGIN PASSWORD '${password.replace(/'/g, "''")}'`]);
  }
  return cluster;
}

let databases = 0;

/** A fresh, empty database on the cluster, with a unique name. */
export function freshDatabase(cluster: PgCluster, prefix = 'wh'): string {
  databases += 1;
  const name = `${prefix}_${process.pid}_${databases}`;
  cluster.createDatabase(name);
  return cluster.url(name);
}
