// The scan classifier: what the packer's scan turns into, for every code the desk sees.
import { describe, expect, it } from 'vitest';
import { classifyScan, isValidEan13, isValidImei, isValidUpcA, MAX_SCAN_LENGTH, normalizeScan } from '../../shared/barcodes.js';

const GS = '\u001d';

describe('check-digit validators', () => {
  it('accepts IMEIs with a correct Luhn digit and refuses every other last digit', () => {
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('356938035643809')).toBe(true);
    for (let d = 0; d <= 9; d++) {
      if (d === 8) continue;
      expect(isValidImei('49015420323751' + d)).toBe(false);
    }
    expect(isValidImei('49015420323751')).toBe(false); // 14 digits
    expect(isValidImei('49015420323751A')).toBe(false);
  });

  it('validates EAN-13 check digits', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('9780306406157')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });

  it('validates UPC-A check digits', () => {
    expect(isValidUpcA('036000291452')).toBe(true);
    expect(isValidUpcA('012345678905')).toBe(true);
    expect(isValidUpcA('036000291453')).toBe(false);
    expect(isValidUpcA('03600029145')).toBe(false);
  });
});

describe('classifyScan', () => {
  it.each([
    ['490154203237518', { kind: 'imei', value: '490154203237518', valid: true }],
    ['490154203237519', { kind: 'imei', value: '490154203237519', valid: false }],
    ['4006381333931', { kind: 'ean13', value: '4006381333931' }],
    ['036000291452', { kind: 'upca', value: '036000291452' }],
    ['SH00000000000042', { kind: 'shipmentId', value: 'SH00000000000042' }],
    ['sh00000000000042', { kind: 'shipmentId', value: 'SH00000000000042' }],
    ['OD1234567890123456', { kind: 'orderId', value: 'OD1234567890123456' }],
    ['OI1234567890123456', { kind: 'orderItemId', value: 'OI1234567890123456' }],
    ['RT00000000000007', { kind: 'returnId', value: 'RT00000000000007' }],
    ['MOBFZ3XYQWERTY12', { kind: 'fsn', value: 'MOBFZ3XYQWERTY12' }],
    ['TSHIRT-RED-XL', { kind: 'sku', value: 'TSHIRT-RED-XL' }],
  ])('classifies %j', (raw, expected) => {
    expect(classifyScan(raw)).toEqual(expected);
  });

  it('treats numbers that fail their check digit as SKUs, except 15-digit IMEIs which are flagged', () => {
    expect(classifyScan('4006381333932')).toEqual({ kind: 'sku', value: '4006381333932' });
    expect(classifyScan('036000291453')).toEqual({ kind: 'sku', value: '036000291453' });
    expect(classifyScan('12345')).toEqual({ kind: 'sku', value: '12345' });
    expect(classifyScan('490154203237510')).toMatchObject({ kind: 'imei', valid: false });
  });

  it('does not mistake near-misses of the id formats for ids', () => {
    expect(classifyScan('SH0000000000004').kind).toBe('sku'); // 13 digits
    expect(classifyScan('OD123456789012345').kind).toBe('sku'); // 15 digits
    expect(classifyScan('XX1234567890123456').kind).toBe('sku');
    expect(classifyScan('mobfz3xyqwerty12').kind).toBe('sku'); // FSNs are upper-case
    expect(classifyScan('MOBFZ3XYQWERTY1').kind).toBe('sku'); // 15 characters
    expect(classifyScan('M0BFZ3XYQWERTY12').kind).toBe('sku'); // digit in the category code
  });

  it('strips what scanners add: CR/LF, AIM symbology prefixes, GS1 FNC1, blanks', () => {
    expect(classifyScan('4006381333931\r\n')).toEqual({ kind: 'ean13', value: '4006381333931' });
    expect(classifyScan(']E04006381333931')).toEqual({ kind: 'ean13', value: '4006381333931' });
    expect(classifyScan(']C1' + GS + 'SH00000000000042')).toEqual({ kind: 'shipmentId', value: 'SH00000000000042' });
    expect(classifyScan(GS + ']C1SH00000000000042')).toEqual({ kind: 'shipmentId', value: 'SH00000000000042' });
    expect(classifyScan('  \tTSHIRT-RED-XL \u0003')).toEqual({ kind: 'sku', value: 'TSHIRT-RED-XL' });
    expect(classifyScan('\u0002490154203237518\u0003')).toMatchObject({ kind: 'imei', valid: true });
    expect(normalizeScan(']Q3abc')).toBe('abc');
  });

  it('keeps a SKU that merely starts with "]" when it is not an AIM prefix', () => {
    expect(classifyScan(']')).toEqual({ kind: 'sku', value: ']' });
  });

  it('calls empty, unreadable and overlong scans garbled, with a reason', () => {
    const empty = classifyScan('\r\n');
    expect(empty).toMatchObject({ kind: 'garbled' });
    expect(empty.kind === 'garbled' && empty.reason).toMatch(/empty/);
    expect(classifyScan('   ').kind).toBe('garbled');
    expect(classifyScan(']E0').kind).toBe('garbled');
    const noise = classifyScan('\ufffd\ufffdA\ufffd');
    expect(noise.kind === 'garbled' && noise.reason).toMatch(/unreadable/);
    const long = classifyScan('A'.repeat(MAX_SCAN_LENGTH + 1));
    expect(long.kind === 'garbled' && long.reason).toMatch(/characters long/);
    expect(classifyScan('A'.repeat(MAX_SCAN_LENGTH)).kind).toBe('sku');
  });
});
