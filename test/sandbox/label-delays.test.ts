// The sandbox's label delays: one fixed value for tests, or the spec's spread (§ Limits: usually
// 5 to 10 s, up to 30 minutes) drawn from a seed, the same seed giving the same delays.
import { describe, expect, it } from 'vitest';
import { LABEL_DELAY_SPREAD, labelDelays } from '../../electron/sandbox/world/label-delays.js';
import { World } from '../../electron/sandbox/world/world.js';
import { createClock } from '../../electron/sandbox/world/clock.js';

describe('label delays', () => {
  it('a fixed delay stays fixed, and a test can still change it', () => {
    const world = new World({ clock: createClock(() => 0), labelDelayMs: 0 });
    expect([world.nextLabelDelayMs(), world.nextLabelDelayMs()]).toEqual([0, 0]);
    world.labelDelayMs = 60_000;
    expect(world.nextLabelDelayMs()).toBe(60_000);
  });

  it('the spread: most within 5 to 10 s, some up to minutes, none outside the bands, the same for the same seed', () => {
    const draw = labelDelays({ spread: 'spec', seed: 7 });
    const delays = Array.from({ length: 5_000 }, draw);
    const again = labelDelays({ spread: 'spec', seed: 7 });
    expect(Array.from({ length: 5_000 }, again)).toEqual(delays);
    expect(Array.from({ length: 50 }, labelDelays({ spread: 'spec', seed: 8 }))).not.toEqual(delays.slice(0, 50));
    const usual = delays.filter((d) => d >= 5_000 && d <= 10_000).length / delays.length;
    expect(usual).toBeGreaterThan(0.87);
    expect(usual).toBeLessThan(0.93);
    expect(delays.some((d) => d > 60_000)).toBe(true);
    const lowest = LABEL_DELAY_SPREAD[0].fromMs;
    const highest = LABEL_DELAY_SPREAD[LABEL_DELAY_SPREAD.length - 1].toMs;
    expect(delays.every((d) => d >= lowest && d <= highest)).toBe(true);
  });

  it('a world with the spread draws its packs from it', () => {
    const world = new World({ clock: createClock(() => 0), labelDelayMs: 0, labelDelaySpreadSeed: 7 });
    const draw = labelDelays({ spread: 'spec', seed: 7 });
    expect([world.nextLabelDelayMs(), world.nextLabelDelayMs()]).toEqual([draw(), draw()]);
  });
});
