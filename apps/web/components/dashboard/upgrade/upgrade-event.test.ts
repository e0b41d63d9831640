import { describe, expect, it } from 'vitest';
import { openScope, upgradeEvent } from './upgrade-event';

const team = { id: 'team_1', createdAt: 1_700_000_000_000, plan: 'hobby' };

describe('upgrade event', () => {
  it('defaults mode, trial behaviour and team hint when opened with a source only', () => {
    expect(openScope({ source: 'billing-settings' }, 5)).toEqual({
      source: 'billing-settings',
      mode: 'default',
      teamHint: null,
      desiredTrialBehavior: 'trial',
      openedAt: 5,
    });
  });

  it('records an abandoned modal with every field of docs/spec.md §3, booleans false and counts 0', () => {
    const scope = openScope({ source: 'command-menu', teamHint: 'acme' }, 1000);
    expect(upgradeEvent(scope, { actorId: 'usr_1', team, cart: {} }, 4500)).toEqual({
      outcome: 'abandoned',
      mode: 'default',
      source: 'command-menu',
      teamHint: 'acme',
      desiredTrialBehavior: 'trial',
      actualTrialBehavior: null,
      conversionType: null,
      actorId: 'usr_1',
      teamId: 'team_1',
      teamCreatedAt: 1_700_000_000_000,
      priorPlan: 'hobby',
      newPlan: null,
      cartTotal: 0,
      timeInModalMs: 3500,
      newTeamMembers: 0,
      reactivatedTeamMembers: 0,
      existingTeamMembers: 0,
      speedInsights: 0,
      additionalConcurrentBuilds: 0,
      previewDeploymentSuffix: false,
      passwordProtection: false,
      monitoring: false,
    });
  });

  it('records a conversion with the plan change, the actual trial behaviour and the cart', () => {
    const scope = openScope({ source: 'billing-settings', trialBehavior: 'no-trial', mode: 'trial-ended' }, 0);
    const event = upgradeEvent(
      scope,
      {
        actorId: 'usr_1',
        team,
        cart: { cartTotal: 60, existingTeamMembers: 3, monitoring: true },
        conversion: { priorPlan: 'hobby', newPlan: 'pro', conversionType: 'trial' },
      },
      200,
    );
    expect(event).toMatchObject({
      outcome: 'converted',
      mode: 'trial-ended',
      desiredTrialBehavior: 'no-trial',
      actualTrialBehavior: 'trial',
      conversionType: 'trial',
      priorPlan: 'hobby',
      newPlan: 'pro',
      cartTotal: 60,
      existingTeamMembers: 3,
      monitoring: true,
      passwordProtection: false,
      timeInModalMs: 200,
    });
    const paid = upgradeEvent(
      scope,
      { actorId: 'usr_1', team, cart: {}, conversion: { priorPlan: 'hobby', newPlan: 'pro', conversionType: 'paid' } },
      1,
    );
    expect(paid.actualTrialBehavior).toBe('no-trial');
  });

  it('has no team fields when the user had no team to upgrade', () => {
    const event = upgradeEvent(openScope({ source: 'x' }, 10), { actorId: 'usr_2', team: null, cart: {} }, 5);
    expect(event).toMatchObject({ teamId: null, teamCreatedAt: null, priorPlan: null, timeInModalMs: 0 });
  });
});
