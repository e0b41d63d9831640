// What Nimbus meters, what each plan includes, and what usage past it costs. One definition for the
// meters (engine), the Usage page and API, budgets and the monthly overage invoice, so the figure a
// team is shown is the figure it is billed.
import { PLANS, type PlanId } from './plans';

/**
 * Every metered quantity, each an integer in the unit its name ends with: requests the edge served,
 * bytes it sent, build milliseconds, function invocations and megabyte-milliseconds (memory × time),
 * image transformations and Web Analytics events.
 */
export const USAGE_METRICS = [
  'edge_requests',
  'bandwidth_bytes',
  'build_ms',
  'function_invocations',
  'function_mb_ms',
  'image_transformations',
  'analytics_events',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];
export type UsageTotals = Record<UsageMetric, number>;

export function emptyUsage(): UsageTotals {
  return Object.fromEntries(USAGE_METRICS.map((metric) => [metric, 0])) as UsageTotals;
}

const GB = 1_000_000_000;
const MINUTE = 60_000;
/** One GB-hour in the function meter's unit (MB-ms): 1,000 MB × 3,600,000 ms. */
export const MB_MS_PER_GB_HOUR = 1_000 * 3_600_000;

/** Usage included each month, per plan, in the meters' units (Infinity: no limit). */
export function includedUsage(plan: PlanId): UsageTotals {
  const limits = PLANS[plan].limits;
  return {
    edge_requests: limits.edgeRequestsPerMonth,
    bandwidth_bytes: limits.bandwidthGb * GB,
    build_ms: limits.buildMinutesPerMonth * MINUTE,
    function_invocations: limits.functionInvocationsPerMonth,
    function_mb_ms: limits.functionGbHoursPerMonth * MB_MS_PER_GB_HOUR,
    image_transformations: limits.imageTransformationsPerMonth,
    analytics_events: limits.analyticsEventsPerMonth,
  };
}

/**
 * US cents per unit of usage past the included amount, on Pro (Hobby has no overage: a Hobby team
 * past its included usage is limited instead; Enterprise is invoiced by contract). Written per
 * display unit (per GB, per million requests ...) and divided down, so the table reads like a price list.
 */
export const OVERAGE_CENTS_PER_UNIT: UsageTotals = {
  edge_requests: 200 / 1_000_000, // $2 per million
  bandwidth_bytes: 15 / GB, // $0.15 per GB
  build_ms: 1 / MINUTE, // $0.01 per build minute
  function_invocations: 60 / 1_000_000, // $0.60 per million
  function_mb_ms: 18 / MB_MS_PER_GB_HOUR, // $0.18 per GB-hour
  image_transformations: 500 / 1_000, // $5 per thousand
  analytics_events: 300 / 100_000, // $3 per 100,000
};

export interface UsageCostLine {
  metric: UsageMetric;
  used: number;
  included: number;
  /** Usage past the included amount (0 when within it). */
  over: number;
  /** Whole cents, rounded up. */
  amountCents: number;
}

/** What a month's usage costs past the plan's included amounts, line by line (Pro only bills overage). */
export function usageCost(plan: PlanId, used: UsageTotals): { lines: UsageCostLine[]; totalCents: number } {
  const included = includedUsage(plan);
  const lines = USAGE_METRICS.map((metric) => {
    const over = Math.max(0, used[metric] - included[metric]);
    const amountCents = plan === 'pro' ? Math.ceil(over * OVERAGE_CENTS_PER_UNIT[metric]) : 0;
    return { metric, used: used[metric], included: included[metric], over, amountCents };
  });
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0) };
}

/** The meters a team has used past its plan (Hobby: the reasons it is limited). */
export function exceededMetrics(plan: PlanId, used: UsageTotals): UsageMetric[] {
  const included = includedUsage(plan);
  return USAGE_METRICS.filter((metric) => used[metric] > included[metric]);
}
