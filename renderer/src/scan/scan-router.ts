// Where a scan goes. Serial scanners (the 'device.scan' event) and keyboard-wedge scanners both
// arrive here, are classified by the same shared classifier, and are handed to the screen that
// is showing: Pack opens or verifies, Dispatch marks ready to dispatch, Returns receives.
// A screen takes scans with useScanTarget(handler) while it is mounted.
import { useEffect, useRef } from 'react';
import { classifyScan, type ClassifiedScan } from '../../../shared/barcodes.js';
import { say, useAppStore } from '../stores/app-store.js';
import { playSound } from '../sound/feedback-sound.js';

export type ScanSource = 'serial' | 'wedge' | 'typed';

export interface ScanInput {
  /** What the scanner sent, to pass on to the station as is. */
  raw: string;
  source: ScanSource;
  scan: Exclude<ClassifiedScan, { kind: 'garbled' }>;
}

export type ScanHandler = (input: ScanInput) => void;

interface Target {
  current: ScanHandler;
}

const targets: Target[] = [];
let parked: ScanInput | undefined;
let lastWedge: { value: string; at: number } | undefined;

/**
 * Hands a scan to the screen that is showing. A garbled scan is refused here, in words, the
 * same way for every scanner. With no screen taking scans the Pack screen opens with it: a
 * packer who scans a label on the Queue screen wants that shipment open.
 */
export function routeScan(raw: string, source: ScanSource, now: number = Date.now()): void {
  const scan = classifyScan(raw);
  if (scan.kind === 'garbled') {
    say('error', `That scan could not be read: ${scan.reason} Scan again.`);
    playSound('failure');
    return;
  }
  if (source === 'wedge') {
    // Serial scanners are debounced in the station; wedge scanners only here.
    const { debounceMs } = useAppStore.getState().settings.scan;
    if (lastWedge && lastWedge.value === scan.value && now - lastWedge.at < debounceMs) return;
    lastWedge = { value: scan.value, at: now };
  }
  const input: ScanInput = { raw, source, scan };
  const target = targets[targets.length - 1];
  if (target) {
    target.current(input);
    return;
  }
  parked = input;
  useAppStore.getState().go('pack');
}

/** Takes the scans while the calling component is mounted; the latest mounted screen wins. */
export function useScanTarget(handler: ScanHandler): void {
  const ref = useRef<Target>({ current: handler });
  ref.current.current = handler;
  useEffect(() => {
    const target = ref.current;
    targets.push(target);
    if (parked) {
      const input = parked;
      parked = undefined;
      target.current(input);
    }
    return () => {
      const i = targets.lastIndexOf(target);
      if (i >= 0) targets.splice(i, 1);
    };
  }, []);
}

/** Forgets parked scans and the debounce memory (tests). */
export function resetScanRouter(): void {
  parked = undefined;
  lastWedge = undefined;
}
