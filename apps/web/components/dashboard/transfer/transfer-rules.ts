// Who may move projects where (docs/spec.md §3, §4, §6). The modal lists only destinations where the user may
// create projects, other than the source; the API checks both sides again. Moving a project with
// Speed Insights from a hobby account to a Pro team brings a warning, because there it is billed.
import type { TeamJson } from '@nimbus/api';
import { can } from '@nimbus/core';

export type TransferAccount = Pick<TeamJson, 'id' | 'slug'>;
export type TransferProject = { id: string; name: string; speedInsights?: { enabled: boolean } };

/** What an open request carries (docs/spec.md §3 "Transfer modal data"). */
export interface TransferData {
  sourceAccount: TransferAccount;
  destinationAccount?: TransferAccount | null;
  /** The projects to move; empty to let the user pick from the source's projects. */
  projects: TransferProject[];
}

type Account = Pick<TeamJson, 'id' | 'membership' | 'billing'>;

export function transferDestinations<T extends Account>(teams: readonly T[], sourceId: string): T[] {
  return teams.filter(
    (t) => t.id !== sourceId && t.membership !== undefined && can(t.membership.role, 'project:create'),
  );
}

export function canTransferFrom(team: Pick<TeamJson, 'membership'>): boolean {
  return team.membership !== undefined && can(team.membership.role, 'project:transfer');
}

/** The projects that trigger the speed-insights warning for this move (none when there is no warning). */
export function speedInsightsWarning(
  source: Pick<Account, 'billing'> | undefined,
  destination: Pick<Account, 'billing'> | undefined,
  projects: readonly TransferProject[],
): TransferProject[] {
  if (source?.billing.plan !== 'hobby' || destination?.billing.plan !== 'pro') return [];
  return projects.filter((p) => p.speedInsights?.enabled);
}
