import { describe, expect, it } from 'vitest';
import { COMMON_ERROR_CODES, ErrorCode, PACK_ERROR_CODES, SEARCH_ERROR_CODES } from '../../../shared/api/error-codes.js';
import { adviceFor, ADVISED_ERROR_CODES } from '../../../electron/station/packing/pack-error-messages.js';

describe('pack error sentences (spec § Errors)', () => {
  it('every pack, common and search code has a sentence in words, not a bare code', () => {
    const all = [...PACK_ERROR_CODES, ...COMMON_ERROR_CODES, ...SEARCH_ERROR_CODES];
    expect([...ADVISED_ERROR_CODES].sort()).toEqual([...ErrorCode.options].sort());
    for (const code of all) {
      const advice = adviceFor(code);
      expect(advice.sentence, code).not.toMatch(/\b[A-Z]+(_[A-Z]+)+\b/); // no SHOUTING_CODE in the text
      expect(advice.sentence.split(' ').length, code).toBeGreaterThanOrEqual(8);
      expect(advice.sentence.trim().endsWith('.'), code).toBe(true);
    }
  });

  it('tells the packer to put a held shipment aside, and not to retry', () => {
    const advice = adviceFor('ITEM_ON_HOLD');
    expect(advice.sentence).toMatch(/hold shelf/);
    expect(advice).toMatchObject({ severity: 'block', retryable: false });
  });

  it('marks passing failures as retryable and warnings as warnings', () => {
    expect(adviceFor('DEPENDENT_SYSTEM_CALL_FAILED')).toMatchObject({ severity: 'retry', retryable: true });
    expect(adviceFor('DUPLICATE_PACK_REQUEST').retryable).toBe(true);
    expect(adviceFor('WEIGHT_ANOMALY_WARNING').severity).toBe('warn');
    expect(adviceFor('INVALID_IMEI_NUMBER')).toMatchObject({ severity: 'fix', retryable: false });
  });

  it('an unlisted code still gives a sentence carrying the marketplace message', () => {
    const advice = adviceFor('SOMETHING_NEW', 'Try later');
    expect(advice.sentence).toContain('"Try later"');
    expect(advice.sentence).not.toContain('SOMETHING_NEW');
  });
});
