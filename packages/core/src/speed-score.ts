// Speed Insights ratings and the real experience score, shared by the API and the dashboard.
//
// The score is Lighthouse's: each vital's p75 is scored on a log-normal curve whose control points
// are the vital's thresholds (the "good" threshold scores 0.9, the "poor" one 0.5), and the scores
// are weighted: LCP 30 %, INP 30 %, CLS 25 %, FCP 15 % (Vercel's Real Experience Score weights; TTFB
// is shown but not weighted). Vitals without samples drop out and the other weights are scaled up.
// Hand-written: the curve is a dozen lines of Lighthouse's `statistics.js`; the `lighthouse` package
// that holds it is a whole browser-audit tool.

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** web.dev's thresholds: at or under `good` is good, over `poor` is poor (ms; CLS unitless). */
export const VITAL_THRESHOLDS: Readonly<Record<VitalMetric, { good: number; poor: number }>> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export const SCORE_WEIGHTS: Readonly<Partial<Record<VitalMetric, number>>> = {
  LCP: 0.3,
  INP: 0.3,
  CLS: 0.25,
  FCP: 0.15,
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const t = VITAL_THRESHOLDS[metric];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs-improvement' : 'poor';
}

/** A score of 0-100: 90 and up is good, under 50 poor. */
export function rateScore(score: number): VitalRating {
  return score >= 90 ? 'good' : score >= 50 ? 'needs-improvement' : 'poor';
}

/** Abramowitz and Stegun 7.1.26, as Lighthouse uses it (error under 1.5e-7). */
function erf(x: number): number {
  const sign = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-a * a));
}

/** Lighthouse's log-normal score (0-1) of `value` with `p10` scoring 0.9 and `median` 0.5. */
export function logNormalScore(value: number, p10: number, median: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const standardized = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median);
  const score = (1 - erf(standardized)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, score));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, score));
  return Math.max(0, Math.min(0.49999999999999994, score));
}

/** The real experience score (0-100, rounded) of p75 values; null when no weighted vital has data. */
export function experienceScore(p75: Partial<Record<VitalMetric, number>>): number | null {
  let total = 0;
  let weights = 0;
  for (const [metric, weight] of Object.entries(SCORE_WEIGHTS) as [VitalMetric, number][]) {
    const value = p75[metric];
    if (value === undefined) continue;
    const t = VITAL_THRESHOLDS[metric];
    total += weight * logNormalScore(value, t.good, t.poor);
    weights += weight;
  }
  return weights ? Math.round((100 * total) / weights) : null;
}
