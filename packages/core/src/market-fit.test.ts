import { describe, expect, it } from 'vitest';
import { COMPANY_SIZE_THRESHOLD, marketFit, marketFitOverride } from './market-fit';

describe('marketFit', () => {
  it.each([
    [{ grade: 'A', employees: 500 }, 1],
    [{ grade: 'B', employees: 10_000 }, 1],
    [{ grade: 'b', employees: 500 }, 1],
    [{ grade: 'A', employees: 499 }, 2],
    [{ grade: 'C', employees: 5_000 }, 2],
    [{ grade: 'A' }, 2],
    [{ grade: 'A', employees: null }, 2],
    [{ grade: 'D', employees: 5_000 }, 0],
    [{ grade: 'F', employees: 1 }, 0],
    [{ grade: null, employees: 5_000 }, 0],
    [{}, 0],
  ])('%j → %d', (input, expected) => {
    expect(marketFit(input)).toBe(expected);
  });

  it('defaults the company size threshold to 499', () => {
    expect(COMPANY_SIZE_THRESHOLD).toBe(499);
  });

  it('honours a custom threshold', () => {
    expect(marketFit({ grade: 'A', employees: 52 }, 51)).toBe(1);
    expect(marketFit({ grade: 'A', employees: 51 }, 51)).toBe(2);
  });
});

describe('marketFitOverride', () => {
  it.each([
    ['0', false, 0],
    ['1', false, 1],
    ['2', false, 2],
    ['3', false, null],
    ['01', false, null],
    ['', false, null],
    [null, false, null],
    [undefined, false, null],
    ['1', true, null],
    ['2', true, null],
  ])('%j (production: %s) → %j', (query, isProduction, expected) => {
    expect(marketFitOverride(query, isProduction)).toBe(expected);
  });
});
