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
  const before = await db.getTeamForUser(ctx.db, ctx.actor.user.id, scope.teamId);
  const result = await db.changePlan(ctx.db, scope.teamId, plan);
  await audit(
    ctx,
    'team.plan_changed',
    { type: 'team', id: scope.teamId, name: scope.slug },
    { from: before.plan, to: result.team.plan, trial: result.team.billingStatus === 'trialing' },
  );
  return { ...result, team: teamJson({ ...result.team, role: scope.role }, ctx.actor.user.id) };
}
