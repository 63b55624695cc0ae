// @vitest-environment happy-dom
// Keyboard-wedge scanners told apart from people by timing: a 30-character scan at 3 ms per key
// is one scan, whole, wherever the focus is; typing at a person's pace is never taken for a scan
// and never loses a character.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WedgeDetector, type WedgeOptions } from '../../renderer/src/scan/wedge.js';
import { listenForWedgeScans } from '../../renderer/src/scan/wedge-listener.js';

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

  function setup() {
    const clock = pacedClock();
    const scans: string[] = [];
    const submitted = vi.fn();
    const clicked = vi.fn();
    render(
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
      </form>,
    );
    stop = listenForWedgeScans(window, { options: () => OPTIONS, onScan: (raw) => scans.push(raw), now: clock.now });
    return { clock, scans, submitted, clicked, user: userEvent.setup({ delay: null }) };
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
});
