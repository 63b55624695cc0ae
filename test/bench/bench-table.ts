// One row of the benchmark table: a measured value beside the target it must meet and, where
// there is one, the baseline measured in the same run (round-trip floor, a naive client, poppler).
export interface BenchRow {
  area: string;
  name: string;
  value: number;
  unit: string;
  /** The target from the requirements, in words, e.g. '≥ 2,000/s' or '≤ 2x pdfunite'. */
  target: string;
  /** Whether the measured value meets the target. */
  pass: boolean;
  baseline?: { name: string; value: number; unit: string };
}

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n < 10 ? 2 : 1));

export function renderTable(rows: readonly BenchRow[], when: Date, machine: string): string {
  const lines = [
    `Measured ${when.toISOString().slice(0, 10)} on ${machine} by \`npm run bench\`.`,
    '',
    '| Area | Measure | Result | Target | Baseline (same run) | Meets target |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const baseline = r.baseline ? `${r.baseline.name}: ${fmt(r.baseline.value)} ${r.baseline.unit}` : '—';
    lines.push(`| ${r.area} | ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.target} | ${baseline} | ${r.pass ? 'yes' : '**no**'} |`);
  }
  return lines.join('\n');
}
