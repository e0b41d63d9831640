import { describe, expect, it } from 'vitest';
import { experienceScore, logNormalScore, rateScore, rateVital, VITAL_THRESHOLDS } from './speed-score';

describe('experienceScore', () => {
  it('scores the good threshold 0.9 and the poor one 0.5, on a falling curve', () => {
    const { good, poor } = VITAL_THRESHOLDS.LCP;
    expect(logNormalScore(good, good, poor)).toBeCloseTo(0.9, 3);
    expect(logNormalScore(poor, good, poor)).toBeCloseTo(0.5, 3);
    expect(logNormalScore(1000, good, poor)).toBeGreaterThan(0.99);
    expect(logNormalScore(8000, good, poor)).toBeLessThan(0.2);
    expect(logNormalScore(0, good, poor)).toBe(1);
  });

  it('weights LCP 30, INP 30, CLS 25, FCP 15 and leaves out vitals without data', () => {
    const atGood = { LCP: 2500, INP: 200, CLS: 0.1, FCP: 1800 };
    expect(experienceScore(atGood)).toBe(90);
    expect(experienceScore({ ...atGood, TTFB: 99_999 })).toBe(90);
    // LCP at "poor" (0.5) and the rest at "good" (0.9): 0.3 * 50 + 0.7 * 90 = 78.
    expect(experienceScore({ ...atGood, LCP: 4000 })).toBe(78);
    expect(experienceScore({ CLS: 0.25 })).toBe(50);
    expect(experienceScore({ TTFB: 100 })).toBeNull();
  });

  it('rates vitals and scores', () => {
    expect(rateVital('INP', 200)).toBe('good');
    expect(rateVital('INP', 201)).toBe('needs-improvement');
    expect(rateVital('CLS', 0.3)).toBe('poor');
    expect([rateScore(95), rateScore(60), rateScore(10)]).toEqual(['good', 'needs-improvement', 'poor']);
  });
});
