// The frame worker's hold while a scan is answered: frames wait, then go on in order; none is
// lost, and a desk that never pauses is still filmed. The clock and the timer are the test's.
import { describe, expect, it } from 'vitest';
import { FrameHold } from '../../renderer/src/video/frame-hold.js';

function harness(maxHeld = 4) {
  let now = 0;
  const timers: { at: number; fn: () => void; live: boolean }[] = [];
  const delivered: number[][] = [];
  const hold = new FrameHold<number>((frames) => delivered.push(frames), {
    maxHeld,
    now: () => now,
    setTimer: (fn, ms) => {
      const t = { at: now + ms, fn, live: true };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      if (t) (t as { live: boolean }).live = false;
    },
  });
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers) {
      if (t.live && t.at <= now) {
        t.live = false;
        t.fn();
      }
    }
  };
  return { hold, delivered, advance };
}

describe('frames held back while the desk answers a scan', () => {
  it('passes frames straight on when no key came', () => {
    const { hold, delivered } = harness();
    hold.offer(1);
    hold.offer(2);
    expect(delivered).toEqual([[1], [2]]);
  });

  it('holds frames during the hold and hands them on in order when it ends, before any later frame', () => {
    const { hold, delivered, advance } = harness();
    hold.offer(1);
    hold.hold(150);
    hold.offer(2);
    advance(66);
    hold.offer(3);
    expect(delivered).toEqual([[1]]);
    advance(90);
    expect(delivered).toEqual([[1], [2, 3]]);
    hold.offer(4);
    expect(delivered.flat()).toEqual([1, 2, 3, 4]);
  });

  it('extends the hold with every key of a burst', () => {
    const { hold, delivered, advance } = harness();
    hold.hold(150);
    hold.offer(1);
    advance(100);
    hold.hold(150);
    advance(100);
    hold.offer(2);
    expect(delivered).toEqual([]);
    advance(60);
    expect(delivered).toEqual([[1, 2]]);
  });

  it('lets the oldest frame go on past the most it may hold, so a desk that never pauses is still filmed', () => {
    const { hold, delivered } = harness(2);
    hold.hold(10_000);
    for (const f of [1, 2, 3, 4]) hold.offer(f);
    expect(delivered).toEqual([[1], [2]]);
    expect(hold.holding).toBe(2);
    hold.release();
    expect(delivered.flat()).toEqual([1, 2, 3, 4]);
  });
});
