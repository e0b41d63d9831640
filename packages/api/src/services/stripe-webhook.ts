// Stripe's webhook (`POST /api/stripe/webhook`): the library checks the signature against
// NIMBUS_STRIPE_WEBHOOK_SECRET on the raw body, or the event is refused with 400 and nothing changes.
// Each event id is claimed in `stripe_events` in the transaction of its effect (a plan change), or
// before an effect outside the database (overage lines, invoice mail) and given back if that fails,
// so an event delivered twice is applied once.
import * as db from '@nimbus/db';
import type Stripe from 'stripe';
import { deliver } from './mail';
import type { ApiOptions } from './options';
import { addOverage, saveDefaultCard, subscriptionState } from './stripe-billing';
import { stripeOf } from './stripe-client';

export async function handleWebhook(options: ApiOptions, payload: string, signature: string | undefined) {
  const stripe = stripeOf(options);
  const secret = options.stripe?.webhookSecret;
  if (!stripe || !secret) throw db.notFound('The Stripe webhook');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? '', secret);
  } catch {
    throw new db.DomainError('bad_request', 'The Stripe signature of this event does not match.');
  }
  return { received: true, applied: await apply(options, stripe, event) };
}

async function teamOf(database: db.Db, customer: string | { id: string } | null | undefined) {
  const id = typeof customer === 'string' ? customer : customer?.id;
  return id ? db.teamIdByStripeCustomer(database, id) : null;
}

/** Whether the event changed something (false: a repeat, or an event Nimbus does not act on). */
async function apply(options: ApiOptions, stripe: Stripe, event: Stripe.Event): Promise<boolean> {
  const database = options.db;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.resumed':
    case 'customer.subscription.paused': {
      const subscription = event.data.object;
      const teamId = await teamOf(database, subscription.customer);
      if (!teamId) return false;
      const deleted = event.type === 'customer.subscription.deleted';
      const result = await db.applyBillingState(database, teamId, subscriptionState(subscription, deleted), event);
      return !result.duplicate;
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      const teamId = await teamOf(database, intent.customer);
      const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
      if (!teamId || !method) return false;
      return once(database, event, teamId, () =>
        saveDefaultCard(database, stripe, teamId, String(intent.customer), method),
      );
    }
    case 'invoice.created': {
      const invoice = event.data.object;
      const teamId = await teamOf(database, invoice.customer);
      if (!teamId || invoice.billing_reason !== 'subscription_cycle' || invoice.status !== 'draft') return false;
      return once(database, event, teamId, () => addOverage(database, stripe, teamId, invoice));
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const teamId = await teamOf(database, invoice.customer);
      if (!teamId) return false;
      return once(database, event, teamId, () => mailInvoice(options, teamId, invoice, event.type === 'invoice.paid'));
    }
    default:
      return false;
  }
}

async function once(database: db.Db, event: Stripe.Event, teamId: string, effect: () => Promise<unknown>) {
  if (!(await db.claimStripeEvent(database, { id: event.id, type: event.type, teamId }))) return false;
  try {
    await effect();
  } catch (err) {
    await db.releaseStripeEvent(database, event.id);
    throw err;
  }
  return true;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** The invoice to the team's owners and its billing address, through SMTP or the team's outbox. */
async function mailInvoice(options: ApiOptions, teamId: string, invoice: Stripe.Invoice, paid: boolean) {
  const database = options.db;
  const [team] = await db.teamsByIds(database, [teamId]);
  const account = await db.getTeamBilling(database, teamId);
  const owners = (await db.listMembers(database, teamId)).filter((m) => m.role === 'OWNER').map((m) => m.email);
  const to = new Set([...(account.email ? [account.email] : []), ...owners]);
  const name = team?.name ?? team?.slug ?? teamId;
  const amount = money(paid ? invoice.amount_paid : invoice.amount_due, invoice.currency);
  const link =
    invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? `${options.publicUrl}/${team?.slug}/~/settings/billing`;
  const subject = paid
    ? `Nimbus invoice ${invoice.number ?? ''} for ${name}: ${amount} paid`.replace('  ', ' ')
    : `Payment of ${amount} for ${name} failed`;
  const text = paid
    ? `Thank you: ${amount} for ${name}'s Nimbus invoice ${invoice.number ?? ''} was paid.\n\nView or download it: ${link}`
    : `The payment of ${amount} for ${name}'s Nimbus invoice ${invoice.number ?? ''} failed. Update the payment method in Billing settings, then pay it here: ${link}`;
  for (const address of to) {
    const id = await db.queueTeamMail(database, teamId, { to: address, subject, text, link });
    await deliver(database, options, id);
  }
}
