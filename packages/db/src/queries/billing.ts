// Plan changes: hobby → pro starts the 14-day trial once per team; later upgrades are paid at once;
// pro → hobby downgrades. Enterprise is sold by people, not by this call.

import { PRO_TRIAL_DAYS } from '@nimbus/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { teams } from '../schema';
import type { Team } from './teams';

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
  const [updated] = await db
    .update(teams)
    .set({ ...values, planStartedAt: now, updatedAt: now })
    .where(eq(teams.id, teamId))
    .returning();
  return { team: updated!, priorPlan: team.plan, newPlan: updated!.plan, conversionType };
}
