// Where a scan goes. Serial scanners (the 'device.scan' event) and keyboard-wedge scanners both
// arrive here, are classified by the same shared classifier, and go where the packer is:
// - a focused text field other than the Pack screen's "Scan" field takes the code (the wedge
//   listener leaves a wedge scan in it; a serial scan is put into it here);
// - otherwise the screen that takes scans (useScanTarget): Pack opens or verifies, Dispatch marks
//   ready to dispatch, Returns receives;
// - with no such screen, a scan on Queue or Print opens it on Pack; Setup, Listings and Activity
//   do not jump away: the status line says where the scan can go.
// A scanner's double read (the same code again within settings.scan.debounceMs) counts once and
// is said, never dropped in silence.
import { useEffect, useRef } from 'react';
import { classifyScan, type ClassifiedScan } from '../../../shared/barcodes.js';
import { garbledWords } from '../../../shared/garbled-scan.js';
import { isBadgeCode } from '../../../shared/operators.js';
import { tr } from '../i18n/i18n.js';
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

/** Screens where a scan with nowhere else to go opens Pack: a label scanned there means "pack this". */
const SCREENS_OPENING_PACK: readonly string[] = ['pack', 'queue', 'print'];

const targets: Target[] = [];
let parked: ScanInput | undefined;
let lastWedge: { value: string; at: number } | undefined;

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** The focused text field that takes codes, unless it is the Pack screen's own scan field. */
function focusedCodeField(): TextField | undefined {
  const el = typeof document === 'undefined' ? null : document.activeElement;
  if (!el || (el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA')) return undefined;
  const field = el as TextField;
  if (field.dataset.scanField !== undefined || field.readOnly || field.disabled) return undefined;
  if (field.tagName === 'INPUT' && !['text', 'search', 'number', 'tel', 'url', 'email', ''].includes((field as HTMLInputElement).type)) return undefined;
  return field;
}

/**
 * Puts a serial scanner's code into a field the way a wedge scanner types it: the code, then
 * Enter (a form is submitted, a field that acts on Enter acts), so both scanners behave alike.
 */
function typeInto(field: TextField, code: string): void {
  const proto = field.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, code);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
  const handled = !field.dispatchEvent(enter);
  if (!handled && field.form) field.form.requestSubmit();
}

let badgeScan: ((code: string) => void) | undefined;

/** Who takes operator badge scans (the app shell signs the operator in); returns the unsubscribe. */
export function onBadgeScan(handler: (code: string) => void): () => void {
  badgeScan = handler;
  return () => {
    if (badgeScan === handler) badgeScan = undefined;
  };
}

const doubleReadListeners = new Set<(text: string) => void>();

/** Follows ignored double reads (the Pack screen keeps the last one in view); returns the unsubscribe. */
export function onDoubleRead(listener: (text: string) => void): () => void {
  doubleReadListeners.add(listener);
  return () => doubleReadListeners.delete(listener);
}

function doubleRead(value: string, windowMs: number): void {
  const text = `Scanner double read: ${value} came twice within ${windowMs} ms, so it counts once. If there are two units, scan the second one again.`;
  say('info', text);
  for (const listener of doubleReadListeners) listener(text);
}

/**
 * Hands a scan to where the packer is. A garbled scan is refused here, in words, the same way
 * for every scanner. `doubleReadMs`: the serial scanner already judged this a double read.
 */
export function routeScan(raw: string, source: ScanSource, now: number = Date.now(), doubleReadMs?: number): void {
  const scan = classifyScan(raw);
  if (scan.kind === 'garbled') {
    // In the desk's language, and its spoken word chosen by the sentence's key.
    const words = garbledWords(scan.value);
    say('error', tr(words.key, words.params ?? {}));
    playSound('failure', { sentences: [words] });
    return;
  }
  if (doubleReadMs !== undefined) return doubleRead(scan.value, doubleReadMs);
  if (source === 'wedge') {
    // Serial scanners are judged in the station; wedge scanners here, with the same window.
    const { debounceMs } = useAppStore.getState().settings.scan;
    const repeat = lastWedge && lastWedge.value === scan.value && now - lastWedge.at < debounceMs;
    lastWedge = { value: scan.value, at: now };
    if (repeat) return doubleRead(scan.value, debounceMs);
  }
  // An operator's badge signs in wherever it is scanned, before anything takes it for a product.
  if (badgeScan && isBadgeCode(scan.value)) return badgeScan(scan.value.trim().toUpperCase());
  if (source === 'serial') {
    const field = focusedCodeField();
    if (field) return typeInto(field, scan.value);
  }
  const input: ScanInput = { raw, source, scan };
  const target = targets[targets.length - 1];
  if (target) {
    target.current(input);
    return;
  }
  const screen = useAppStore.getState().screen;
  if (!SCREENS_OPENING_PACK.includes(screen)) {
    say('info', `Scanned ${scan.value}. This screen does not take scans: click a field to put the code in it, or press Alt+1 to pack it.`);
    return;
  }
  parked = input;
  useAppStore.getState().go('pack');
}

/**
 * A keyboard-wedge burst that never got its ending key (wedge.ts): nothing was scanned, and the
 * packer is told so in words and with the failure sound and "scan again", wherever the focus is.
 */
export function scanIncomplete(part: string): void {
  say('error', tr('pack.scanIncomplete', { part }));
  playSound('failure', { word: 'scanAgain' });
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
