// Names of scopes as docs/spec.md §1 defines them: the personal account is named after its user, a team
// after itself. One helper so the switcher, headings and modals always agree.
import type { TeamJson, UserJson } from '@nimbus/api';
import { displayName } from '@nimbus/core';

export type ScopeUser = Pick<UserJson, 'name' | 'username'>;
export type ScopeTeam = Pick<TeamJson, 'id' | 'slug' | 'name' | 'personal'>;

export function scopeName(team: ScopeTeam, user: ScopeUser): string {
  return team.personal
    ? displayName({ kind: 'user', name: user.name, username: user.username })
    : displayName({ kind: 'team', name: team.name, slug: team.slug });
}

export function planLabel(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
