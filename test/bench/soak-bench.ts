// A long shift: 5,000 desk packs in one station process of its own (soak-run.ts), the sandbox in
// another. Resident memory is sampled every 100 packs after a full collection: its peak, and its
// trend over the second half of the shift (least-squares slope). The desk's scan handling time
// (PackDesk.scan of a unit, journal fdatasync included, station side: the painted-frame measure
// is the renderer's) at the end of the shift against its start.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { percentile, type BenchRow } from './bench-table.js';

const PACKS = 5_000;
const RSS_LIMIT_MB = 300;
/** "No upward trend": the second half may not grow by more than this share of its mean per 1,000 packs. */
const TREND_LIMIT = 0.02;
/** Scans compared at each end of the shift. */
const ENDS = 500;

interface SoakResult {
  packs: number;
  printed: number;
  refusedCount: number;
  refused: string[];
  rss: number[];
  scanMs: number[];
  segments: number;
  seconds: number;
}

function slopePerThousand(samples: number[], every: number): number {
  const n = samples.length;
  const xs = samples.map((_, i) => (i * every) / 1000);
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = samples.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (samples[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

async function soak(): Promise<SoakResult> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/bench/soak-run.ts', String(PACKS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then((code) => reject(new Error(`soak run exited (${code}) without a result`)));
  });
  await exited;
  return JSON.parse(line) as SoakResult;
}

export async function runSoakBench(): Promise<BenchRow[]> {
  const r = await soak();
  const mb = r.rss.map((b) => b / 2 ** 20);
  const peak = Math.max(...mb);
  const half = mb.slice(Math.floor(mb.length / 2));
  const halfMean = half.reduce((a, b) => a + b, 0) / half.length;
  const slope = slopePerThousand(half, 100);
  const start = percentile(r.scanMs.slice(0, ENDS), 95);
  const end = percentile(r.scanMs.slice(-ENDS), 95);
  const shift = `${r.packs.toLocaleString('en-US')} packs in ${Math.round(r.seconds)} s, ${r.printed.toLocaleString('en-US')} labels printed, ${r.refusedCount} refused, ${r.segments} journal segments`;
  if (r.printed + r.refusedCount < r.packs) throw new Error(`soak: only ${r.printed} labels printed of ${r.packs} (${r.refused.join('; ')})`);
  return [
    { area: 'Station', name: `long shift: peak resident memory of the station process (${shift})`, value: peak, unit: 'MB', target: `≤ ${RSS_LIMIT_MB} MB`, pass: peak <= RSS_LIMIT_MB },
    {
      area: 'Station',
      name: `long shift: memory trend over the second half (least-squares slope; mean ${halfMean.toFixed(0)} MB)`,
      value: slope,
      unit: 'MB per 1,000 packs',
      target: `no upward trend (≤ ${(TREND_LIMIT * 100).toFixed(0)}% of the mean per 1,000 packs)`,
      pass: slope <= TREND_LIMIT * halfMean,
    },
    {
      area: 'Station',
      name: `long shift: desk scan handling (PackDesk.scan + journal fdatasync, station side), p95 of the last ${ENDS} scans`,
      value: end,
      unit: 'ms',
      target: 'as at the start (≤ 1.25x, or + 2 ms)',
      pass: end <= Math.max(1.25 * start, start + 2),
      baseline: { name: `the first ${ENDS} scans of the shift`, value: start, unit: 'ms' },
    },
  ];
}
