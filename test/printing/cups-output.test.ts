// The CUPS tool output the backend reads, as CUPS 2.4 prints it in the C locale.
import { describe, expect, it } from 'vitest';
import { destinationOfJob, isNotAccepting, isUnknownDestination, parseDefaultDestination, parseJobIds, parsePrinterLines, parseRequestId } from '../../electron/station/printing/cups-output.js';

describe('CUPS output', () => {
  it('reads the job id lp prints', () => {
    expect(parseRequestId('request id is PDF-12 (1 file(s))\n')).toBe('PDF-12');
    expect(parseRequestId('request id is PDF-DOCS-7 (1 file(s))\n')).toBe('PDF-DOCS-7');
    expect(parseRequestId('')).toBeUndefined();
    expect(destinationOfJob('PDF-DOCS-7')).toBe('PDF-DOCS');
  });

  it('reads idle, printing, disabled and rejecting printers with their reasons', () => {
    const out = [
      'printer PDF disabled since Sat Nov 21 05:14:36 2026 -',
      '\tPaper out',
      'printer PDF-DOCS now printing PDF-DOCS-9.  enabled since Sat Nov 21 05:18:20 2026',
      'printer Zebra is idle.  enabled since Sat Nov 21 05:18:20 2026',
      '\tRejecting Jobs',
      'PDF accepting requests since Sat Nov 21 05:14:36 2026',
      'PDF-DOCS accepting requests since Sat Nov 21 05:18:20 2026',
      'Zebra not accepting requests since Sat Nov 21 05:18:20 2026 -',
      '\tRejecting Jobs',
      'system default destination: PDF-DOCS',
    ].join('\n');
    const printers = parsePrinterLines(out);
    expect(printers.get('PDF')).toEqual({ name: 'PDF', state: 'stopped', reason: 'Paper out', accepting: true });
    expect(printers.get('PDF-DOCS')).toMatchObject({ state: 'printing', accepting: true });
    expect(printers.get('Zebra')).toMatchObject({ state: 'idle', accepting: false, reason: 'Rejecting Jobs' });
    expect(parseDefaultDestination(out)).toBe('PDF-DOCS');
    expect(parseDefaultDestination('no system default destination\n')).toBeUndefined();
  });

  it('reads job ids from lpstat -o, skipping the detail lines of -l', () => {
    const out = 'PDF-7                   root              2048   Sat Nov 21 05:14:36 2026\n\tAlerts: none\n\tqueued for PDF\nPDF-DOCS-8 root 2048 Sat Nov 21 05:14:47 2026\n';
    expect([...parseJobIds(out)]).toEqual(['PDF-7', 'PDF-DOCS-8']);
  });

  it('recognises a missing destination and a queue that rejects jobs', () => {
    expect(isUnknownDestination('lpstat: Invalid destination name in list "NOPE".')).toBe(true);
    expect(isUnknownDestination('lp: Error - The printer or class does not exist.')).toBe(true);
    expect(isNotAccepting('lp: Destination "PDF" is not accepting jobs.')).toBe(true);
    expect(isUnknownDestination('lp: Destination "PDF" is not accepting jobs.')).toBe(false);
  });
});
