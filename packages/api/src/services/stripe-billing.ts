// Billing through Stripe, when NIMBUS_STRIPE_SECRET_KEY is set: a customer per team, a card saved
// through a SetupIntent, Pro as a subscription with one seat per member (the first one with the
// 14-day trial), overage added to the monthly invoice from the usage totals, and the invoices. The
// team's plan follows the subscription through `db.applyBillingState`, here right after a call and
// in services/stripe-webhook.ts when Stripe reports a change.
import { type PlanId, PRO_TRIAL_DAYS, usageCost } from '@nimbus/core';
import * as db from '@nimbus/db';
import type Stripe from 'stripe';
import { authorize } from './access';
import { audit } from './audit';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';
import { proSeatPrice, requireStripe, stripeCall, stripeOf } from './stripe-client';

type TeamRef = { id: string; slug: string };

/** The first day of the month of `now`, `YYYY-MM-DD` (UTC), as the usage totals take days. */
export function monthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** The day after `now`: the exclusive end of totals that include today. */
export function dayAfter(now: Date): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** The team's Stripe customer, created on first use with the team id in its metadata. */
async function ensureCustomer(ctx: ServiceContext, teamId: string): Promise<string> {
  const account = await db.getTeamBilling(ctx.db, teamId);
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const stripe = requireStripe(ctx.options);
  const [team] = await db.teamsByIds(ctx.db, [teamId]);
  const customer = await stripeCall(() =>
    stripe.customers.create(
      {
        name: account.name ?? team?.name ?? team?.slug,
        email: account.email ?? ctx.actor.user.email,
        metadata: { teamId },
      },
      { idempotencyKey: `nimbus-customer-${teamId}` },
    ),
  );
  await db.updateTeamBilling(ctx.db, teamId, { stripeCustomerId: customer.id });
  return customer.id;
}

/** Starts saving a card: a SetupIntent whose client secret Stripe.js confirms in the browser. */
export async function createSetup(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:update');
  const stripe = requireStripe(ctx.options);
  const customer = await ensureCustomer(ctx, scope.teamId);
  const intent = await stripeCall(() => stripe.setupIntents.create({ customer, usage: 'off_session' }));
  return { clientSecret: intent.client_secret, publishableKey: ctx.options.stripe?.publishableKey ?? null };
}

export async function getPaymentMethod(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:read');
  return { paymentMethod: (await db.getTeamBilling(ctx.db, scope.teamId)).paymentMethod };
}

/** Makes a confirmed card the team's default for its subscription and invoices. */
export async function setPaymentMethod(ctx: ServiceContext, paymentMethodId: string) {
  const scope = await authorize(ctx, 'billing:update');
  const stripe = requireStripe(ctx.options);
  const customer = await ensureCustomer(ctx, scope.teamId);
  const card = await saveDefaultCard(ctx.db, stripe, scope.teamId, customer, paymentMethodId);
  await audit(ctx, 'billing.payment_method_updated', { type: 'team', id: scope.teamId, name: scope.slug });
  return { paymentMethod: card };
}

/** Attaches a payment method to the customer (when it is not yet), makes it the default and remembers the card. */
export async function saveDefaultCard(
  database: db.Db,
  stripe: Stripe,
  teamId: string,
  customer: string,
  paymentMethodId: string,
): Promise<db.TeamBillingRow['paymentMethod']> {
  let method = await stripeCall(() => stripe.paymentMethods.retrieve(paymentMethodId));
  const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  if (owner && owner !== customer)
    throw new db.DomainError('bad_request', 'This payment method belongs to someone else.');
  if (!owner) method = await stripeCall(() => stripe.paymentMethods.attach(paymentMethodId, { customer }));
  await stripeCall(() =>
    stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethodId } }),
  );
  const card = {
    id: method.id,
    brand: method.card?.brand ?? method.type,
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
  };
  await db.saveCardOnFile(database, teamId, card);
  return card;
}

/** hobby → pro through Stripe: needs a card; the team's first Pro starts with the trial. */
export async function subscribePro(ctx: ServiceContext, team: TeamRef) {
  const stripe = requireStripe(ctx.options);
  const [before] = await db.teamsByIds(ctx.db, [team.id]);
  if (!before) throw db.notFound('The team');
  if (before.personal)
    throw new db.DomainError('bad_request', 'Pro is for teams. Create a team, then upgrade it to Pro.');
  if (before.plan === 'pro') throw new db.DomainError('conflict', 'This team is already on the pro plan.');
  const account = await db.getTeamBilling(ctx.db, team.id);
  if (!account.stripeCustomerId || !account.paymentMethod) {
    throw new db.DomainError(
      'payment_required',
      'Add a payment method in Billing settings first. The first upgrade starts with a free trial; you are charged when it ends.',
    );
  }
  const trial = !before.hadTrial;
  const seats = await db.countSeats(ctx.db, team.id);
  const price = await stripeCall(() => proSeatPrice(ctx.options));
  const subscription = await stripeCall(() =>
    stripe.subscriptions.create({
      customer: account.stripeCustomerId!,
      items: [{ price, quantity: Math.max(1, seats) }],
      default_payment_method: account.paymentMethod!.id,
      metadata: { teamId: team.id },
      ...(trial && { trial_end: Math.ceil(Date.now() / 1000) + PRO_TRIAL_DAYS * 86_400 }),
    }),
  );
  await db.applyBillingState(ctx.db, team.id, subscriptionState(subscription));
  const [after] = await db.teamsByIds(ctx.db, [team.id]);
  await audit(
    ctx,
    'team.plan_changed',
    { type: 'team', id: team.id, name: team.slug },
    { from: before.plan, to: after!.plan, trial: after!.billingStatus === 'trialing', subscription: subscription.id },
    team.id,
  );
  return {
    team: after!,
    priorPlan: before.plan,
    newPlan: after!.plan,
    conversionType: trial ? ('trial' as const) : ('paid' as const),
  };
}

export async function cancelSubscription(ctx: ServiceContext, subscriptionId: string, cancel: boolean) {
  const stripe = requireStripe(ctx.options);
  return stripeCall(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
}

/** What a subscription means for the team: Pro while it is trialing, active or past due; Hobby once it ends. */
export function subscriptionState(subscription: Stripe.Subscription, deleted = false): db.BillingState {
  const live = !deleted && ['trialing', 'active', 'past_due'].includes(subscription.status);
  const periodEnd = subscription.items?.data?.[0]?.current_period_end;
  return {
    plan: live ? 'pro' : 'hobby',
    status: live && subscription.status === 'trialing' ? 'trialing' : 'active',
    trialEnd: live && subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    subscriptionId: live ? subscription.id : null,
    cancelAtPeriodEnd: live && subscription.cancel_at_period_end,
    periodEnd: live && periodEnd ? new Date(periodEnd * 1000) : null,
  };
}

export async function updateCustomerDetails(ctx: ServiceContext, customer: string, details: db.BillingDetails) {
  const stripe = requireStripe(ctx.options);
  const address = details.address;
  return stripe.customers.update(customer, {
    ...(details.name !== null && { name: details.name }),
    ...(details.email !== null && { email: details.email }),
    ...(address && {
      address: {
        line1: address.line1,
        line2: address.line2,
        city: address.city,
        postal_code: address.postalCode,
        state: address.state,
        country: address.country,
      },
    }),
    metadata: { taxId: details.taxId ?? '' },
  });
}

/** One subscription seat per member: called after someone joins or leaves a team that pays through Stripe. */
export async function syncSeats(options: ApiOptions, teamId: string): Promise<void> {
  const stripe = stripeOf(options);
  if (!stripe) return;
  const account = await db.getTeamBilling(options.db, teamId);
  if (!account.stripeSubscriptionId) return;
  try {
    const subscription = await stripe.subscriptions.retrieve(account.stripeSubscriptionId);
    const item = subscription.items.data[0];
    const seats = Math.max(1, await db.countSeats(options.db, teamId));
    if (item && item.quantity !== seats) {
      await stripe.subscriptionItems.update(item.id, { quantity: seats, proration_behavior: 'create_prorations' });
    }
  } catch (err) {
    // The member change stands; the next join or leave sets the count again.
    console.error('[billing] seat count not updated for', teamId, (err as Error).name);
  }
}

type InvoiceJson = ReturnType<typeof invoiceJson>;

function invoiceJson(invoice: Stripe.Invoice) {
  return {
    id: invoice.id ?? '',
    number: invoice.number,
    status: invoice.status,
    currency: invoice.currency,
    amountDue: invoice.amount_due,
    amountPaid: invoice.amount_paid,
    total: invoice.total,
    created: invoice.created * 1000,
    periodStart: invoice.period_start * 1000,
    periodEnd: invoice.period_end * 1000,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
  };
}

/** The team's invoices, newest first (none in self-hosted billing). */
export async function listInvoices(ctx: ServiceContext): Promise<{ invoices: InvoiceJson[] }> {
  const scope = await authorize(ctx, 'billing:read');
  const stripe = stripeOf(ctx.options);
  const account = await db.getTeamBilling(ctx.db, scope.teamId);
  if (!stripe || !account.stripeCustomerId) return { invoices: [] };
  const list = await stripeCall(() => stripe.invoices.list({ customer: account.stripeCustomerId!, limit: 24 }));
  return { invoices: list.data.map(invoiceJson) };
}

/** The next invoice: the subscription's preview and the overage of the period so far, which Nimbus adds to it. */
export async function nextInvoice(ctx: ServiceContext) {
  const scope = await authorize(ctx, 'billing:read');
  const [team] = await db.teamsByIds(ctx.db, [scope.teamId]);
  const stripe = stripeOf(ctx.options);
  const account = await db.getTeamBilling(ctx.db, scope.teamId);
  const now = new Date();
  let preview: Stripe.Invoice | null = null;
  if (stripe && account.stripeCustomerId && account.stripeSubscriptionId) {
    preview = await stripeCall(() =>
      stripe.invoices.createPreview({
        customer: account.stripeCustomerId!,
        subscription: account.stripeSubscriptionId!,
      }),
    );
  }
  const from = preview
    ? new Date(preview.period_start * 1000)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const usage = await db.usageTotals(ctx.db, scope.teamId, from.toISOString().slice(0, 10), dayAfter(now));
  const overage = usageCost(team!.plan as PlanId, usage);
  const charged = Boolean(preview);
  return {
    charged,
    currency: preview?.currency ?? 'usd',
    subscriptionCents: preview?.amount_due ?? 0,
    overageCents: charged ? overage.totalCents : 0,
    totalCents: (preview?.amount_due ?? 0) + (charged ? overage.totalCents : 0),
    periodStart: from.getTime(),
    periodEnd: preview ? preview.period_end * 1000 : null,
    overage: overage.lines.filter((line) => line.over > 0),
  };
}

/**
 * Usage-based charges of the current period as they accrue, every meter with its share of the plan
 * (`GET /api/stripe/invoices/monitoring`): what the next invoice's usage lines will be if the period
 * ended now, and how close each meter is to its included amount. Read from the same totals and prices
 * as the invoice (`usageCost`), so the figure watched is the figure billed.
 */
export async function invoiceMonitoring(ctx: ServiceContext) {
  const next = await nextInvoice(ctx);
  const scope = await authorize(ctx, 'billing:read');
  const [team] = await db.teamsByIds(ctx.db, [scope.teamId]);
  const from = new Date(next.periodStart).toISOString().slice(0, 10);
  const usage = await db.usageTotals(ctx.db, scope.teamId, from, dayAfter(new Date()));
  const cost = usageCost(team!.plan as PlanId, usage);
  return {
    charged: next.charged,
    currency: next.currency,
    periodStart: next.periodStart,
    periodEnd: next.periodEnd,
    usageCents: next.charged ? cost.totalCents : 0,
    meters: cost.lines.map((line) => ({
      metric: line.metric,
      used: line.used,
      included: Number.isFinite(line.included) ? line.included : null,
      over: line.over,
      amountCents: next.charged ? line.amountCents : 0,
      percentOfIncluded:
        Number.isFinite(line.included) && line.included > 0
          ? Math.round((line.used / line.included) * 1000) / 10
          : null,
    })),
  };
}

/**
 * Adds the period's overage to a subscription's renewal invoice while it is a draft, one line per
 * meter past the plan. The idempotency key makes Stripe take each line once even if this runs twice.
 */
export async function addOverage(database: db.Db, stripe: Stripe, teamId: string, invoice: Stripe.Invoice) {
  const [team] = await db.teamsByIds(database, [teamId]);
  if (!team || !invoice.id) return 0;
  const from = new Date(invoice.period_start * 1000).toISOString().slice(0, 10);
  const to = new Date(invoice.period_end * 1000).toISOString().slice(0, 10);
  const usage = await db.usageTotals(database, teamId, from, to);
  const cost = usageCost(team.plan as PlanId, usage);
  for (const line of cost.lines) {
    if (line.amountCents <= 0) continue;
    await stripe.invoiceItems.create(
      {
        customer: typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? ''),
        invoice: invoice.id,
        amount: line.amountCents,
        currency: invoice.currency,
        description: `Usage past the plan: ${line.metric} (${line.over} over ${line.included} included)`,
        metadata: { teamId, metric: line.metric, used: String(line.used) },
      },
      { idempotencyKey: `nimbus-overage-${invoice.id}-${line.metric}` },
    );
  }
  return cost.totalCents;
}
