// A team's billing account (schema/stripe.ts): billing details, its Stripe customer and subscription,
// the card on file, a cancellation at the end of the period, and the webhook events already applied.
// `applyBillingState` is the one way a subscription's state reaches the team's plan: it claims the
// event id and changes the plan in one transaction, so a delivery repeated by Stripe is a no-op.
import { PRO_TRIAL_DAYS } from '@nimbus/core';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { notFound } from '../errors';
import {
  type BillingAddress,
  type CardOnFile,
  invitations,
  memberships,
  projects,
  stripeEvents,
  teamBilling,
  teamSso,
  teams,
} from '../schema';
import { recordPlanStart } from './billing';
import type { Team } from './teams';

export type TeamBillingRow = typeof teamBilling.$inferSelect;

export interface BillingDetails {
  name: string | null;
  email: string | null;
  address: BillingAddress | null;
  taxId: string | null;
}

/** The team's billing account; a team that never saved one reads as empty. */
export async function getTeamBilling(db: Db, teamId: string): Promise<TeamBillingRow> {
  const [row] = await db.select().from(teamBilling).where(eq(teamBilling.teamId, teamId));
  return (
    row ?? {
      teamId,
      name: null,
      email: null,
      address: null,
      taxId: null,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      paymentMethod: null,
      cancelAtPeriodEnd: false,
      periodEnd: null,
      updatedAt: new Date(0),
    }
  );
}

type BillingUpdate = Partial<Omit<TeamBillingRow, 'teamId' | 'updatedAt'>>;

/** Creates or updates the team's billing account with the given fields. */
export async function updateTeamBilling(db: Db, teamId: string, values: BillingUpdate): Promise<TeamBillingRow> {
  const now = new Date();
  const [row] = await db
    .insert(teamBilling)
    .values({ teamId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: teamBilling.teamId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

export async function saveBillingDetails(db: Db, teamId: string, details: BillingDetails) {
  return updateTeamBilling(db, teamId, details);
}

export async function saveCardOnFile(db: Db, teamId: string, card: CardOnFile | null) {
  return updateTeamBilling(db, teamId, { paymentMethod: card });
}

/** The team a Stripe customer belongs to, or null. */
export async function teamIdByStripeCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ teamId: teamBilling.teamId })
    .from(teamBilling)
    .where(eq(teamBilling.stripeCustomerId, customerId));
  return row?.teamId ?? null;
}

/** What a subscription says about the team: its plan, trial and the end of the period it pays for. */
export interface BillingState {
  plan: Team['plan'];
  status: Team['billingStatus'];
  trialEnd: Date | null;
  subscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  periodEnd: Date | null;
}

export interface AppliedBillingState {
  /** The event was applied before: nothing changed. */
  duplicate: boolean;
  /** Set when the plan changed. */
  planChange: { from: Team['plan']; to: Team['plan']; trial: boolean } | null;
}

/**
 * Applies a subscription's state to the team in one transaction. With an `event`, its id is claimed
 * first; an id already claimed means the event was applied, and nothing is written.
 */
export async function applyBillingState(
  db: Db,
  teamId: string,
  state: BillingState,
  event?: { id: string; type: string },
  now = new Date(),
): Promise<AppliedBillingState> {
  return db.transaction(async (tx) => {
    if (event) {
      const claimed = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, teamId })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (claimed.length === 0) return { duplicate: true, planChange: null };
    }
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
    if (!team) throw notFound('The team');
    const billing = {
      stripeSubscriptionId: state.subscriptionId,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      periodEnd: state.periodEnd,
      updatedAt: now,
    };
    await tx
      .insert(teamBilling)
      .values({ teamId, ...billing })
      .onConflictDoUpdate({ target: teamBilling.teamId, set: billing });
    const trialing = state.status === 'trialing';
    const unchanged =
      team.plan === state.plan &&
      team.billingStatus === state.status &&
      (team.trialEnd?.getTime() ?? null) === (trialing ? (state.trialEnd?.getTime() ?? null) : null);
    if (unchanged) return { duplicate: false, planChange: null };
    const trialEnd = trialing ? (state.trialEnd ?? new Date(now.getTime() + PRO_TRIAL_DAYS * 86_400_000)) : null;
    const [row] = await tx
      .update(teams)
      .set({
        plan: state.plan,
        billingStatus: state.status,
        trialStart: trialing ? (team.trialStart ?? now) : null,
        trialEnd,
        hadTrial: team.hadTrial || trialing,
        ...(team.plan !== state.plan ? { planStartedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(teams.id, teamId))
      .returning();
    if (team.plan !== state.plan || team.billingStatus !== state.status) {
      await recordPlanStart(tx, { teamId, plan: row!.plan, status: row!.billingStatus, startedAt: now, trialEnd });
    }
    return {
      duplicate: false,
      planChange: team.plan === state.plan ? null : { from: team.plan, to: row!.plan, trial: trialing },
    };
  });
}

/**
 * Claims a webhook event whose effect is outside the database (an invoice item, a mail). False when
 * it was claimed before. `releaseStripeEvent` gives it back when that effect failed, so Stripe's retry runs it.
 */
export async function claimStripeEvent(db: Db, event: { id: string; type: string; teamId: string | null }) {
  const claimed = await db.insert(stripeEvents).values(event).onConflictDoNothing().returning({ id: stripeEvents.id });
  return claimed.length > 0;
}

export async function releaseStripeEvent(db: Db, id: string): Promise<void> {
  await db.delete(stripeEvents).where(eq(stripeEvents.id, id));
}

/** How many members a team has: the seats of its Pro subscription. */
export async function countSeats(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.teamId, teamId));
  return row?.n ?? 0;
}

/** What a team uses that a smaller plan may not allow: members, pending invitations, projects, SSO. */
export async function teamFootprintCounts(db: Db, teamId: string, now = new Date()) {
  const [pending] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.teamId, teamId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)));
  const [projectCount] = await db.select({ n: count() }).from(projects).where(eq(projects.teamId, teamId));
  const [sso] = await db.select({ teamId: teamSso.teamId }).from(teamSso).where(eq(teamSso.teamId, teamId));
  return {
    members: await countSeats(db, teamId),
    invitations: pending?.n ?? 0,
    projects: projectCount?.n ?? 0,
    ssoConfigured: Boolean(sso),
  };
}
