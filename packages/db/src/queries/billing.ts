// Plan changes: hobby → pro starts the 14-day trial once per team; later upgrades are paid at once;
// pro → hobby downgrades. Enterprise is sold by people, not by this call. Every change also adds a
// row to the team's plan history in the same transaction (`plan_history`), which the derived
// analytics traits are computed from (`teamPlanTraits`).

import { type PlanHistoryEntry, type PlanTraits, PRO_TRIAL_DAYS, planTraits } from '@nimbus/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import type { Team } from '../schema';
import { planHistory, teams } from '../schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Adds a row to a team's plan history; call it inside the transaction that changes the plan. */
export async function recordPlanStart(
  db: Db | Tx,
  input: { teamId: string; plan: Team['plan']; status: Team['billingStatus']; startedAt: Date; trialEnd?: Date | null },
): Promise<void> {
  await db.insert(planHistory).values({ id: newId('plh'), ...input, trialEnd: input.trialEnd ?? null });
}

/** A team's plan history, oldest first, as the traits function reads it. */
export async function listPlanHistory(db: Db, teamId: string): Promise<PlanHistoryEntry[]> {
  const rows = await db
    .select()
    .from(planHistory)
    .where(eq(planHistory.teamId, teamId))
    .orderBy(asc(planHistory.startedAt), asc(planHistory.id));
  return rows.map((r) => ({
    plan: r.plan,
    status: r.status,
    startedAt: r.startedAt.getTime(),
    trialEnd: r.trialEnd?.getTime() ?? null,
  }));
}

/** A team's plan, for limits applied where no caller is signed in (a build, a function's runner); hobby when the team is gone. */
export async function teamPlan(db: Db, teamId: string): Promise<Team['plan']> {
  const [row] = await db.select({ plan: teams.plan }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return row?.plan ?? 'hobby';
}

/** The derived analytics traits of a team at `now` (docs/spec.md §3). */
export async function teamPlanTraits(db: Db, teamId: string, isStaff: boolean, now = Date.now()): Promise<PlanTraits> {
  return planTraits(await listPlanHistory(db, teamId), now, isStaff);
}

export type ConversionType = 'trial' | 'paid' | 'downgrade';

export async function changePlan(db: Db, teamId: string, plan: string, now = new Date()) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound('The team');
  if (plan === 'enterprise')
    throw new DomainError(
      'bad_request',
      'Enterprise plans are arranged with our sales team: contact us at /contact/sales.',
    );
  if (plan !== 'pro' && plan !== 'hobby') throw new DomainError('bad_request', 'plan must be "pro" or "hobby".');
  if (team.plan === plan) throw new DomainError('conflict', `This team is already on the ${plan} plan.`);
  if (plan === 'pro' && team.personal) {
    throw new DomainError('bad_request', 'Pro is for teams. Create a team, then upgrade it to Pro.');
  }
  let values: Partial<Team>;
  let conversionType: ConversionType;
  if (plan === 'pro' && !team.hadTrial) {
    const trialEnd = new Date(now.getTime() + PRO_TRIAL_DAYS * 86_400_000);
    values = { plan, billingStatus: 'trialing', trialStart: now, trialEnd, hadTrial: true };
    conversionType = 'trial';
  } else if (plan === 'pro') {
    values = { plan, billingStatus: 'active', trialStart: null, trialEnd: null };
    conversionType = 'paid';
  } else {
    values = { plan, billingStatus: 'active', trialStart: null, trialEnd: null };
    conversionType = 'downgrade';
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(teams)
      .set({ ...values, planStartedAt: now, updatedAt: now })
      .where(eq(teams.id, teamId))
      .returning();
    await recordPlanStart(tx, {
      teamId,
      plan: row!.plan,
      status: row!.billingStatus,
      startedAt: now,
      trialEnd: row!.trialEnd,
    });
    return row;
  });
  return { team: updated!, priorPlan: team.plan, newPlan: updated!.plan, conversionType };
}
