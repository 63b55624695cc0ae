// Mutations of a valid request, each one a way a careless or hostile client can get a request
// wrong: in the JSON values, in the JSON text, in the batch size, in the path, the query, the
// content type, the method and the credentials. Every mutation names itself in the request's
// label, so a failure says what was done to which operation.
import type { Rng } from '../../electron/sandbox/world/rng.js';
import { MAX_BODY_BYTES } from '../../electron/sandbox/http/server.js';
import type { FuzzRequest } from './fuzz-client.js';
import type { Operation } from './fuzz-requests.js';

export interface MutationContext {
  rng: Rng;
  op: Operation;
  /** Credentials that are wrong in some way, plus the other seller's valid token. */
  tokens: { other: string; expired: string; refresh: string };
  /** Basic credentials of a real app, for swapping secrets around. */
  appId: string;
  /** Ids of the other seller and ids nobody has, for id fields. */
  foreignId: () => string;
}

type Mutation = (req: FuzzRequest, m: MutationContext) => FuzzRequest | undefined;

function deep(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

const WEIRD: (() => unknown)[] = [
  () => null,
  () => true,
  () => -1,
  () => 0,
  () => 1.5,
  () => 1e308,
  () => -1e308,
  () => 2 ** 53 + 1,
  () => 'NaN',
  () => 'Infinity',
  () => '-0',
  () => '',
  () => ' ',
  () => 'x'.repeat(20_000),
  () => 'ผ้า 👕 \u0000\u202e\uffff \ud800',
  () => '<script>alert(1)</script>',
  () => "' OR 1=1 --",
  () => '../../etc/passwd',
  () => '2026-02-30',
  () => '9999-12-31T99:99:99Z',
  () => '1e400',
  () => ({}),
  () => [],
  () => [null],
  // JSON.parse makes `__proto__` an own key (a literal would set the prototype instead).
  () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}'),
  () => ['a', 1, null, {}],
  () => deep(60),
];

export const weird = (rng: Rng): unknown => rng.pick(WEIRD)();

/** Every [parent, key] in a JSON value, depth first (at most 400). */
function slots(value: unknown, out: [Record<string | number, unknown>, string | number][] = [], depth = 0): typeof out {
  if (out.length >= 400 || depth > 12 || value === null || typeof value !== 'object') return out;
  for (const key of Object.keys(value)) {
    const k = Array.isArray(value) ? Number(key) : key;
    out.push([value as Record<string | number, unknown>, k]);
    slots((value as Record<string, unknown>)[key], out, depth + 1);
  }
  return out;
}

function withJson(req: FuzzRequest, label: string, edit: (v: unknown) => unknown): FuzzRequest | undefined {
  if (req.body === undefined || !String(req.headers['content-type'] ?? '').includes('json')) return undefined;
  // A body past the sandbox's limit is refused for its size before it is parsed: editing its JSON
  // tests nothing more, and copying it (oversize after huge: 1001 keys of a 4 MiB string) would
  // build a request of gigabytes that exhausts the fuzzer's own memory.
  if (Buffer.byteLength(req.body) > MAX_BODY_BYTES) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(String(req.body));
  } catch {
    return undefined;
  }
  const out = edit(v);
  // JSON.stringify turns a lone `__proto__` own key back into text, so the server sees it too.
  return { ...req, body: JSON.stringify(out), label: `${req.label} +${label}` };
}

const setHeader = (req: FuzzRequest, name: string, value: string | undefined, label: string): FuzzRequest => {
  const headers = { ...req.headers };
  if (value === undefined) delete headers[name];
  else headers[name] = value;
  return { ...req, headers, label: `${req.label} +${label}` };
};

/** Largest batch a limit check may look at; sizes just past every limit of the spec. */
const OVERSIZE = [11, 26, 51, 101, 1001];

const MUTATIONS: Record<string, Mutation> = {
  value: (req, { rng, foreignId }) =>
    withJson(req, 'value', (v) => {
      const all = slots(v);
      if (!all.length) return weird(rng);
      const [parent, key] = rng.pick(all);
      parent[key] = /id$/i.test(String(key)) && rng.chance(0.4) ? foreignId() : weird(rng);
      return v;
    }),
  drop: (req, { rng }) =>
    withJson(req, 'drop', (v) => {
      const all = slots(v).filter(([p]) => !Array.isArray(p));
      if (all.length) {
        const [parent, key] = rng.pick(all);
        delete parent[key];
      }
      return v;
    }),
  extra: (req, { rng }) =>
    withJson(req, 'extra', (v) => {
      const objects = slots(v).map(([p, k]) => p[k]).filter((x) => x && typeof x === 'object' && !Array.isArray(x)) as Record<string, unknown>[];
      const target = objects.length && rng.chance(0.7) ? rng.pick(objects) : v;
      if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>)[rng.pick(['unknownField', 'shipments', 'filter', 'locationId', ''])] = weird(rng);
      return v;
    }),
  shape: (req, { rng }) => withJson(req, 'shape', (v) => rng.pick([() => [v], () => weird(rng), () => deep(3000), () => ({ shipments: v, returns: v, services: v })])()),
  oversize: (req, { rng }) => {
    const size = rng.pick(OVERSIZE);
    // Paths stay under Node's 16 KiB header limit: past it Node itself answers 431 before the sandbox sees the request.
    const pathSize = Math.min(size, 101);
    const idParam = /\/(\{)?[^/]*,[^/]*(?=\/|\?|$)/.exec(req.path);
    if (idParam && rng.chance(0.3)) {
      const ids = Array.from({ length: pathSize }, (_, i) => `SH${String(i).padStart(14, '0')}`).join(',');
      return { ...req, path: req.path.replace(idParam[0], `/${ids}`), label: `${req.label} +oversize-path(${pathSize})` };
    }
    return withJson(req, `oversize(${size})`, (v) => {
      const arrays = [v, ...slots(v).map(([p, k]) => p[k])].filter(Array.isArray) as unknown[][];
      if (arrays.length) {
        const a = arrays.reduce((x, y) => (y.length > x.length ? y : x));
        const first = a.length ? a : ['x'];
        // The same element again (no clone): serialising repeats it, and a deep one cannot overflow a copy.
        while (a.length < size) a.push(first[a.length % first.length]);
      } else if (v && typeof v === 'object') {
        // A listing body is a map of SKU -> object: the limit counts keys.
        const entries = Object.entries(v);
        for (let i = 0; entries.length && Object.keys(v).length < size; i++) (v as Record<string, unknown>)[`${entries[0][0]}-${i}`] = entries[i % entries.length][1];
      }
      return v;
    });
  },
  malformed: (req, { rng }) => {
    const text = req.body === undefined ? '{"a":1}' : String(req.body);
    const cut = rng.int(0, Math.max(0, text.length - 1));
    const bad = rng.pick([
      () => text.slice(0, cut),
      () => text.slice(0, cut) + '\u0000' + text.slice(cut),
      () => text.replace(/[}\]]$/, ',$&'),
      () => text.replace(/-?\d+(\.\d+)?/, rng.pick(['1e999', '-1e999', 'NaN', '0x10', '123456789012345678901234567890', '01'])),
      () => text.replace(/"/g, "'"),
      () => '\ufeff' + text,
      () => Buffer.concat([Buffer.from(text.slice(0, cut)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(text.slice(cut))]),
      () => '{'.repeat(10_000),
      () => 'null',
      () => '"just a string"',
    ])();
    return { ...req, body: bad, headers: { ...req.headers, 'content-type': req.headers['content-type'] ?? 'application/json' }, label: `${req.label} +malformed` };
  },
  contentType: (req, { rng }) =>
    setHeader(req, 'content-type', rng.pick([undefined, 'text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '*/*', 'application/json'.repeat(50)]), 'content-type'),
  empty: (req, { rng }) => ({ ...setHeader(req, 'content-type', rng.chance(0.7) ? 'application/json' : undefined, 'empty'), body: rng.pick(['', undefined, ' ', '\n']) }),
  huge: (req) => ({ ...req, body: '{"a":"' + 'x'.repeat(4 * 1024 * 1024 + 10) + '"}', headers: { ...req.headers, 'content-type': 'application/json' }, label: `${req.label} +huge` }),
  path: (req, { rng, foreignId }) => {
    const bad = rng.pick([',', ',,,', '%2F', 'a%2Fb', '%2e%2e', '%00', '%', '%E0%A4%A', '%20', 'x'.repeat(5000), encodeURIComponent('शिपमेंट👕'), `${foreignId()},${foreignId()}`, 'SH1,,SH2,', '..', '%2C%2C', '*', '{shipmentIds}']);
    const segments = req.path.split('?');
    const parts = segments[0].split('/');
    const i = rng.int(2, Math.max(2, parts.length - 1));
    parts[i] = rng.chance(0.7) ? bad : parts[i] + bad;
    return { ...req, path: parts.join('/') + (segments[1] !== undefined ? `?${segments[1]}` : ''), label: `${req.label} +path` };
  },
  query: (req, { rng, foreignId }) => {
    const [base, q = ''] = req.path.split('?');
    const params = new URLSearchParams(q);
    const keys = [...params.keys()];
    const mode = rng.int(0, 4);
    let raw: string;
    if (mode === 0 && keys.length) {
      params.set(rng.pick(keys), String(weird(rng)).slice(0, 3000));
      raw = params.toString();
    } else if (mode === 1 && keys.length) {
      params.delete(rng.pick(keys));
      raw = params.toString();
    } else if (mode === 2) {
      raw = `${q}&${keys[0] ?? 'shipmentIds'}=${foreignId()}&${keys[0] ?? 'x'}=`;
    } else if (mode === 3) {
      raw = `${q}&%=%E0%A4&a=%zz&&=&since=-1&pageSize=NaN`;
    } else {
      raw = `${keys[0] ?? 'shipmentIds'}=${Array.from({ length: Math.min(rng.pick(OVERSIZE), 101) }, (_, i) => `X${i}`).join(',')}`;
    }
    return { ...req, path: `${base}?${raw}`, label: `${req.label} +query` };
  },
  method: (req, { rng }) => ({ ...req, method: rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].filter((x) => x !== req.method)), label: `${req.label} +method` }),
  auth: (req, { rng, tokens, appId, op }) => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const bearerish = [undefined, 'Bearer', 'Bearer ', `Bearer ${tokens.expired}`, `Bearer ${tokens.refresh}`, `Bearer ${tokens.other}`, 'Bearer garbage.garbage', `bearer ${tokens.other}`, `Bearer ${'A'.repeat(4000)}`, `Basic ${b64(`${appId}:nope`)}`, 'Token abc', 'Bearer a b'];
    const basicish = [undefined, 'Basic', 'Basic !!!notbase64', `Basic ${b64(appId)}`, `Basic ${b64(`${appId}:wrong-secret`)}`, `Basic ${b64(':')}`, `Basic ${b64('nobody:secret')}`, `Basic ${b64(`${appId}:${'s'.repeat(3000)}`)}`, `Bearer ${tokens.other}`, `Basic ${b64('\u0000:\u0000')}`];
    return setHeader(req, 'authorization', rng.pick(op.auth === 'basic' ? basicish : bearerish), 'auth');
  },
};

/** Mutations worth trying on an operation: body mutations only where there is a body. */
const BODY_MUTATIONS = ['value', 'drop', 'extra', 'shape', 'oversize', 'malformed', 'contentType', 'empty'];

/** One named mutation, as mutate() applies it (undefined when it does not fit the request). */
export function applyMutation(name: keyof typeof MUTATIONS, req: FuzzRequest, m: MutationContext): FuzzRequest | undefined {
  return MUTATIONS[name](req, m);
}

export function mutate(req: FuzzRequest, m: MutationContext): FuzzRequest {
  const names = Object.keys(MUTATIONS).filter((n) => {
    if (n === 'huge') return m.rng.chance(0.02);
    if (n === 'auth') return m.op.auth === 'bearer' || m.op.auth === 'basic';
    return req.body !== undefined || !BODY_MUTATIONS.includes(n) || n === 'malformed' || n === 'oversize';
  });
  let out = req;
  const rounds = m.rng.chance(0.25) ? 2 : 1;
  for (let i = 0; i < rounds; i++) out = MUTATIONS[m.rng.pick(names)](out, m) ?? out;
  return out;
}
