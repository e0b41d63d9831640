import { describe, expect, it } from 'vitest';
import { evaluateFlag, type FlagRule, flagBucket } from './flags';

const rule = (rolloutPercentage: number, extra: Partial<FlagRule> = {}): FlagRule => ({
  key: 'new-usage-card',
  enabled: true,
  rolloutPercentage,
  overrides: {},
  ...extra,
});
const teams = Array.from({ length: 1000 }, (_, i) => `team_${i.toString(36).padStart(6, '0')}`);
const onCount = (r: FlagRule) => teams.filter((teamId) => evaluateFlag(r, { teamId, userId: 'usr_x' }).value).length;

describe('feature flag evaluation', () => {
  it('is off for everyone at 0% and on for everyone at 100%', () => {
    expect(onCount(rule(0))).toBe(0);
    expect(onCount(rule(100))).toBe(1000);
  });

  it('splits 1,000 teams roughly in half at 50%, the same way every time', () => {
    const on = onCount(rule(50));
    expect(on).toBeGreaterThan(440);
    expect(on).toBeLessThan(560);
    expect(onCount(rule(50))).toBe(on);
  });

  it('grows the same teams when the rollout grows: nobody who had it loses it', () => {
    const at = (p: number) => new Set(teams.filter((teamId) => evaluateFlag(rule(p), { teamId, userId: 'u' }).value));
    const ten = at(10);
    const fifty = at(50);
    for (const team of ten) expect(fifty.has(team)).toBe(true);
  });

  it('buckets by team, or by user when there is no team, and per flag', () => {
    const users = teams.map((t) => t.replace('team_', 'usr_'));
    const onUsers = users.filter((userId) => evaluateFlag(rule(50), { userId }).value).length;
    expect(onUsers).toBeGreaterThan(440);
    expect(onUsers).toBeLessThan(560);
    expect(evaluateFlag(rule(50), { teamId: 'team_a', userId: 'usr_1' })).toEqual(
      evaluateFlag(rule(50), { teamId: 'team_a', userId: 'usr_2' }),
    );
    const other = teams.filter((t) => flagBucket('other-flag', t) !== flagBucket('new-usage-card', t));
    expect(other.length).toBeGreaterThan(900);
    for (const t of teams.slice(0, 50)) expect(flagBucket('k', t)).toBeLessThan(100);
  });

  it('applies team overrides before the rollout and before the switch', () => {
    const r = rule(0, { overrides: { team_on: true, team_off: false } });
    expect(evaluateFlag(r, { teamId: 'team_on', userId: 'u' })).toEqual({ value: true, reason: 'override' });
    expect(evaluateFlag(rule(100, { overrides: { team_off: false } }), { teamId: 'team_off', userId: 'u' })).toEqual({
      value: false,
      reason: 'override',
    });
    const disabled = rule(100, { enabled: false, overrides: { team_on: true } });
    expect(evaluateFlag(disabled, { teamId: 'team_on', userId: 'u' }).value).toBe(true);
    expect(evaluateFlag(disabled, { teamId: 'team_x', userId: 'u' })).toEqual({ value: false, reason: 'disabled' });
  });
});
