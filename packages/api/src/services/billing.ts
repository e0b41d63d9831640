// Billing of the team in scope: its summary (plan, mode, test mode, card, scheduled cancellation),
// the plan change behind the upgrade modal (`POST /api/v1/plan/change`, docs/spec.md), cancelling Pro
// at the end of the period with what will stop working listed first, and the billing details. With
// Stripe keys a paid plan is a Stripe subscription (services/stripe-billing.ts); without them billing is
// self-hosted: nothing is charged and staff assign paid plans. Who may read or change it is in the permission table.
import { countrySuggestions, downgradeLosses, type PlanId } from '@nimbus/core';
import * as db from '@nimbus/db';
import { teamJson } from '../serialize';
import { authorize } from './access';
import { audit } from './audit';
import type { ServiceContext } from './context';
import {
  cancelSubscription,
  dayAfter,
  monthStart,
  subscribePro,
  subscriptionState,
  updateCustomerDetails,
} from './stripe-billing';
import { billingMode, isTestKey, requireStripe, stripeCall } from './stripe-client';

export async function get(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:read');
  await settleDueCancellation(ctx, scope.teamId);
  const team = await db.getTeamForUser(ctx.db, ctx.actor.user.id, scope.teamId);
  const account = await db.getTeamBilling(ctx.db, scope.teamId);
  const mode = billingMode(ctx.options);
  return {
    billing: teamJson(team).billing,
    mode,
    testMode: mode === 'stripe' && isTestKey(ctx.options.stripe?.secretKey),
    publishableKey: ctx.options.stripe?.publishableKey ?? null,
    paymentMethod: account.paymentMethod,
    cancelAtPeriodEnd: account.cancelAtPeriodEnd,
    periodEnd: account.periodEnd?.getTime() ?? null,
  };
}

/** hobby → pro starts the 14-day trial once per team; later upgrades are paid at once. */
export async function changePlan(ctx: ServiceContext, plan: string) {
  const scope = await authorize(ctx, 'billing:update');
  const team = { id: scope.teamId, slug: scope.slug };
  const account = await db.getTeamBilling(ctx.db, scope.teamId);
  const result =
    ctx.options.stripe && plan === 'pro'
      ? await subscribePro(ctx, team)
      : ctx.options.stripe && plan === 'hobby' && account.stripeSubscriptionId
        ? refuseImmediateDowngrade()
        : await applyPlanChange(ctx, team, plan);
  return { ...result, team: teamJson({ ...result.team, role: scope.role }, ctx.actor.user.id) };
}

function refuseImmediateDowngrade(): never {
  throw new db.DomainError(
    'bad_request',
    'This team pays for Pro through Stripe: cancel it in Billing settings (POST /v1/billing/cancel); it stays on Pro until the end of the period paid for.',
  );
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
  await db.updateTeamBilling(ctx.db, team.id, { cancelAtPeriodEnd: false, periodEnd: null });
  await audit(
    ctx,
    'team.plan_changed',
    { type: 'team', id: team.id, name: team.slug },
    { from: before.plan, to: result.team.plan, trial: result.team.billingStatus === 'trialing', ...extra },
    team.id,
  );
  return result;
}

/** What stops working if the team in scope moves to Hobby, and when it would. */
export async function downgradePreview(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:read');
  const [team] = await db.teamsByIds(ctx.db, [scope.teamId]);
  const counts = await db.teamFootprintCounts(ctx.db, scope.teamId);
  const now = new Date();
  const usage = await db.usageTotals(ctx.db, scope.teamId, monthStart(now), dayAfter(now));
  const from = team!.plan as PlanId;
  return {
    from,
    to: 'hobby' as const,
    endsAt: (await periodEndOf(ctx, scope.teamId)).getTime(),
    losses: from === 'hobby' ? [] : downgradeLosses(from, 'hobby', { ...counts, usage }),
  };
}

/** Cancels Pro at the end of the period (Stripe's `cancel_at_period_end`); `keep` withdraws it. */
export async function scheduleCancel(ctx: ServiceContext, cancel: boolean) {
  const scope = await authorize(ctx, 'billing:update');
  const [team] = await db.teamsByIds(ctx.db, [scope.teamId]);
  if (team!.plan !== 'pro') {
    throw new db.DomainError('bad_request', `Only Pro is cancelled here; this team is on ${team!.plan}.`);
  }
  const account = await db.getTeamBilling(ctx.db, scope.teamId);
  if (ctx.options.stripe && account.stripeSubscriptionId) {
    const subscription = await cancelSubscription(ctx, account.stripeSubscriptionId, cancel);
    await db.applyBillingState(ctx.db, scope.teamId, subscriptionState(subscription));
  } else {
    const periodEnd = cancel ? await periodEndOf(ctx, scope.teamId) : null;
    await db.updateTeamBilling(ctx.db, scope.teamId, { cancelAtPeriodEnd: cancel, periodEnd });
  }
  await audit(ctx, cancel ? 'billing.cancel_scheduled' : 'billing.cancel_withdrawn', {
    type: 'team',
    id: scope.teamId,
    name: scope.slug,
  });
  return get(ctx);
}

/** The end of the period paid for: Stripe's, the trial's end, else the end of this calendar month. */
async function periodEndOf(ctx: ServiceContext, teamId: string): Promise<Date> {
  const account = await db.getTeamBilling(ctx.db, teamId);
  if (account.periodEnd) return account.periodEnd;
  const [team] = await db.teamsByIds(ctx.db, [teamId]);
  if (team?.billingStatus === 'trialing' && team.trialEnd) return team.trialEnd;
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Self-hosted billing has no Stripe to end the period: a cancellation that is due moves the team to Hobby on its next read. */
async function settleDueCancellation(ctx: ServiceContext, teamId: string) {
  const account = await db.getTeamBilling(ctx.db, teamId);
  if (!account.cancelAtPeriodEnd || account.stripeSubscriptionId || !account.periodEnd) return;
  if (account.periodEnd.getTime() > Date.now()) return;
  await db.applyBillingState(ctx.db, teamId, {
    plan: 'hobby',
    status: 'active',
    trialEnd: null,
    subscriptionId: null,
    cancelAtPeriodEnd: false,
    periodEnd: null,
  });
}

export async function getDetails(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:read');
  return detailsJson(await db.getTeamBilling(ctx.db, scope.teamId));
}

export async function saveDetails(ctx: ServiceContext, input: Partial<db.BillingDetails>) {
  const scope = await authorize(ctx, 'billing:update');
  const current = await db.getTeamBilling(ctx.db, scope.teamId);
  const details: db.BillingDetails = {
    name: input.name === undefined ? current.name : input.name,
    email: input.email === undefined ? current.email : input.email,
    address: input.address === undefined ? current.address : input.address,
    taxId: input.taxId === undefined ? current.taxId : input.taxId,
  };
  if (ctx.options.stripe && current.stripeCustomerId) {
    requireStripe(ctx.options);
    await stripeCall(() => updateCustomerDetails(ctx, current.stripeCustomerId!, details));
  }
  const saved = await db.saveBillingDetails(ctx.db, scope.teamId, details);
  await audit(ctx, 'billing.details_updated', { type: 'team', id: scope.teamId, name: scope.slug });
  return detailsJson(saved);
}

/** Countries matching what was typed in a billing address's country field (their two-letter codes). */
export async function autocompleteAddress(ctx: ServiceContext, query: string) {
  await authorize(ctx, 'billing:read');
  return { suggestions: countrySuggestions(query).map((c) => ({ country: c.code, name: c.name })) };
}

function detailsJson(row: db.TeamBillingRow) {
  return { name: row.name, email: row.email, address: row.address, taxId: row.taxId };
}

/** The event-stream topic of Pro-trial onboarding steps; staff read it in /admin's event stream. */
export const ONBOARDING_TOPIC = 'pro_trial_onboarding';

/**
 * One step of a team's Pro-trial onboarding (`POST /api/v1/pro-trial-onboarding/event`): recorded in the
 * event stream with the team, the member and the trial's end, so staff see which steps trials take
 * before they convert. Only a team in its trial records steps; anything else is a 400 that says so.
 */
export async function recordOnboardingEvent(
  ctx: ServiceContext,
  input: { event: string; properties?: Record<string, string | number | boolean | null> },
) {
  const scope = await authorize(ctx, 'team:read');
  const team = await db.getTeamForUser(ctx.db, ctx.actor.user.id, scope.teamId);
  if (team.billingStatus !== 'trialing')
    throw new db.DomainError(
      'bad_request',
      'This team is not in a Pro trial, so there is no trial onboarding to record. Start the trial from Settings → Billing.',
    );
  const row = await db.recordActivityEvent(ctx.db, {
    topic: ONBOARDING_TOPIC,
    record: {
      team_id: scope.teamId,
      user_id: ctx.actor.user.id,
      event: input.event,
      properties: input.properties ?? {},
      trial_end: team.trialEnd?.getTime() ?? null,
    },
  });
  return { id: row.id, event: input.event, createdAt: row.createdAt.getTime() };
}

/** The onboarding steps the team's members recorded, newest first. */
export async function listOnboardingEvents(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'team:read');
  const rows = await db.listTeamTopicEvents(ctx.db, { topic: ONBOARDING_TOPIC, teamId: scope.teamId, limit: 100 });
  return {
    events: rows.map((row) => ({
      id: row.id,
      event: String(row.record.event),
      userId: String(row.record.user_id),
      createdAt: row.createdAt.getTime(),
    })),
  };
}
