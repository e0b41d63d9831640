import { describe, expect, it } from 'vitest';
import { PLAN_IDS, PLANS, type PlanLimits, PRO_TRIAL_DAYS } from './plans';

const LIMIT_KEYS: (keyof PlanLimits)[] = [
  'projects',
  'deploymentsPerDay',
  'buildMinutesPerMonth',
  'bandwidthGb',
  'concurrentBuilds',
  'teamMembers',
  'auditLogRetentionDays',
  'analyticsRetentionDays',
];

describe('PLANS', () => {
  it('lists the plans in pricing-page order, keyed by their id', () => {
    expect(Object.keys(PLANS)).toEqual([...PLAN_IDS]);
    for (const id of PLAN_IDS) expect(PLANS[id].id).toBe(id);
  });

  it.each([
    ['hobby', 0],
    ['pro', 20],
    ['enterprise', null],
  ] as const)('%s costs %s per member per month', (id, price) => {
    expect(PLANS[id].priceMonthly).toBe(price);
  });

  it.each(LIMIT_KEYS)('never lowers %s when moving up a plan', (key) => {
    const [hobby, pro, enterprise] = PLAN_IDS.map((id) => PLANS[id].limits[key]);
    expect(pro).toBeGreaterThanOrEqual(hobby ?? Infinity);
    expect(enterprise).toBeGreaterThanOrEqual(pro ?? Infinity);
  });

  it('has positive limits and some features on every plan', () => {
    for (const plan of Object.values(PLANS)) {
      for (const key of LIMIT_KEYS) expect(plan.limits[key]).toBeGreaterThan(0);
      expect(plan.features.length).toBeGreaterThan(0);
    }
  });

  it('advertises the trial length', () => {
    expect(PRO_TRIAL_DAYS).toBe(14);
    expect(PLANS.pro.features).toContain('14-day free trial');
  });
});
