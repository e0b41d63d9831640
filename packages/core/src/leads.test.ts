import { describe, expect, it } from 'vitest';
import { COMPANY_SIZES, isAboveSizeThreshold } from './leads';

describe('company sizes', () => {
  it('splits the buckets at the market-fit threshold of 499 employees', () => {
    expect(COMPANY_SIZES.filter(isAboveSizeThreshold)).toEqual(['500-999', '1000-4999', '5000+']);
  });
});
