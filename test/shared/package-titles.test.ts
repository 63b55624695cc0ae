// The boxes of one parcel in words: identical names counted, not repeated.
import { describe, expect, it } from 'vitest';
import { packageTitles } from '../../shared/package-titles.js';

describe('package titles', () => {
  it('counts identical boxes instead of repeating them', () => {
    expect(packageTitles(['Carton', 'Carton'])).toBe('2 × Carton');
    expect(packageTitles(['Carton', 'Shoe box', 'Carton'])).toBe('2 × Carton, Shoe box');
    expect(packageTitles(['Shoe box'])).toBe('Shoe box');
  });
});
