// What Nimbus's own tracker needs to know about the logged-in user (docs/architecture.md,
// "Tracking"): whether they may be tracked at all (not at the staff e-mail domain), the fields of
// the global properties and activity records (user, team, role, plan, staff flag) and the team's
// derived plan traits from its plan history (packages/core/src/plan-traits.ts).
import { DEFAULT_STAFF_EMAIL_DOMAIN, isStaffEmail, planTraits } from '@nimbus/core';
import * as db from '@nimbus/db';
import type { ServiceContext } from './context';

/**
 * `teamId` (an id or a slug, e.g. the scope cookie) names the team in effect; without it, or when
 * the caller is not a member, the user's default team. A user at the staff e-mail domain gets
 * `tracked: false` and nothing else, so no page records anything about them.
 */
export async function trackingContext(ctx: ServiceContext, input: { teamId?: string }) {
  const user = ctx.actor.user;
  if (isStaffEmail(user.email, ctx.options.staffEmailDomain ?? DEFAULT_STAFF_EMAIL_DOMAIN)) {
    return { tracked: false as const };
  }
  const tryTeam = async (idOrSlug: string | null | undefined) =>
    idOrSlug
      ? db.getTeamForUser(ctx.db, user.id, idOrSlug).catch((err: unknown) => {
          if (err instanceof db.DomainError) return null;
          throw err;
        })
      : null;
  const team = (await tryTeam(input.teamId)) ?? (await tryTeam(user.defaultTeamId));
  const staff = await db.isStaff(ctx.db, user.id, ctx.options.staffTeam);
  const traits = team ? await db.teamPlanTraits(ctx.db, team.id, staff) : planTraits([], Date.now(), staff);
  return {
    tracked: true as const,
    userId: user.id,
    userVersion: user.version,
    userDefaultTeamId: user.defaultTeamId,
    teamId: team?.id ?? null,
    role: team?.role ?? null,
    plan: team?.plan ?? null,
    staff,
    traits,
  };
}
