import { PRO_TRIAL_DAYS } from '@nimbus/core';
import { describe, expect, it } from 'vitest';
import { trialDaysLeft } from './trial-days';

describe('trialDaysLeft', () => {
  it('counts whole days up, and 0 once the trial is over', () => {
    const start = Date.UTC(2026, 0, 1);
    const end = start + PRO_TRIAL_DAYS * 86_400_000;
    expect(trialDaysLeft(end, start)).toBe(14);
    expect(trialDaysLeft(end, start + 1)).toBe(14);
    expect(trialDaysLeft(end, end - 1)).toBe(1);
    expect(trialDaysLeft(end, end + 5)).toBe(0);
  });
});
