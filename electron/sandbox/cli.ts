// `npm run sandbox -- --port 0 --seed 7 --shipments 200 --state-dir DIR [--label-delay-ms N | --label-delay-spread]`
// Runs the embedded marketplace on its own. When it is ready it prints exactly one line of JSON
// on stdout (base URL, CA certificate path, demo credentials) so scripts and tests can read it;
// everything else goes to stderr. SIGINT / SIGTERM flush the state and exit 0.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { loadOrCreateTls } from './tls.js';
import { startSandbox, type RunningSandbox } from './sandbox.js';
import { StateDirMismatchError } from './persistence.js';
import { MAX_LABEL_GENERATION_MS } from '../../shared/api/limits.js';
import { PushFaultConfig } from './push/push-faults.js';

/** Largest data set the CLI seeds (the seed is sized for 100,000 in under 10 s). */
export const MAX_CLI_SHIPMENTS = 1_000_000;
/** Size of a new data set when --shipments is not given. */
export const CLI_DEFAULT_SHIPMENTS = 200;
const USAGE = 'usage: npm run sandbox -- --state-dir DIR [--port 8443] [--seed 7] [--shipments 200] [--label-delay-ms 2000 | --label-delay-spread] [--push-faults \'{"dropRate":0.1}\']';

const HELP = `${USAGE}

Runs the sandbox marketplace on its own. When it is ready it prints one line of JSON on stdout
(base URL, CA certificate path, demo credentials); everything else goes to stderr. Ctrl+C saves
the state and stops it.

  --state-dir DIR          where its state and CA certificate are kept (required)
  --port N                 HTTPS port (default 8443; 0 picks a free one)
  --seed N                 seed of a new data set (the same seed gives the same shipments)
  --shipments N            shipments in a new data set (default ${CLI_DEFAULT_SHIPMENTS})
  --label-delay-ms N       how long each label takes to be generated
  --label-delay-spread     label delays spread as the marketplace's are
  --push-faults JSON       drop, duplicate or delay push notifications, e.g. '{"dropRate":0.1}'
  --help                   this text
`;

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `--${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `--${name} must be at least ${min}`).max(max, `--${name} must be at most ${max}`));

const Args = z.object({
  'state-dir': z.string({ error: '--state-dir DIR is required (state and the CA certificate are kept there)' }).min(1),
  port: wholeNumber('port', 0, 65535).default(8443),
  seed: wholeNumber('seed', 0, 2 ** 32 - 1).optional(),
  shipments: wholeNumber('shipments', 0, MAX_CLI_SHIPMENTS).optional(),
  'label-delay-ms': wholeNumber('label-delay-ms', 0, MAX_LABEL_GENERATION_MS).optional(),
  'label-delay-spread': z.boolean().optional(),
  'push-faults': z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: '--push-faults must be JSON, e.g. \'{"dropRate":0.1,"duplicateRate":0.1,"seed":7}\'' });
        return z.NEVER;
      }
    })
    .pipe(PushFaultConfig)
    .optional(),
});

const wantsHelp = (argv: string[]) => argv.includes('--help') || argv.includes('-h');

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) {
    process.stdout.write(HELP);
    return;
  }
  let raw: Record<string, string | boolean | undefined>;
  try {
    raw = parseArgs({
      options: {
        'state-dir': { type: 'string' },
        port: { type: 'string' },
        seed: { type: 'string' },
        shipments: { type: 'string' },
        'label-delay-ms': { type: 'string' },
        'label-delay-spread': { type: 'boolean' },
        'push-faults': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (e) {
    fail((e as Error).message);
  }
  const parsed = Args.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // A knob's own issue names its field inside the JSON; the flag is named for the reader.
    fail(issue.path[0] === 'push-faults' && issue.path.length > 1 ? `--push-faults ${issue.path.slice(1).join('.')}: ${issue.message}` : issue.message);
  }
  const args = parsed.data;
  const stateDir = resolve(args['state-dir']);

  // Handlers first: a signal right after the ready line must still save the state.
  let resolveStarted: (s: RunningSandbox | undefined) => void = () => {};
  const started = new Promise<RunningSandbox | undefined>((r) => (resolveStarted = r));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox: ${signal}, saving state\n`);
    // A signal during start-up waits for the start to finish, then saves and exits.
    started.then((s) => s?.close()).then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`sandbox: could not save state: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const tls = await loadOrCreateTls(join(stateDir, 'tls'));
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      tls,
      stateDir: join(stateDir, 'data'),
      port: args.port,
      seed: args.seed,
      shipments: args.shipments,
      defaultShipments: CLI_DEFAULT_SHIPMENTS,
      labelDelayMs: args['label-delay-ms'],
      // The spec's spread of label delays, seeded like the data set so that a run repeats.
      labelDelaySpreadSeed: args['label-delay-spread'] ? (args.seed ?? 7) : undefined,
      pushFaults: args['push-faults'],
    });
  } catch (e) {
    if (e instanceof StateDirMismatchError) fail(e.message);
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`port ${args.port} is in use; pick another --port (0 picks a free one).`);
    throw e;
  }
  resolveStarted(sandbox);
  const { info } = sandbox;
  process.stderr.write(`sandbox: seed ${sandbox.seed}, ${sandbox.world.shipments.size} shipments, state in ${stateDir}\n`);
  process.stdout.write(
    JSON.stringify({
      baseUrl: sandbox.baseUrl,
      caCertPath: tls.caCertPath,
      sellerId: info.sellerId,
      locations: info.locations,
      selfAccess: info.selfAccess,
      thirdParty: info.thirdParty,
      seller: info.seller,
      controlToken: sandbox.controlToken,
      ...(info.cases ? { cases: info.cases } : {}),
    }) + '\n',
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`sandbox: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
