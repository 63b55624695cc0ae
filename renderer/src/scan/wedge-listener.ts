// The window-wide keyboard-wedge listener. It listens in the capture phase and lets every key
// through: a person's typing is never held back. Only when the timing proves a scanner does it
// act, and where the scan goes depends on the focus (scans go where the packer is):
// - a text field (a search box, a form field, a test readout, the weight field) keeps the scan as
//   typed, Enter included, exactly as if the packer had typed it: the field's screen decides;
//   except a code no field keeps (passOn: an operator's badge), which the field gives back;
// - the Pack screen's "Scan" field (data-scan-field) holds nothing but the scan: its whole
//   content is the scan, handed on, and the terminating key is swallowed;
// - anything else (a button, nothing) hands the scan on without pressing what has the focus.
// A scanner's burst whose ending key never comes (wedge.ts) is not a scan: what it left in the
// scan field is taken out and onIncomplete says so; a text field keeps what was typed into it.
import { WedgeDetector, type WedgeOptions } from './wedge.js';

type TextField = HTMLInputElement | HTMLTextAreaElement;

interface FieldSnapshot {
  field: TextField;
  value: string;
}

export interface WedgeListenerOptions {
  options: () => WedgeOptions;
  onScan: (raw: string) => void;
  /** A scanner's burst ended without its ending key: nothing was scanned, the packer scans again. */
  onIncomplete?: (raw: string) => void;
  /** Codes no text field keeps (an operator's badge): the field gets back what it had and the code is handed on. */
  passOn?: (raw: string) => boolean;
  /** The time of a key; the event's own timestamp by default (immune to a busy main thread). */
  now?: (event: KeyboardEvent) => number;
}

function isTextField(el: Element | null): el is TextField {
  if (!el) return false;
  if (el.tagName === 'TEXTAREA') return true;
  if (el.tagName !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return ['text', 'search', 'number', 'tel', 'url', 'email', 'password', ''].includes(type);
}

/** Sets a field's value so React's controlled inputs see the change too. */
function restoreField({ field, value }: FieldSnapshot): void {
  if (!field.isConnected || field.value === value) return;
  const proto = field.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  // The prototype's setter goes around React's value tracking, so React sees the change and
  // updates its state from the input event.
  if (setter) setter.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  // The plain assignment then tells anything else watching the field (editing helpers, input
  // methods) that its value was set; for React it is no change.
  field.value = value;
}

function eventTime(event: KeyboardEvent): number {
  return event.timeStamp > 0 ? event.timeStamp : performance.now();
}

/** The listening windows' ways to drop the burst in progress. */
const forgetters = new Set<() => void>();

/**
 * A key the page took as a command (a digit answering "which product is this?"): it is not the
 * first character of a scan, so the burst it began is dropped and never joins the scan after it.
 */
export function keyTakenAsCommand(): void {
  for (const forget of forgetters) forget();
}

export function listenForWedgeScans(win: Window, { options, onScan, onIncomplete = () => undefined, passOn = () => false, now = eventTime }: WedgeListenerOptions): () => void {
  const detector = new WedgeDetector(options());
  let snapshot: FieldSnapshot | undefined;
  let silence: ReturnType<typeof setTimeout> | undefined;

  const finish = (raw: string) => {
    const active = win.document.activeElement;
    if (isTextField(active) && active.dataset.scanField === undefined && !passOn(raw)) {
      // The focused field takes the code: it stays there, and nothing else acts on it.
      snapshot = undefined;
      return;
    }
    if (isTextField(active) && active.dataset.scanField !== undefined) {
      // A scan field holds nothing but the code being scanned: its whole content is the scan,
      // even if a stall in the page split the burst in two.
      const whole = active.value.trim();
      restoreField({ field: active, value: '' });
      snapshot = undefined;
      onScan(whole.length >= raw.length ? whole : raw);
      return;
    }
    if (snapshot) restoreField(snapshot);
    snapshot = undefined;
    onScan(raw);
  };

  const giveUp = (raw: string) => {
    const active = win.document.activeElement;
    const kept = snapshot;
    snapshot = undefined;
    // Typing into a field is the packer's own: the field keeps it, nothing is said.
    if (isTextField(active) && active.dataset.scanField === undefined && !passOn(raw)) return;
    if (kept) restoreField(kept);
    onIncomplete(raw);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.ctrlKey || event.altKey || event.metaKey) {
      // Shortcuts and input methods are a person at the keyboard.
      detector.reset();
      return;
    }
    detector.setOptions(options());
    const at = now(event);
    // A burst left unfinished longer than the detector waits (its timer may not have run yet on a
    // busy page) is given up before this key starts anything.
    const stale = detector.idle(at);
    if (stale.kind === 'incomplete') giveUp(stale.raw);
    if (stale.kind === 'scan') finish(stale.raw);
    const step = detector.key(event.key, at);
    if (step.kind === 'burst' && step.length === 1) {
      // keydown comes before the character lands: this is the field as it was before the burst.
      const active = win.document.activeElement;
      snapshot = isTextField(active) ? { field: active, value: active.value } : undefined;
    }
    if (step.kind === 'scan') {
      const active = win.document.activeElement;
      const fieldKeepsIt = isTextField(active) && active.dataset.scanField === undefined && !passOn(step.raw);
      if (!fieldKeepsIt && (event.key === 'Enter' || event.key === 'Tab')) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
      finish(step.raw);
    }
    if (silence !== undefined) clearTimeout(silence);
    silence = undefined;
    if (detector.pending) {
      const wait = detector.patienceMs + 1;
      silence = setTimeout(() => {
        const ended = detector.idle(at + wait);
        if (ended.kind === 'scan') finish(ended.raw);
        if (ended.kind === 'incomplete') giveUp(ended.raw);
      }, wait);
    }
  };

  // A scanner never uses the mouse: a click means a person, and keys before it were typing.
  const onPointer = () => detector.reset();

  const forget = () => {
    detector.reset();
    snapshot = undefined;
  };
  forgetters.add(forget);
  win.addEventListener('keydown', onKeyDown, true);
  win.addEventListener('mousedown', onPointer, true);
  return () => {
    forgetters.delete(forget);
    win.removeEventListener('keydown', onKeyDown, true);
    win.removeEventListener('mousedown', onPointer, true);
    if (silence !== undefined) clearTimeout(silence);
  };
}
