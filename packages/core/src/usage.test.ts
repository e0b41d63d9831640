// Included usage and overage: Pro pays past the included amount, rounded up to the cent; Hobby never pays
// but reports what it exceeded.
import { describe, expect, it } from 'vitest';
import { emptyUsage, exceededMetrics, includedUsage, MB_MS_PER_GB_HOUR, usageCost } from './usage';

describe('usage cost', () => {
  it('charges Pro only past the included amount', () => {
    const used = { ...emptyUsage(), edge_requests: 10_000_000, bandwidth_bytes: 1_002 * 1_000_000_000 };
    const { lines, totalCents } = usageCost('pro', used);
    expect(lines.find((line) => line.metric === 'edge_requests')).toMatchObject({ over: 0, amountCents: 0 });
    expect(lines.find((line) => line.metric === 'bandwidth_bytes')).toMatchObject({
      over: 2_000_000_000,
      amountCents: 30,
    });
    expect(totalCents).toBe(30);
  });

  it('rounds a fraction of a cent up, and a function GB-hour is 1,000 MB for an hour', () => {
    const used = { ...emptyUsage(), function_mb_ms: includedUsage('pro').function_mb_ms + MB_MS_PER_GB_HOUR / 10 };
    expect(usageCost('pro', used).totalCents).toBe(2);
  });

  it('never charges Hobby, and names what it exceeded', () => {
    const used = { ...emptyUsage(), build_ms: includedUsage('hobby').build_ms + 1 };
    expect(usageCost('hobby', used).totalCents).toBe(0);
    expect(exceededMetrics('hobby', used)).toEqual(['build_ms']);
    expect(exceededMetrics('enterprise', { ...used, edge_requests: 1e12 })).toEqual([]);
  });
});
