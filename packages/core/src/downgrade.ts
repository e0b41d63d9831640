// What stops working when a team moves to a smaller plan, listed before the owner confirms a
// cancellation: each of PLANS' limits the team uses past the new plan's, and the features only the
// old plan has. Read from PLANS so the list matches what is enforced.
import { PLANS, type PlanId } from './plans';
import { includedUsage, USAGE_METRICS, type UsageMetric, type UsageTotals } from './usage';

export interface TeamFootprint {
  members: number;
  /** Pending invitations hold a seat too. */
  invitations: number;
  projects: number;
  ssoConfigured: boolean;
  /** This month's usage so far. */
  usage: UsageTotals;
}

export interface DowngradeLoss {
  /** A stable key for the thing that stops working: `members`, `sso`, `usage:<metric>` ... */
  key: string;
  message: string;
}

const METRIC_NAMES: Record<UsageMetric, string> = {
  edge_requests: 'edge requests',
  bandwidth_bytes: 'bandwidth',
  build_ms: 'build time',
  function_invocations: 'function invocations',
  function_mb_ms: 'function compute (GB-hours)',
  image_transformations: 'image transformations',
  analytics_events: 'Web Analytics events',
};

export function downgradeLosses(from: PlanId, to: PlanId, team: TeamFootprint): DowngradeLoss[] {
  const was = PLANS[from].limits;
  const will = PLANS[to].limits;
  const losses: DowngradeLoss[] = [];
  const seats = team.members + team.invitations;
  if (seats > will.teamMembers) {
    losses.push({
      key: 'members',
      message: `${PLANS[to].name} allows ${will.teamMembers} member${will.teamMembers === 1 ? '' : 's'}; this team has ${seats} (members and pending invitations). No one can join until the others leave.`,
    });
  }
  if (team.projects > will.projects) {
    losses.push({
      key: 'projects',
      message: `${PLANS[to].name} allows ${will.projects} projects; this team has ${team.projects}. New projects are refused.`,
    });
  }
  if (team.ssoConfigured && from !== 'hobby' && to === 'hobby') {
    losses.push({ key: 'sso', message: 'SAML single sign-on stops: members sign in with their own passwords.' });
  }
  if (will.concurrentBuilds < was.concurrentBuilds) {
    losses.push({
      key: 'builds',
      message: `Builds run ${will.concurrentBuilds} at a time instead of ${was.concurrentBuilds}.`,
    });
  }
  if (will.auditLogRetentionDays < was.auditLogRetentionDays) {
    losses.push({
      key: 'audit-log',
      message: `The audit log keeps ${will.auditLogRetentionDays} days instead of ${was.auditLogRetentionDays}.`,
    });
  }
  if (will.analyticsRetentionDays < was.analyticsRetentionDays) {
    losses.push({
      key: 'analytics',
      message: `Web Analytics keeps ${will.analyticsRetentionDays} days instead of ${was.analyticsRetentionDays}.`,
    });
  }
  const included = includedUsage(to);
  for (const metric of USAGE_METRICS) {
    if (team.usage[metric] > included[metric]) {
      losses.push({
        key: `usage:${metric}`,
        message: `This month's ${METRIC_NAMES[metric]} is already past what ${PLANS[to].name} includes: the team would be limited.`,
      });
    }
  }
  return losses;
}
