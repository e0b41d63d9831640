import { describe, expect, it } from 'vitest';
import { shouldReportClientError, type ToastType, toastDefaultText } from './reporting';

describe('toastDefaultText', () => {
  it.each<[ToastType, string]>([
    ['error', 'An error occurred.'],
    ['success', 'Success!'],
    ['warning', 'Warning!'],
  ])('%s → %s', (type, text) => {
    expect(toastDefaultText(type)).toBe(text);
  });
});

describe('shouldReportClientError', () => {
  it.each([
    [400, 0.05, true],
    [404, 0.0999, true],
    [404, 0.1, false],
    [499, 0.9, false],
    [500, 0.99, true],
    [503, 0.5, true],
    [399, 0.99, true],
    [0, 0.99, true],
  ])('status %d with roll %d → %s', (status, roll, expected) => {
    expect(shouldReportClientError(status, () => roll)).toBe(expected);
  });

  it('drops about 90% of client errors with the default random source', () => {
    const runs = 20_000;
    let reported = 0;
    for (let i = 0; i < runs; i++) if (shouldReportClientError(422)) reported++;
    expect(reported / runs).toBeGreaterThan(0.08);
    expect(reported / runs).toBeLessThan(0.12);
  });
});
