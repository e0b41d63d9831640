// The plan limits checked when something is created, beside the member limit (`checkMemberLimit` in
// members.ts): projects per team and deployments per day, from PLANS (the one definition). Past a
// limit the call is refused with 403 `plan_limit`, naming the limit and how to lift it.
// Each check runs inside the transaction that creates the row and locks the team's row first
// (`FOR UPDATE`): concurrent creates for one team queue on that lock, and each counts what the
// ones before it committed, so two calls at one below the limit cannot both pass on PostgreSQL.
import { PLANS, type Plan } from '@nimbus/core';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { deployments, projects, teams } from '../schema';

/** The team's plan, its row locked until the caller's transaction ends. */
async function lockedPlanOf(tx: Db, teamId: string): Promise<{ plan: Plan; name: string } | null> {
  const [team] = await tx
    .select({ plan: teams.plan, name: teams.name, slug: teams.slug })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return team ? { plan: PLANS[team.plan], name: team.name ?? team.slug } : null;
}

function refuse(plan: Plan, team: string, what: string, limit: number): never {
  const upgrade =
    plan.id === 'hobby'
      ? `Upgrade ${team} to Pro in Settings → Billing for more.`
      : 'Contact sales at /contact/sales to raise it.';
  throw new DomainError('plan_limit', `The ${plan.name} plan allows ${what}. ${upgrade}`, { limit, plan: plan.id });
}

/** Refuses a new project past the plan's `projects`. Call it in the transaction that inserts the project. */
export async function checkProjectLimit(tx: Db, teamId: string): Promise<void> {
  const found = await lockedPlanOf(tx, teamId);
  if (!found) return;
  const limit = found.plan.limits.projects;
  if (limit === Infinity) return;
  const [row] = await tx.select({ n: count() }).from(projects).where(eq(projects.teamId, teamId));
  if ((row?.n ?? 0) >= limit) refuse(found.plan, found.name, `${limit} projects per team`, limit);
}

/**
 * Refuses a deployment past the plan's `deploymentsPerDay` (the last 24 hours). Call it in the
 * transaction that inserts the deployment.
 */
export async function checkDeploymentLimit(tx: Db, teamId: string, now = Date.now()): Promise<void> {
  const found = await lockedPlanOf(tx, teamId);
  if (!found) return;
  const limit = found.plan.limits.deploymentsPerDay;
  if (limit === Infinity) return;
  const [row] = await tx
    .select({ n: count() })
    .from(deployments)
    .where(and(eq(deployments.teamId, teamId), gt(deployments.createdAt, new Date(now - 86_400_000))));
  if ((row?.n ?? 0) >= limit) refuse(found.plan, found.name, `${limit} deployments a day`, limit);
}
