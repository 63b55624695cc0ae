// A wave claim's walk reads its candidates only as far as the windows it sends: a desk's work per
// claim is the size of its windows, not of a queue of thousands (most of it packed or held by
// other desks). Pure: the candidate list is watched for which places are read.
import { describe, expect, it } from 'vitest';
import { WaveMemory, WINDOW_FACTOR } from '../../electron/station/warehouse/wave-window.js';

const NOW = Date.parse('2026-11-24T05:00:00Z');

/** The candidates, with every place read noted. */
function watched(ids: string[]): { list: readonly string[]; read: Set<number> } {
  const read = new Set<number>();
  const list = new Proxy(ids, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, read };
}

const queue = (n: number) => Array.from({ length: n }, (_, i) => `Q-${String(i).padStart(5, '0')}`);

describe('a wave claim walk', () => {
  it("reads no further than a desk's first window (twice as wide), then one window at a time", () => {
    const memory = new WaveMemory();
    const { list, read } = watched(queue(20_000));
    const walk = memory.walk(list, NOW);
    const first = walk.window(20, new Set());
    expect(first).toEqual({ ids: queue(20 * WINDOW_FACTOR * 2), held: false });
    expect(Math.max(...read)).toBe(20 * WINDOW_FACTOR * 2 - 1);
    // Nothing claimed of it: the next window is twice the base, from where the first ended.
    const second = walk.window(20, new Set());
    expect(second.ids[0]).toBe(queue(161)[160]);
    expect(second.ids).toHaveLength(20 * WINDOW_FACTOR * 2);
    expect(read.size).toBe(20 * WINDOW_FACTOR * 4);
  });

  it('skips a leading run known packed without reading it again, and sends a duplicate once', () => {
    const memory = new WaveMemory();
    const ids = queue(5_000);
    memory.notePacked(ids.slice(0, 3_000));
    memory.note(NOW, [], [], { ids: [], until: NOW });
    const { list, read } = watched(ids);
    memory.walk(list, NOW);
    // The first walk of a list finds the packed run; the next walk of the same list starts after it.
    read.clear();
    const walk = memory.walk(list, NOW);
    const { ids: sent } = walk.window(10, new Set());
    expect(sent[0]).toBe(ids[3_000]);
    expect(Math.min(...read)).toBe(3_000);

    const twice = new WaveMemory().walk(['A', 'B', 'A', 'C', 'B'], NOW);
    expect(twice.window(5, new Set()).ids).toEqual(['A', 'B', 'C']);
  });

  it('answers in candidate order, held ones included in their place', () => {
    const memory = new WaveMemory();
    const ids = queue(1_000);
    // Seen held (by another desk) until a minute from now: left to the last look.
    memory.note(NOW, [], [{ id: ids[1]!, until: NOW + 60_000 }], { ids: [], until: NOW });
    const walk = memory.walk(ids, NOW);
    const got = new Set<string>();
    let window = walk.window(1, got);
    while (!window.held) window = walk.window(1, got);
    expect(window.ids).toEqual([ids[1]]);
    // Claimed in any order (the database answers as it likes), told back in the candidates' order.
    expect(walk.inOrder(new Set([ids[900]!, ids[1]!, ids[0]!]))).toEqual([ids[0], ids[1], ids[900]]);
  });
});
