// Hindi is written in the floor's words: one word for a piece of goods everywhere (Pack, Queue,
// Returns, Activity, Setup), so a packer never wonders whether "नग" and "पीस" differ; and times
// without am/pm in Latin letters.
import { describe, expect, it } from 'vitest';
import { formatterFor } from '../../shared/i18n/format.js';
import hindi from '../../shared/i18n/locales/hi.json';

const texts = (o: unknown): string[] => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(texts) : []);

describe('Hindi floor words', () => {
  it('says पीस for pieces everywhere, never नग or यूनिट', () => {
    const all = texts(hindi);
    expect(all.filter((s) => /(^|[\s(])(नग|यूनिट)([\s:,।)]|$)/.test(s))).toEqual([]);
    expect(all.filter((s) => s.includes('पीस')).length).toBeGreaterThan(20);
  });

  it('writes hi-IN times in 24-hour form, with no am/pm in Latin letters', () => {
    // 24 Nov 2026 09:05 UTC is 14:35 in India.
    const at = Date.UTC(2026, 10, 24, 9, 5);
    const hi = formatterFor('hi-IN');
    for (const text of [hi.time(at), hi.timeSeconds(at), hi.shortDateTime(at), hi.dateTime(at)]) {
      expect(text).toContain('14:35');
      expect(text).not.toMatch(/[ap]\.?m\.?/i);
    }
    expect(hi.dateTime(at)).toMatch(/^24 नव.* 2026, 14:35$/);
  });
});
