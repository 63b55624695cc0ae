// `npm run bench`: runs every benchmark module, prints the table and writes it into the README
// between the bench markers. Modules are plain async functions returning BenchRow[], so a new
// area is one import and one line below.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { renderTable, type BenchRow } from './bench-table.js';

type BenchModule = { area: string; load: () => Promise<() => Promise<BenchRow[]>> };

const modules: BenchModule[] = [
  { area: 'devices', load: async () => (await import('./devices-bench.js')).runDevicesBench },
  { area: 'printing', load: async () => (await import('./printing-bench.js')).runPrintingBench },
  { area: 'station', load: async () => (await import('./wave-bench.js')).runWaveBench },
  { area: 'labels', load: async () => (await import('./label-bench.js')).runLabelBench },
  { area: 'search', load: async () => (await import('./search-bench.js')).runSearchBench },
  { area: 'sandbox', load: async () => (await import('./sandbox-bench.js')).runSandboxBench },
  { area: 'renderer', load: async () => (await import('./renderer-bench.js')).runRendererBench },
  { area: 'warehouse', load: async () => (await import('./warehouse-bench.js')).runWarehouseBench },
  { area: 'soak', load: async () => (await import('./soak-bench.js')).runSoakBench },
  { area: 'scan', load: async () => (await import('./scan-bench.js')).runScanBench },
  { area: 'push', load: async () => (await import('./push-bench.js')).runPushBench },
  // After the renderer: it removes out/ to measure a first start, which builds it again.
  { area: 'startup', load: async () => (await import('./startup-bench.js')).runStartupBench },
];

const README = new URL('../../README.md', import.meta.url);
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const USAGE = `usage: npm run bench [-- AREA...]   areas: ${modules.map((m) => m.area).join(', ')}`;
const HELP = `${USAGE}

Measures the performance table of the README on this machine. Without areas it runs every one
and rewrites the table in README.md; with areas it runs those and only prints their rows.
Exits 1 when a row misses its target.
`;

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  if (only.includes('--help') || only.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  const unknown = only.filter((a) => !modules.some((m) => m.area === a));
  if (unknown.length > 0) {
    process.stderr.write(`bench: no area named ${unknown.map((a) => `'${a}'`).join(', ')}.\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const rows: BenchRow[] = [];
  // The machine's load when the run began: figures from a busy machine are not the table's.
  const loadAtStart = loadavg()[0];
  for (const m of modules) {
    if (only.length > 0 && !only.includes(m.area)) continue;
    process.stderr.write(`bench: ${m.area} ...\n`);
    const run = await m.load();
    rows.push(...(await run()));
  }
  const machine = `${availableParallelism()} cores (nproc; ${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, load average ${loadAtStart.toFixed(1)} at the start, Node ${process.version}`;
  const table = renderTable(rows, new Date(), machine);
  process.stdout.write(table + '\n');
  if (only.length === 0) {
    const readme = readFileSync(README, 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    if (start >= 0 && end > start) {
      writeFileSync(README, readme.slice(0, start + START.length) + '\n' + table + '\n' + readme.slice(end));
      process.stderr.write('bench: README table updated\n');
    }
  }
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

await main();
