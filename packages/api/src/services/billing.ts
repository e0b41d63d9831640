// Billing of the team in scope: its plan summary, and the plan change behind the upgrade modal
// (`POST /api/v1/plan/change`, docs/spec.md). Who may read or change it is in the permission table.
import * as db from '@nimbus/db';
import { teamJson } from '../serialize';
import { audit } from './audit';
import { authorize, type ServiceContext } from './context';

export async function get(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:read');
  const team = await db.getTeamForUser(ctx.db, ctx.actor.user.id, scope.teamId);
  return { billing: teamJson(team).billing, testMode: team.billingPlatform === 'stripe_test' };
}

/** hobby → pro starts the 14-day trial once per team; later upgrades are paid at once. */
export async function changePlan(ctx: ServiceContext, plan: string) {
  const scope = await authorize(ctx, 'billing:update');
  const result = await applyPlanChange(ctx, { id: scope.teamId, slug: scope.slug }, plan);
  return { ...result, team: teamJson({ ...result.team, role: scope.role }, ctx.actor.user.id) };
}

/**
 * The plan change itself and its audit event in the team's log, for a caller already allowed to make
 * it: a billing member of the team (above), or Nimbus staff from the console (`extra` says so).
 */
export async function applyPlanChange(
  ctx: ServiceContext,
  team: { id: string; slug: string },
  plan: string,
  extra: Record<string, unknown> = {},
) {
  const [before] = await db.teamsByIds(ctx.db, [team.id]);
  if (!before) throw db.notFound('The team');
  const result = await db.changePlan(ctx.db, team.id, plan);
  await audit(
    ctx,
    'team.plan_changed',
    { type: 'team', id: team.id, name: team.slug },
    { from: before.plan, to: result.team.plan, trial: result.team.billingStatus === 'trialing', ...extra },
    team.id,
  );
  return result;
}
