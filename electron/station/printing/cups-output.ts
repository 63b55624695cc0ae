// Parsers for the text CUPS' command-line tools print. The backend runs them with LC_ALL=C, so
// these are the C-locale messages of CUPS 2.x (cups/locale, lpstat.c and lp.c).
import type { PrinterState } from './printer-backend.js';

export interface CupsPrinterLine {
  name: string;
  state: Exclude<PrinterState, 'missing'>;
  /** The reason CUPS gives (cupsdisable -r, "Rejecting Jobs", paper out ...), if any. */
  reason: string;
  accepting: boolean;
}

/** `request id is PDF-12 (1 file(s))` -> `PDF-12`. */
export function parseRequestId(stdout: string): string | undefined {
  return /request id is (\S+)/.exec(stdout)?.[1];
}

/** `lpstat -e`: one destination per line. */
export function parseDestinations(stdout: string): string[] {
  return stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** `system default destination: PDF` or `no system default destination`. */
export function parseDefaultDestination(stdout: string): string | undefined {
  return /^system default destination: (\S+)/m.exec(stdout)?.[1];
}

/**
 * `lpstat -p [-a]`: printer blocks ("printer PDF is idle.  enabled since ...", "printer PDF now
 * printing PDF-9. ...", "printer PDF disabled since ... -" with tab-indented reason lines) and,
 * with -a, acceptance lines ("PDF accepting requests since ...", "PDF not accepting requests ...").
 */
export function parsePrinterLines(stdout: string): Map<string, CupsPrinterLine> {
  const printers = new Map<string, CupsPrinterLine>();
  let current: CupsPrinterLine | undefined;
  for (const line of stdout.split('\n')) {
    if (line.startsWith('\t') || line.startsWith('  ')) {
      const reason = line.trim();
      if (current && reason) current.reason = current.reason ? `${current.reason}; ${reason}` : reason;
      continue;
    }
    current = undefined;
    const printer = /^printer (\S+) (is idle|now printing|disabled)/.exec(line);
    if (printer) {
      const name = printer[1];
      const state = printer[2] === 'is idle' ? 'idle' : printer[2] === 'now printing' ? 'printing' : 'stopped';
      const existing = printers.get(name);
      current = { name, state, reason: '', accepting: existing?.accepting ?? true };
      printers.set(name, current);
      continue;
    }
    const acceptance = /^(\S+) (not accepting|accepting) requests/.exec(line);
    if (acceptance) {
      const name = acceptance[1];
      const entry = printers.get(name) ?? { name, state: 'idle' as const, reason: '', accepting: true };
      entry.accepting = acceptance[2] === 'accepting';
      printers.set(name, entry);
      // Reason lines under "not accepting" repeat the printer's reason; do not double it.
      current = undefined;
    }
  }
  return printers;
}

/** `lpstat -o` / `lpstat -W completed -o`: the first column is the job id. */
export function parseJobIds(stdout: string): Set<string> {
  const ids = new Set<string>();
  for (const line of stdout.split('\n')) {
    if (!line || /^\s/.test(line)) continue;
    const id = line.split(/\s+/)[0];
    if (id) ids.add(id);
  }
  return ids;
}

/** `PDF-DOCS-12` -> `PDF-DOCS`: CUPS job ids are the destination, a dash and a number. */
export function destinationOfJob(jobId: string): string | undefined {
  return /^(.+)-\d+$/.exec(jobId)?.[1];
}

/** Is a failed command telling us the destination does not exist? */
export function isUnknownDestination(output: string): boolean {
  return /Invalid destination name|does not exist|Unknown destination|No destinations added/i.test(output);
}

export function isNotAccepting(output: string): boolean {
  return /not accepting jobs/i.test(output);
}

export function isSchedulerDown(output: string): boolean {
  return /scheduler is not running|Unable to connect to server|Bad file descriptor|Connection refused/i.test(output);
}
