import { describe, expect, it } from 'vitest';
import { type PlanHistoryEntry, planTraits } from './plan-traits';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const hobby = (at: number): PlanHistoryEntry => ({ plan: 'hobby', status: 'active', startedAt: at, trialEnd: null });
const trial = (at: number): PlanHistoryEntry => ({
  plan: 'pro',
  status: 'trialing',
  startedAt: at,
  trialEnd: at + 14 * DAY,
});
const pro = (at: number): PlanHistoryEntry => ({ plan: 'pro', status: 'active', startedAt: at, trialEnd: null });
const enterprise = (at: number): PlanHistoryEntry => ({
  plan: 'enterprise',
  status: 'active',
  startedAt: at,
  trialEnd: null,
});

describe('derived plan traits', () => {
  it('a new hobby team', () => {
    expect(planTraits([hobby(T0)], T0 + DAY)).toEqual({
      isTrial: false,
      trialStartDate: null,
      trialEndDate: null,
      hasDowngradedTrial: false,
      isPro: false,
      proStartDate: null,
      isEnterprise: false,
      enterpriseStartDate: null,
      hobbyStartDate: T0,
      isStaff: false,
    });
  });

  it('no history at all: nothing is true, nothing throws', () => {
    expect(planTraits([], T0, true)).toMatchObject({
      isTrial: false,
      isPro: false,
      hobbyStartDate: null,
      isStaff: true,
    });
  });

  it("is in trial until the trial's last millisecond, and not after", () => {
    const history = [hobby(T0), trial(T0 + DAY)];
    const end = T0 + 15 * DAY;
    expect(planTraits(history, end - 1)).toMatchObject({
      isTrial: true,
      isPro: true,
      proStartDate: T0 + DAY,
      trialStartDate: T0 + DAY,
      trialEndDate: end,
      hobbyStartDate: null,
    });
    expect(planTraits(history, end)).toMatchObject({
      isTrial: false,
      isPro: false,
      proStartDate: null,
      trialEndDate: end,
    });
  });

  it('a downgrade during the trial is a downgraded trial; one after it is not', () => {
    const during = planTraits([hobby(T0), trial(T0 + DAY), hobby(T0 + 15 * DAY - 1)], T0 + 20 * DAY);
    expect(during).toMatchObject({
      hasDowngradedTrial: true,
      isTrial: false,
      isPro: false,
      hobbyStartDate: T0 + 15 * DAY - 1,
    });
    const after = planTraits([hobby(T0), trial(T0 + DAY), hobby(T0 + 15 * DAY)], T0 + 20 * DAY);
    expect(after.hasDowngradedTrial).toBe(false);
    // Before the downgrade happened it is still a trial.
    expect(planTraits([hobby(T0), trial(T0 + DAY), hobby(T0 + 3 * DAY)], T0 + 2 * DAY)).toMatchObject({
      isTrial: true,
      hasDowngradedTrial: false,
    });
  });

  it('a paid pro stretch starts at the trial and survives its end; a re-upgrade starts a new one', () => {
    const paid = [hobby(T0), trial(T0 + DAY), pro(T0 + 10 * DAY)];
    expect(planTraits(paid, T0 + 100 * DAY)).toMatchObject({ isPro: true, isTrial: false, proStartDate: T0 + DAY });
    const again = [...paid, hobby(T0 + 50 * DAY), pro(T0 + 60 * DAY)];
    expect(planTraits(again, T0 + 60 * DAY)).toMatchObject({
      isPro: true,
      proStartDate: T0 + 60 * DAY,
      hobbyStartDate: null,
      trialStartDate: T0 + DAY,
      hasDowngradedTrial: false,
    });
    expect(planTraits(again, T0 + 60 * DAY - 1)).toMatchObject({ isPro: false, hobbyStartDate: T0 + 50 * DAY });
  });

  it('enterprise', () => {
    const traits = planTraits([hobby(T0), pro(T0 + DAY), enterprise(T0 + 30 * DAY)], T0 + 31 * DAY);
    expect(traits).toMatchObject({
      isEnterprise: true,
      enterpriseStartDate: T0 + 30 * DAY,
      isPro: false,
      proStartDate: null,
    });
  });

  it('ignores the order it is given in and entries from the future', () => {
    const traits = planTraits([pro(T0 + 10 * DAY), hobby(T0)], T0 + DAY);
    expect(traits).toMatchObject({ isPro: false, hobbyStartDate: T0 });
  });
});
