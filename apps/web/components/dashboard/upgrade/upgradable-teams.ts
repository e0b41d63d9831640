// Which teams the upgrade modal offers: teams (not personal accounts, spec: Pro is for teams) still
// on hobby, where the user's role may change billing. The API checks the same rule again.
import type { TeamJson } from '@nimbus/api';
import { can } from '@nimbus/core';

type UpgradeTeam = Pick<TeamJson, 'id' | 'slug' | 'personal' | 'billing' | 'membership'>;

export function upgradableTeams<T extends UpgradeTeam>(teams: readonly T[]): T[] {
  return teams.filter(
    (t) =>
      !t.personal &&
      t.billing.plan === 'hobby' &&
      t.membership !== undefined &&
      can(t.membership.role, 'billing:update'),
  );
}

/** The hinted team (by id or slug) when it is offered, else the first one offered. */
export function pickTeam<T extends UpgradeTeam>(eligible: readonly T[], hint: string | null): T | undefined {
  return eligible.find((t) => t.id === hint || t.slug === hint) ?? eligible[0];
}
