// How each metered quantity reads on the Usage page, in the unit people think in (GB, minutes,
// GB-hours), from the meters' integer units (packages/core/src/usage.ts).
import { MB_MS_PER_GB_HOUR, type UsageMetric } from '@nimbus/core';

export const METRIC_LABELS: Record<UsageMetric, string> = {
  edge_requests: 'Edge requests',
  bandwidth_bytes: 'Data transfer',
  build_ms: 'Build minutes',
  function_invocations: 'Function invocations',
  function_mb_ms: 'Function duration',
  image_transformations: 'Image transformations',
  analytics_events: 'Web Analytics events',
};

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A metric's value in its display unit: `1.5 GB`, `12 min`, `0.02 GB-hours`, `1,204`. */
export function formatMetric(metric: UsageMetric, value: number | null): string {
  if (value === null) return 'Unlimited';
  switch (metric) {
    case 'bandwidth_bytes':
      return value >= 1e9
        ? `${number.format(value / 1e9)} GB`
        : value >= 1e6
          ? `${number.format(value / 1e6)} MB`
          : value >= 1e3
            ? `${number.format(value / 1e3)} kB`
            : `${number.format(value)} B`;
    case 'build_ms':
      return `${number.format(value / 60_000)} min`;
    case 'function_mb_ms':
      return `${number.format(value / MB_MS_PER_GB_HOUR)} GB-hours`;
    default:
      return number.format(value);
  }
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
