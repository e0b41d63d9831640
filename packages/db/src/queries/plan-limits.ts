// The plan limits checked when something is created, beside the member limit (`checkMemberLimit` in
// members.ts): projects per team and deployments per day, from PLANS (the one definition). Past a
// limit the call is refused with 403 `plan_limit`, naming the limit and how to lift it.
import { PLANS, type Plan } from '@nimbus/core';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { deployments, projects, teams } from '../schema';

async function planOf(db: Db, teamId: string): Promise<{ plan: Plan; name: string } | null> {
  const [team] = await db
    .select({ plan: teams.plan, name: teams.name, slug: teams.slug })
    .from(teams)
    .where(eq(teams.id, teamId));
  return team ? { plan: PLANS[team.plan], name: team.name ?? team.slug } : null;
}

function refuse(plan: Plan, team: string, what: string, limit: number): never {
  const upgrade =
    plan.id === 'hobby'
      ? `Upgrade ${team} to Pro in Settings → Billing for more.`
      : 'Contact sales at /contact/sales to raise it.';
  throw new DomainError('plan_limit', `The ${plan.name} plan allows ${what}. ${upgrade}`, { limit, plan: plan.id });
}

/** Refuses a new project past the plan's `projects`. */
export async function checkProjectLimit(db: Db, teamId: string): Promise<void> {
  const found = await planOf(db, teamId);
  if (!found) return;
  const limit = found.plan.limits.projects;
  if (limit === Infinity) return;
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.teamId, teamId));
  if ((row?.n ?? 0) >= limit) refuse(found.plan, found.name, `${limit} projects per team`, limit);
}

/** Refuses a deployment past the plan's `deploymentsPerDay` (the last 24 hours). */
export async function checkDeploymentLimit(db: Db, teamId: string, now = Date.now()): Promise<void> {
  const found = await planOf(db, teamId);
  if (!found) return;
  const limit = found.plan.limits.deploymentsPerDay;
  if (limit === Infinity) return;
  const [row] = await db
    .select({ n: count() })
    .from(deployments)
    .where(and(eq(deployments.teamId, teamId), gt(deployments.createdAt, new Date(now - 86_400_000))));
  if ((row?.n ?? 0) >= limit) refuse(found.plan, found.name, `${limit} deployments a day`, limit);
}
