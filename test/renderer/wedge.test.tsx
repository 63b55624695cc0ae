// @vitest-environment happy-dom
// Keyboard-wedge scanners told apart from people by timing: a 30-character scan at 3 ms per key
// is one scan, whole, wherever the focus is, even when a busy machine stalls it in the middle;
// only its Enter ends it, and a burst whose Enter never comes is said to be incomplete, never
// handed on; typing at a person's pace is never taken for a scan and never loses a character.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEDGE_PAUSE_GRACE_MS, WedgeDetector, type WedgeOptions } from '../../renderer/src/scan/wedge.js';
import { keyTakenAsCommand, listenForWedgeScans } from '../../renderer/src/scan/wedge-listener.js';

const OPTIONS: WedgeOptions = { maxInterKeyMs: 35, minLength: 4, terminator: 'Enter' };
const CODE30 = 'SH12345678901234ABCDEFGHIJKLMN'; // 30 characters

function feed(detector: WedgeDetector, keys: string[], start: number, stepMs: number) {
  return keys.map((k, i) => detector.key(k, start + i * stepMs));
}

describe('WedgeDetector', () => {
  it('returns a 30-character scan at 3 ms per key as one scan, not dropped and not split', () => {
    const d = new WedgeDetector(OPTIONS);
    const steps = feed(d, [...CODE30, 'Enter'], 1000, 3);
    const scans = steps.filter((s) => s.kind === 'scan');
    expect(scans).toEqual([{ kind: 'scan', raw: CODE30 }]);
    expect(steps.slice(0, 30).every((s) => s.kind === 'burst')).toBe(true);
  });

  it('keeps capitals typed with Shift in one scan', () => {
    const d = new WedgeDetector(OPTIONS);
    const keys = ['Shift', 'S', 'Shift', 'H', '1', '2', '3', 'Enter'];
    expect(feed(d, keys, 0, 3).at(-1)).toEqual({ kind: 'scan', raw: 'SH123' });
  });

  it('does not take typing at 120 ms per key for a scan', () => {
    const d = new WedgeDetector(OPTIONS);
    const steps = feed(d, [...'SH12345678901234', 'Enter'], 0, 120);
    expect(steps.some((s) => s.kind === 'scan')).toBe(false);
    expect(steps.at(-1)).toEqual({ kind: 'pass' });
  });

  it('does not take a short fast burst (below the minimum length) for a scan', () => {
    const d = new WedgeDetector(OPTIONS);
    expect(feed(d, ['a', 'b', 'Enter'], 0, 5).at(-1)).toEqual({ kind: 'pass' });
  });

  it('starts a scan afresh after slow typing, so the typed letters do not get into the code', () => {
    const d = new WedgeDetector(OPTIONS);
    feed(d, ['x', 'y'], 0, 150);
    const steps = feed(d, [...'SKU-998877', 'Enter'], 1000, 3);
    expect(steps.at(-1)).toEqual({ kind: 'scan', raw: 'SKU-998877' });
  });

  it('drops a burst interrupted by Backspace: that is a person editing', () => {
    const d = new WedgeDetector(OPTIONS);
    feed(d, ['a', 'b', 'c', 'd'], 0, 3);
    d.key('Backspace', 12);
    expect(d.key('Enter', 15)).toEqual({ kind: 'pass' });
  });

  it('with no terminator, ends the scan on silence', () => {
    const d = new WedgeDetector({ ...OPTIONS, terminator: 'none' });
    feed(d, [...'ABCDEF'], 0, 3);
    expect(d.idle(20)).toEqual({ kind: 'pass' });
    expect(d.idle(100)).toEqual({ kind: 'scan', raw: 'ABCDEF' });
  });

  it('keeps a burst with a 150 ms pause in the middle whole: the Enter at its end makes it one scan', () => {
    const d = new WedgeDetector(OPTIONS);
    const first = feed(d, [...'SH1234567'], 0, 3);
    const rest = feed(d, [...'8901234', 'Enter'], 24 + 150, 3);
    expect([...first, ...rest].filter((s) => s.kind === 'scan')).toEqual([{ kind: 'scan', raw: 'SH12345678901234' }]);
  });

  it('keeps a burst whole across several stalls of a loaded machine, the last one right before Enter', () => {
    const d = new WedgeDetector(OPTIONS);
    feed(d, [...'000'], 0, 3);
    feed(d, [...'15ABC'], 300, 3);
    feed(d, [...'DEFGH'], 900, 3);
    expect(d.key('Enter', 1400)).toEqual({ kind: 'scan', raw: '00015ABCDEFGH' });
  });

  it('never takes a burst without its Enter for a scan: after the grace it is incomplete', () => {
    const d = new WedgeDetector(OPTIONS);
    const steps = feed(d, [...'SH12345678901234'], 0, 3);
    expect(steps.every((s) => s.kind === 'burst')).toBe(true);
    // A pause is not the end: within the grace nothing happens.
    expect(d.idle(45 + WEDGE_PAUSE_GRACE_MS)).toEqual({ kind: 'pass' });
    expect(d.idle(46 + WEDGE_PAUSE_GRACE_MS)).toEqual({ kind: 'incomplete', raw: 'SH12345678901234' });
    // Its Enter, coming after all, is a plain key: no scan of what is left.
    expect(d.key('Enter', 3000)).toEqual({ kind: 'pass' });
  });

  it('says nothing is incomplete about typing at a person’s pace that stops without Enter', () => {
    const d = new WedgeDetector(OPTIONS);
    feed(d, [...'SH123456'], 0, 120);
    expect(d.idle(840 + WEDGE_PAUSE_GRACE_MS + 1)).toEqual({ kind: 'pass' });
  });

  it('does not join slow typing and a scan after it into one code', () => {
    const d = new WedgeDetector(OPTIONS);
    feed(d, [...'xyz'], 0, 150);
    // The scan comes within the grace, but the keys before it came at a person's pace.
    const steps = feed(d, [...'SKU-998877', 'Enter'], 700, 3);
    expect(steps.at(-1)).toEqual({ kind: 'scan', raw: 'SKU-998877' });
  });

  it('keeps a first key stalled on its own with the rest of the burst (a loaded machine stalls right after it)', () => {
    const d = new WedgeDetector(OPTIONS);
    expect(d.key('S', 0)).toEqual({ kind: 'burst', length: 1 });
    const steps = feed(d, [...'H00000000000015', 'Enter'], 120, 3);
    expect(steps.at(-1)).toEqual({ kind: 'scan', raw: 'SH00000000000015' });
  });

  it('with a Tab terminator, Enter is not the end of a scan', () => {
    const d = new WedgeDetector({ ...OPTIONS, terminator: 'Tab' });
    feed(d, [...'ABCDEF'], 0, 3);
    expect(d.key('Tab', 20)).toEqual({ kind: 'scan', raw: 'ABCDEF' });
  });
});

describe('listenForWedgeScans', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    cleanup();
    vi.useRealTimers();
  });

  /** A clock that moves by `step` ms at every keydown: the pace of a scanner or of a person. */
  function pacedClock() {
    let t = 0;
    const clock = {
      step: 3,
      now: () => (t += clock.step),
      /** The packer stops typing, then scans. */
      pause: (ms: number) => void (t += ms),
    };
    return clock;
  }

  /**
   * Keys as a keyboard sends them, without user-event (whose async wrapper waits on a timer the
   * fake timers hold): the keydown, then the character lands in the focused field unless stopped.
   */
  function press(keys: string) {
    for (const key of keys) {
      const target = document.activeElement ?? document.body;
      const landed = target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      if (landed && target instanceof HTMLInputElement) target.value += key;
    }
  }

  function setup() {
    const clock = pacedClock();
    const scans: string[] = [];
    const incomplete: string[] = [];
    const submitted = vi.fn();
    const clicked = vi.fn();
    render(
      <>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitted();
          }}
        >
          <label>
            Note
            <input type="text" />
          </label>
          <button type="button" onClick={clicked}>
            Print
          </button>
        </form>
        <label>
          Scan
          <input type="text" data-scan-field="" />
        </label>
      </>,
    );
    stop = listenForWedgeScans(window, { options: () => OPTIONS, onScan: (raw) => scans.push(raw), onIncomplete: (raw) => incomplete.push(raw), now: clock.now });
    return { clock, scans, incomplete, submitted, clicked, user: userEvent.setup({ delay: null }) };
  }

  it('leaves a scan in the focused text field, Enter included: the field takes the code', async () => {
    const { clock, scans, submitted, user } = setup();
    const field = screen.getByLabelText('Note') as HTMLInputElement;
    await user.click(field);
    clock.step = 120;
    await user.keyboard('hello ');
    clock.pause(500);
    clock.step = 3;
    await user.keyboard(`${CODE30}{Enter}`);
    // Not handed on as a scan elsewhere: the field has it, and its Enter reached the form.
    expect(scans).toEqual([]);
    expect(field.value).toBe(`hello ${CODE30}`);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('leaves a fast four-key entry in a weight field, and its Enter', async () => {
    const { clock, scans, submitted, user } = setup();
    const field = screen.getByLabelText('Note') as HTMLInputElement;
    await user.click(field);
    clock.step = 3;
    await user.keyboard('1.25{Enter}');
    expect(scans).toEqual([]);
    expect(field.value).toBe('1.25');
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('leaves typing at a person’s pace in the field, Enter included', async () => {
    const { clock, scans, submitted, user } = setup();
    const field = screen.getByLabelText('Note') as HTMLInputElement;
    await user.click(field);
    clock.step = 120;
    await user.keyboard('SH12345678901234{Enter}');
    expect(scans).toEqual([]);
    expect(field.value).toBe('SH12345678901234');
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('catches a scan while a button has the focus, without pressing the button', async () => {
    const { scans, clicked, user } = setup();
    screen.getByRole('button', { name: 'Print' }).focus();
    await user.keyboard(`${CODE30}{Enter}`);
    expect(scans).toEqual([CODE30]);
    expect(clicked).not.toHaveBeenCalled();
  });

  it('catches two scans in a row as two whole scans', async () => {
    const { scans, user } = setup();
    await user.keyboard(`${CODE30}{Enter}`);
    await user.keyboard('OD1234567890123456{Enter}');
    expect(scans).toEqual([CODE30, 'OD1234567890123456']);
  });

  it('hands on a burst with a 150 ms stall in the middle as one whole scan when its Enter comes', async () => {
    const { clock, scans, incomplete, clicked, user } = setup();
    screen.getByRole('button', { name: 'Print' }).focus();
    await user.keyboard('SH1234567');
    clock.pause(150);
    await user.keyboard('8901234{Enter}');
    expect(scans).toEqual(['SH12345678901234']);
    expect(incomplete).toEqual([]);
    expect(clicked).not.toHaveBeenCalled();
  });

  it('does not join a key the page took as a command (a digit answering a question) to the scan after it', async () => {
    const { clock, scans, user } = setup();
    screen.getByRole('button', { name: 'Print' }).focus();
    await user.keyboard('1');
    keyTakenAsCommand();
    clock.pause(200);
    await user.keyboard('8901234567890{Enter}');
    expect(scans).toEqual(['8901234567890']);
  });

  it('takes the whole code from the scan field across a stall, and empties the field', async () => {
    const { clock, scans, user } = setup();
    const field = screen.getByLabelText('Scan') as HTMLInputElement;
    await user.click(field);
    await user.keyboard('00015');
    clock.pause(400);
    await user.keyboard('6789012{Enter}');
    expect(scans).toEqual(['000156789012']);
    expect(field.value).toBe('');
  });

  it('never hands on a burst whose Enter does not come: after the grace it says so, and takes the part out of the scan field', () => {
    vi.useFakeTimers();
    const { scans, incomplete } = setup();
    const field = screen.getByLabelText('Scan') as HTMLInputElement;
    field.focus();
    press('00015');
    vi.advanceTimersByTime(WEDGE_PAUSE_GRACE_MS - 100);
    expect(incomplete).toEqual([]);
    expect(field.value).toBe('00015');
    vi.advanceTimersByTime(200);
    expect(incomplete).toEqual(['00015']);
    expect(scans).toEqual([]);
    expect(field.value).toBe('');
  });

  it('says nothing about a person’s typing in a field that stops without Enter, and the field keeps it', () => {
    vi.useFakeTimers();
    const { clock, scans, incomplete } = setup();
    for (const name of ['Note', 'Scan']) {
      const field = screen.getByLabelText(name) as HTMLInputElement;
      field.focus();
      clock.step = 120;
      press('SH12345');
      vi.advanceTimersByTime(WEDGE_PAUSE_GRACE_MS * 2);
      expect(field.value).toBe('SH12345');
    }
    expect(incomplete).toEqual([]);
    expect(scans).toEqual([]);
  });

  it('leaves an unfinished fast entry in a plain field as typed, without a word', () => {
    vi.useFakeTimers();
    const { scans, incomplete } = setup();
    const field = screen.getByLabelText('Note') as HTMLInputElement;
    field.focus();
    press('1.25');
    vi.advanceTimersByTime(WEDGE_PAUSE_GRACE_MS * 2);
    expect(field.value).toBe('1.25');
    expect(incomplete).toEqual([]);
    expect(scans).toEqual([]);
  });
});
