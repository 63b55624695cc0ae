import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InvoiceSeries } from '../../../electron/station/packing/invoice-series.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  dirs.push(dir);
  return dir;
}
function clockAt(iso: string) {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => (now = new Date(next)) };
}

describe('invoice series', () => {
  it('numbers per financial year with the prefix, and dates the invoice today in IST', () => {
    const clock = clockAt('2027-03-31T18:29:00Z'); // 31 Mar 2027 23:59 IST
    const series = InvoiceSeries.open({ dir: tempDir(), clock, prefix: 'PS', autoInvoicing: false });
    expect(series.reserve('OD1')).toEqual({ orderId: 'OD1', invoiceNumber: 'PS/2026-27/00001', invoiceDate: '2027-03-31' });
    expect(series.reserve('OD2').invoiceNumber).toBe('PS/2026-27/00002');
    clock.set('2027-03-31T18:30:00Z'); // 1 Apr 2027 00:00 IST: a new year starts at 1
    expect(series.reserve('OD3')).toEqual({ orderId: 'OD3', invoiceNumber: 'PS/2027-28/00001', invoiceDate: '2027-04-01' });
  });

  it('keeps every number within the 16 characters GST allows, and refuses a prefix too long for that', () => {
    for (const prefix of ['P', 'PS', 'DK2']) {
      const series = InvoiceSeries.open({ dir: tempDir(), clock: clockAt('2026-11-21T10:00:00Z'), prefix, autoInvoicing: false });
      const n = series.reserve('OD1').invoiceNumber!;
      expect(n.length).toBeLessThanOrEqual(16);
      expect(n.startsWith(`${prefix}/2026-27/`)).toBe(true);
    }
    expect(() => InvoiceSeries.open({ dir: tempDir(), clock: clockAt('2026-11-21T10:00:00Z'), prefix: 'DESK', autoInvoicing: false })).toThrow(/at most 3 characters/);
  });

  it('gives no number with automatic invoicing, only the date', () => {
    const series = InvoiceSeries.open({ dir: tempDir(), clock: clockAt('2026-11-21T10:00:00Z'), prefix: 'PS', autoInvoicing: true });
    expect(series.reserve('OD1')).toEqual({ orderId: 'OD1', invoiceDate: '2026-11-21' });
  });

  it('gives a retried order its open number, and never reuses one after a restart', () => {
    const dir = tempDir();
    const clock = clockAt('2026-11-21T10:00:00Z');
    const first = InvoiceSeries.open({ dir, clock, prefix: 'PS', autoInvoicing: false });
    const a = first.reserve('OD1').invoiceNumber!;
    expect(first.reserve('OD1').invoiceNumber).toBe(a);
    const b = first.reserve('OD2').invoiceNumber!;
    first.markUsed(b);

    // "Crash": a new instance over the same directory, OD1's number neither used nor void.
    const second = InvoiceSeries.open({ dir, clock, prefix: 'PS', autoInvoicing: false });
    expect(second.pending().map((r) => r.invoiceNumber)).toEqual([a]);
    expect(second.reserve('OD3').invoiceNumber).toBe('PS/2026-27/00003');
    const voided = second.markVoid(a, 'Order cancelled before packing.');
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Order cancelled before packing.' });
    expect(second.reserve('OD1').invoiceNumber).toBe('PS/2026-27/00004');
    expect(() => second.markUsed(a)).toThrow(/already void/);
  });

  it('refuses a void without a reason and a prefix with the separator in it', () => {
    const series = InvoiceSeries.open({ dir: tempDir(), clock: clockAt('2026-11-21T10:00:00Z'), prefix: 'PS', autoInvoicing: false });
    const n = series.reserve('OD1').invoiceNumber!;
    expect(() => series.markVoid(n, ' ')).toThrow(/Say why/);
    expect(() => InvoiceSeries.open({ dir: tempDir(), clock: clockAt('2026-11-21T10:00:00Z'), prefix: 'P/S', autoInvoicing: false })).toThrow(/letters, digits/);
  });

  it('stops on a damaged file instead of numbering from 1 again', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'invoice-series.json'), '{"format":1,"counters":{"PS/2026-27":4');
    expect(() => InvoiceSeries.open({ dir, clock: clockAt('2026-11-21T10:00:00Z'), prefix: 'PS', autoInvoicing: false })).toThrow(/damaged.*not reset/);
  });

  it('after SIGKILL mid-series, every number handed out stays taken and the unused ones are pending', async () => {
    const dir = tempDir();
    const fixture = new URL('../journal/fixtures/reserve-invoices.ts', import.meta.url).pathname;
    const reserved = new Map<string, string>();
    const used = new Set<string>();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let buffer = '';
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdout.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const [kind, a, b] = line.split(' ');
          if (kind === 'R') reserved.set(b, a);
          if (kind === 'U') used.add(a);
        }
        if (reserved.size >= 150) child.kill('SIGKILL');
      });
      child.on('exit', (_c, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(stderr))));
    });
    const series = InvoiceSeries.open({ dir, clock: { now: () => new Date() }, prefix: 'PS', autoInvoicing: false });
    const kept = new Map(series.history().map((r) => [r.invoiceNumber, r]));
    for (const [number, orderId] of reserved) {
      expect(kept.get(number)?.orderId, number).toBe(orderId);
      if (used.has(number)) expect(kept.get(number)?.status).toBe('used');
    }
    const pending = new Set(series.pending().map((r) => r.invoiceNumber));
    for (const number of reserved.keys()) if (!used.has(number) && kept.get(number)?.status === 'reserved') expect(pending.has(number)).toBe(true);
    const fresh = series.reserve('OD-after').invoiceNumber!;
    expect(reserved.has(fresh)).toBe(false);
    const counter = (n: string) => Number(n.split('/')[2]);
    expect(counter(fresh)).toBeGreaterThan(Math.max(...[...reserved.keys()].map(counter)));
  }, 60_000);
});
