// Argument parsing of `station`: node:util parseArgs for the syntax, then one zod schema per
// command for what each needs. Every mistake becomes a sentence plus the command's usage, and
// exit code 2 (EX_USAGE-like), before anything touches the marketplace.
import { parseArgs } from 'node:util';
import { z } from 'zod';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

const GLOBAL = '[--json] [--data-dir DIR] [--sandbox-info FILE] [--warehouse postgres://user@host/db] [--warehouse-password-file FILE]';

const isoDate = (name: string) => z.string({ error: `--${name} DATE is required` }).refine((s) => !Number.isNaN(Date.parse(s)), `--${name} must be a date such as 2026-11-21 or 2026-11-21T10:00:00+05:30`);
const required = (name: string, what = 'VALUE') => z.string({ error: `--${name} ${what} is required` }).trim().min(1, `--${name} cannot be empty`);
const file = (name: string) => required(name, 'FILE');

/** One command: its words, the usage line, what ids it takes, and its options. */
interface CommandSpec {
  words: string[];
  usage: string;
  ids: 'none' | 'some' | 'optional';
  options: z.ZodObject;
  /** Commands that parse their own arguments (print) get the raw ones. */
  raw?: boolean;
}

const none = z.strictObject({});
const cmd = (words: string, usage: string, ids: CommandSpec['ids'], options: z.ZodObject = none, raw = false): CommandSpec => ({
  words: words.split(' '),
  usage: `station ${words}${usage ? ` ${usage}` : ''}`,
  ids,
  options,
  raw,
});

export const COMMANDS: CommandSpec[] = [
  cmd('login', '[--base-url https://... --app-id ID] [--third-party --redirect-uri URL]  (secret from STATION_APP_SECRET or one line on stdin)', 'none', z.strictObject({
    'base-url': z.string().optional(),
    'app-id': z.string().optional(),
    'third-party': z.boolean().optional(),
    'redirect-uri': z.string().optional(),
  })),
  cmd('shipments list', '[--state S] [--location L]', 'none', z.strictObject({ state: z.string().optional(), location: z.string().optional() })),
  cmd('shipments show', 'ID...', 'some'),
  cmd('pack', 'ID... [--labels-out FILE] [--dispatch] [--ignore-weight-warning] | pack --wave --location L [--sku SKU] [--labels-out FILE] [--dispatch]', 'optional', z.strictObject({
    wave: z.boolean().optional(),
    location: z.string().optional(),
    sku: z.string().optional(),
    'labels-out': z.string().optional(),
    dispatch: z.boolean().optional(),
    'ignore-weight-warning': z.boolean().optional(),
  })),
  cmd('labels', 'ID... --out FILE', 'some', z.strictObject({ out: file('out') })),
  cmd('dispatch', 'ID... --location L', 'some', z.strictObject({ location: required('location', 'L') })),
  cmd('manifest', '[--vendor-group CODE] [--location L] [--out FILE]  (without --out: the handover counts)', 'none', z.strictObject({
    'vendor-group': z.string().optional(),
    location: z.string().optional(),
    out: z.string().optional(),
  })),
  cmd('handover', '[--location L]', 'none', z.strictObject({ location: z.string().optional() })),
  cmd('cancel', 'ID... --reason TEXT [--location L]', 'some', z.strictObject({ reason: required('reason', 'TEXT'), location: z.string().optional() })),
  cmd('returns list', '[--type courier_return|customer_return] [--location L]', 'none', z.strictObject({ type: z.enum(['courier_return', 'customer_return']).optional(), location: z.string().optional() })),
  cmd('returns complete', 'ID... --location L', 'some', z.strictObject({ location: required('location', 'L') })),
  cmd('returns pickup', 'ID... --location L --date DATE', 'some', z.strictObject({ location: required('location', 'L'), date: isoDate('date') })),
  cmd('returns pickup-attempt', 'ID... --location L --date DATE --new-date DATE --reason TEXT', 'some', z.strictObject({
    location: required('location', 'L'),
    date: isoDate('date'),
    'new-date': isoDate('new-date'),
    reason: required('reason', 'TEXT'),
  })),
  cmd('returns approve', 'ID... [--location L] [--date DATE] [--comments TEXT]', 'some', z.strictObject({
    location: z.string().optional(),
    date: isoDate('date').optional(),
    comments: z.string().optional(),
  })),
  cmd('returns reject', 'ID... --date DATE [--location L] [--comments TEXT]', 'some', z.strictObject({
    location: z.string().optional(),
    date: isoDate('date'),
    comments: z.string().optional(),
  })),
  cmd('selfship dispatch', 'ID... --location L --date DATE --delivery-date DATE [--invoice-number N] [--partner NAME] [--tracking-id T]', 'some', z.strictObject({
    location: required('location', 'L'),
    date: isoDate('date'),
    'delivery-date': isoDate('delivery-date'),
    'invoice-number': z.string().optional(),
    partner: z.string().optional(),
    'tracking-id': z.string().optional(),
  })),
  cmd('selfship deliver', 'ID... --date DATE [--location L]', 'some', z.strictObject({ date: isoDate('date'), location: z.string().optional() })),
  cmd('selfship attempt', 'ID... --date DATE --new-date DATE [--reason TEXT] [--location L]', 'some', z.strictObject({
    date: isoDate('date'),
    'new-date': isoDate('new-date'),
    reason: z.string().optional(),
    location: z.string().optional(),
  })),
  cmd('listings get', 'SKU...', 'some'),
  cmd('listings search', '--state ACTIVE|INACTIVE|READY_FOR_ACTIVATION|ARCHIVED|INACTIVATED_BY_MARKETPLACE [--text T]', 'none', z.strictObject({
    state: z.enum(['ACTIVE', 'INACTIVE', 'READY_FOR_ACTIVATION', 'ARCHIVED', 'INACTIVATED_BY_MARKETPLACE'], { error: '--state must be ACTIVE, INACTIVE, READY_FOR_ACTIVATION, ARCHIVED or INACTIVATED_BY_MARKETPLACE' }),
    text: z.string().optional(),
  })),
  cmd('listings update-price', '--csv FILE  (header: sku,product_id,mrp,selling_price[,currency])', 'none', z.strictObject({ csv: file('csv') })),
  cmd('listings update-inventory', '--csv FILE  (header: sku,product_id,location_id,inventory)', 'none', z.strictObject({ csv: file('csv') })),
  cmd('barcodes list', '', 'none'),
  cmd('barcodes import', '--csv FILE  (header: barcode,sku[,title]; commas or semicolons)', 'none', z.strictObject({ csv: file('csv') })),
  cmd('barcodes export', '--out FILE', 'none', z.strictObject({ out: file('out') })),
  cmd('devices list', '', 'none'),
  cmd('scale read', '--port PATH --protocol NAME [--baud-rate N] [--unit kg|g|lb|oz] [--timeout-ms N]', 'none', z.strictObject({
    port: required('port', 'PATH'),
    protocol: required('protocol', 'NAME'),
    'baud-rate': z.coerce.number().int().positive().optional(),
    unit: z.enum(['kg', 'g', 'lb', 'oz']).optional(),
    'timeout-ms': z.coerce.number().int().positive().optional(),
  })),
  cmd('scanner listen', '--port PATH [--baud-rate N] [--seconds N]', 'none', z.strictObject({
    port: required('port', 'PATH'),
    'baud-rate': z.coerce.number().int().positive().optional(),
    seconds: z.coerce.number().positive().optional(),
  })),
  cmd('claims release', 'ID...  (warehouse mode: a lead frees shipments a desk holds)', 'some'),
  cmd('warehouse status', '', 'none'),
  cmd('warehouse migrate', '  (the lead, with the login that owns the tables: brings the schema up to this version)', 'none'),
  cmd('receive', '--port N --tls-cert FILE --tls-key FILE [--host ADDRESS] [--allow CIDR,...] [--trusted-proxy CIDR,...] [--public-url https://...] [--new-token]  (push notifications)', 'none', z.strictObject({
    port: z.coerce.number({ error: '--port N is required' }).int().min(0, '--port must be a port number (1-65535)').max(65_535, '--port must be a port number (1-65535)'),
    'tls-cert': file('tls-cert'),
    'tls-key': file('tls-key'),
    host: z.string().optional(),
    allow: z.string().optional(),
    'trusted-proxy': z.string().optional(),
    'public-url': z.string().url('--public-url must be an address such as https://push.example.com').optional(),
    'new-token': z.boolean().optional(),
  })),
  cmd('print', 'FILE --role label|document [--printer NAME] [--split LAYOUT]', 'optional', none, true),
];

const OPTION_TYPES: Record<string, { type: 'string' | 'boolean' }> = {
  json: { type: 'boolean' },
  help: { type: 'boolean' },
  'data-dir': { type: 'string' },
  'sandbox-info': { type: 'string' },
  /** The warehouse database (warehouse-config.ts); wins over STATION_WAREHOUSE_URL and the settings. */
  warehouse: { type: 'string' },
  /** A file holding the warehouse database password (mode 0600): never the password on the command line. */
  'warehouse-password-file': { type: 'string' },
};
/** Flags that take no value; every other option takes one. */
const FLAGS = new Set(['wave', 'dispatch', 'third-party', 'new-token', 'ignore-weight-warning']);
for (const c of COMMANDS) {
  for (const name of Object.keys(c.options.shape)) OPTION_TYPES[name] = { type: FLAGS.has(name) ? 'boolean' : 'string' };
}
// Options of the raw commands, so that parseArgs lets them through to the command's own parser.
Object.assign(OPTION_TYPES, { role: { type: 'string' }, printer: { type: 'string' }, split: { type: 'string' } });

export interface Invocation {
  command: string;
  ids: string[];
  options: Record<string, unknown>;
  json: boolean;
  dataDir?: string;
  sandboxInfo?: string;
  /** postgres:// address of the warehouse database, as given (it may hold a password: never log it). */
  warehouse?: string;
  /** --warehouse-password-file: where the database password is (cli/warehouse-password-input.ts). */
  warehousePasswordFile?: string;
  /** The arguments after the command words, for commands that parse their own. */
  rawArgs: string[];
}

export type Parsed = { ok: true; invocation: Invocation } | { ok: false; message: string; usage: string; help?: boolean };

export function usageText(): string {
  return [`usage: station <command> ${GLOBAL}`, '', 'commands:', ...COMMANDS.map((c) => `  ${c.usage}`)].join('\n');
}

export function parseCli(argv: readonly string[]): Parsed {
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...argv], options: OPTION_TYPES, allowPositionals: true, strict: true }));
  } catch (e) {
    return { ok: false, message: (e as Error).message.replace(/\. To specify a positional.*$/s, '.'), usage: usageText() };
  }
  const spec = [...COMMANDS].sort((a, b) => b.words.length - a.words.length).find((c) => c.words.every((w, i) => positionals[i] === w));
  if (values.help) return { ok: false, message: '', usage: spec ? `usage: ${spec.usage} ${GLOBAL}` : usageText(), help: true };
  if (!spec) {
    const what = positionals.length === 0 ? 'No command given.' : `Unknown command "${positionals.slice(0, 2).join(' ')}".`;
    return { ok: false, message: what, usage: usageText() };
  }
  const usage = `usage: ${spec.usage} ${GLOBAL}`;
  const ids = positionals.slice(spec.words.length);
  const { json, help: _help, 'data-dir': dataDir, 'sandbox-info': sandboxInfo, warehouse, 'warehouse-password-file': passwordFile, ...rest } = values;
  const globals = {
    json: !!json,
    dataDir: dataDir as string | undefined,
    sandboxInfo: sandboxInfo as string | undefined,
    ...(warehouse ? { warehouse: warehouse as string } : {}),
    ...(passwordFile ? { warehousePasswordFile: passwordFile as string } : {}),
  };
  const commandWords = spec.words.length;
  const firstWord = argv.indexOf(spec.words[commandWords - 1]);
  const valued = ['--data-dir', '--sandbox-info', '--warehouse', '--warehouse-password-file'];
  const rawArgs = argv.slice(firstWord + 1).filter((a, i, all) => !['--json'].includes(a) && !valued.includes(a) && !valued.includes(all[i - 1]));
  if (spec.raw) {
    return { ok: true, invocation: { command: spec.words.join(' '), ids, options: rest, ...globals, rawArgs } };
  }
  if (spec.ids === 'some' && ids.length === 0) return { ok: false, message: `Give at least one id after "${spec.words.join(' ')}".`, usage };
  if (spec.ids === 'none' && ids.length > 0) return { ok: false, message: `"${spec.words.join(' ')}" takes no ids (got ${ids.join(' ')}).`, usage };
  const parsed = spec.options.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue.code === 'unrecognized_keys'
        ? `"${spec.words.join(' ')}" has no option ${issue.keys.map((k) => `--${k}`).join(', ')}.`
        : issue.message.startsWith('--')
          ? issue.message
          : `--${issue.path.join('.')}: ${issue.message}`;
    return { ok: false, message, usage };
  }
  // pack has two forms; which one is meant is only clear from the options together.
  if (spec.words[0] === 'pack') {
    const o = parsed.data as { wave?: boolean; location?: string; sku?: string; 'ignore-weight-warning'?: boolean };
    // A wave's weights are the listings': a warning there is settled at a desk, shipment by shipment.
    if (o.wave && o['ignore-weight-warning']) return { ok: false, message: '--ignore-weight-warning is for pack ID...: pack a warned shipment of a wave by its id, or at a desk.', usage };
    if (o.wave && !o.location) return { ok: false, message: 'pack --wave needs --location L.', usage };
    if (o.wave && ids.length > 0) return { ok: false, message: 'pack --wave takes no shipment ids: it packs every approved shipment of the location.', usage };
    if (!o.wave && ids.length === 0) return { ok: false, message: 'Give shipment ids to pack, or --wave --location L.', usage };
    if (!o.wave && (o.location || o.sku)) return { ok: false, message: '--location and --sku belong to pack --wave.', usage };
  }
  return { ok: true, invocation: { command: spec.words.join(' '), ids, options: parsed.data as Record<string, unknown>, ...globals, rawArgs } };
}
