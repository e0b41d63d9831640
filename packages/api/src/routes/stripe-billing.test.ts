// Billing through Stripe against a local receiver of the library's calls (stripe-testing.ts); webhook
// events are signed by the library's own test-header helper.
import * as db from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../app';
import type { StripeSettings } from '../context';
import { invoice, signedEvent, startStripeReceiver } from '../stripe-testing';
import { clientFor, createTestApi, ORIGIN } from '../testing';

const WEBHOOK_SECRET = 'whsec_test_nimbus';
let stripe: Awaited<ReturnType<typeof startStripeReceiver>>;
let t: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  stripe = await startStripeReceiver();
  t = await createTestApi({
    stripe: {
      secretKey: 'sk_test_123',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_123',
      apiUrl: stripe.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Another server on the same database with other Stripe settings. */
function apiWith(settings: StripeSettings | undefined) {
  const options = { db: t.db, publicUrl: ORIGIN, deployDomain: 'localhost', staffTeam: 'staff-team', stripe: settings };
  return clientFor(createApi(options));
}

function deliver(event: { payload: string; signature: string }) {
  return t.app.request(`${ORIGIN}/stripe/webhook`, {
    method: 'POST',
    headers: { host: 'localhost:3000', 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.payload,
  });
}

/** A team with a Stripe customer and a saved card, still on Hobby. */
async function teamWithCard(email: string, name: string) {
  const owner = await t.signup(email);
  const team = (await t.call('POST', '/v1/teams', { token: owner.token, body: { name } })).json;
  const q = `?teamId=${team.id}`;
  const setup = await t.call('POST', `/stripe/sources/setup${q}`, { token: owner.token });
  expect(setup.status).toBe(200);
  expect(setup.json.clientSecret).toMatch(/^seti_\d+_secret_/);
  const card = await t.call('PUT', `/stripe/sources/payment-method${q}`, {
    token: owner.token,
    body: { paymentMethodId: 'pm_card_visa' },
  });
  expect(card.json.paymentMethod).toMatchObject({ brand: 'visa', last4: '4242' });
  const customer = (await db.getTeamBilling(t.db, team.id)).stripeCustomerId!;
  return { owner, team, q, customer };
}

describe('billing through Stripe', () => {
  it('shows the test-mode badge exactly for test keys, and none in self-hosted billing', async () => {
    const owner = await t.signup('badge@example.com');
    const test = await t.call('GET', '/v1/billing', { token: owner.token });
    expect(test.json).toMatchObject({ mode: 'stripe', testMode: true, publishableKey: 'pk_test_123' });
    expect(JSON.stringify(test.json)).not.toContain('sk_test_123');
    const live = apiWith({ secretKey: 'sk_live_123', apiUrl: stripe.url });
    expect((await live.call('GET', '/v1/billing', { token: owner.token })).json).toMatchObject({
      mode: 'stripe',
      testMode: false,
    });
    const restricted = apiWith({ secretKey: 'rk_test_9', apiUrl: stripe.url });
    expect((await restricted.call('GET', '/v1/billing', { token: owner.token })).json.testMode).toBe(true);
    const selfHosted = apiWith(undefined);
    expect((await selfHosted.call('GET', '/v1/billing', { token: owner.token })).json).toMatchObject({
      mode: 'self-hosted',
      testMode: false,
    });
  });

  it('needs a card to upgrade, then subscribes with one seat per member and the trial', async () => {
    const owner = await t.signup('no-card@example.com');
    const bare = (await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'No Card' } })).json;
    const refused = await t.call('POST', `/v1/plan/change?teamId=${bare.id}`, {
      token: owner.token,
      body: { plan: 'pro' },
    });
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({ code: 'payment_required' });
    expect(refused.json.error.message).toMatch(/payment method/);
    expect((await db.teamsByIds(t.db, [bare.id]))[0]!.plan).toBe('hobby');

    const { owner: o, team, q, customer } = await teamWithCard('card@example.com', 'Card Co');
    expect(
      stripe.calls.some((c) => c.path === `/v1/payment_methods/pm_card_visa/attach` && c.form.customer === customer),
    ).toBe(true);
    const up = await t.call('POST', `/v1/plan/change${q}`, { token: o.token, body: { plan: 'pro' } });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({
      newPlan: 'pro',
      conversionType: 'trial',
      team: { billing: { status: 'trialing' } },
    });
    const created = stripe.calls.findLast((c) => c.method === 'POST' && c.path === '/v1/subscriptions')!;
    expect(created.form).toMatchObject({ customer, 'items[0][quantity]': '1', default_payment_method: 'pm_card_visa' });
    expect(Number(created.form.trial_end) - Date.now() / 1000).toBeGreaterThan(13.9 * 86_400);

    const member = await t.signup('seat-two@example.com');
    const inv = await t.call('POST', `/v1/teams/${team.id}/members`, {
      token: o.token,
      body: { email: 'seat-two@example.com', role: 'MEMBER' },
    });
    await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: member.token });
    const seats = stripe.calls.findLast((c) => c.path.startsWith('/v1/subscription_items/'));
    expect(seats?.form.quantity).toBe('2');

    const down = await t.call('POST', `/v1/plan/change${q}`, { token: o.token, body: { plan: 'hobby' } });
    expect(down.status).toBe(400);
    expect(down.json.error.message).toMatch(/cancel/i);
    const cancel = await t.call('POST', `/v1/billing/cancel${q}`, { token: o.token });
    expect(cancel.json).toMatchObject({ cancelAtPeriodEnd: true, billing: { plan: 'pro' } });
    expect(stripe.calls.at(-1)!.form.cancel_at_period_end).toBe('true');
    const keep = await t.call('DELETE', `/v1/billing/cancel${q}`, { token: o.token });
    expect(keep.json.cancelAtPeriodEnd).toBe(false);
  });

  it('upgrades a team exactly once from a signed subscription event delivered twice; a bad signature changes nothing', async () => {
    const { team, customer } = await teamWithCard('hook@example.com', 'Hook Co');
    const now = Math.floor(Date.now() / 1000);
    const subscription = {
      id: 'sub_hook',
      object: 'subscription',
      customer,
      status: 'active',
      trial_end: null,
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ id: 'si_hook', quantity: 1, current_period_end: now + 30 * 86_400 }] },
    };
    const forged = signedEvent('whsec_someone_else', 'customer.subscription.created', subscription);
    const bad = await deliver(forged);
    expect(bad.status).toBe(400);
    expect((await db.teamsByIds(t.db, [team.id]))[0]!.plan).toBe('hobby');

    const event = signedEvent(WEBHOOK_SECRET, 'customer.subscription.created', subscription);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, applied: true });
    const second = await deliver(event);
    expect(await second.json()).toEqual({ received: true, applied: false });
    const [after] = await db.teamsByIds(t.db, [team.id]);
    expect(after).toMatchObject({ plan: 'pro', billingStatus: 'active' });
    const history = await db.listPlanHistory(t.db, team.id);
    expect(history.filter((h) => h.plan === 'pro')).toHaveLength(1);
    expect((await db.getTeamBilling(t.db, team.id)).stripeSubscriptionId).toBe('sub_hook');

    const ended = signedEvent(WEBHOOK_SECRET, 'customer.subscription.deleted', { ...subscription, status: 'canceled' });
    expect((await deliver(ended)).status).toBe(200);
    expect((await db.teamsByIds(t.db, [team.id]))[0]!.plan).toBe('hobby');
  });

  it('adds the period overage to the renewal invoice once, mails paid invoices once, and lists them', async () => {
    const { owner, team, q, customer } = await teamWithCard('overage@example.com', 'Overage Co');
    await t.call('POST', `/v1/plan/change${q}`, { token: owner.token, body: { plan: 'pro' } });
    const now = Math.floor(Date.now() / 1000);
    const day = new Date((now - 86_400) * 1000).toISOString().slice(0, 10);
    // 2,000 build minutes past Pro's 30,000 at $0.01 each: $20.00.
    await db.addUsage(t.db, [{ teamId: team.id, projectId: 'prj_x', metric: 'build_ms', day, value: 32_000 * 60_000 }]);
    const draft = invoice({
      id: 'in_cycle',
      customer,
      status: 'draft',
      period_start: now - 20 * 86_400,
      period_end: now + 86_400,
    });
    const created = signedEvent(WEBHOOK_SECRET, 'invoice.created', draft);
    await deliver(created);
    await deliver(created);
    const items = stripe.calls.filter((c) => c.path === '/v1/invoiceitems' && c.form.invoice === 'in_cycle');
    expect(items).toHaveLength(1);
    expect(items[0]!.form).toMatchObject({ amount: '2000', customer, 'metadata[metric]': 'build_ms' });
    expect(items[0]!.idempotencyKey).toBe('nimbus-overage-in_cycle-build_ms');

    const next = await t.call('GET', `/stripe/invoices/next${q}`, { token: owner.token });
    expect(next.json).toMatchObject({ charged: true, subscriptionCents: 4000, overageCents: 2000, totalCents: 6000 });

    const paid = signedEvent(WEBHOOK_SECRET, 'invoice.paid', invoice({ id: 'in_paid', customer }));
    await deliver(paid);
    await deliver(paid);
    const mail = (await db.listOutbox(t.db, team.id)).filter((m) => m.subject.includes('NIM-0001'));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'overage@example.com', link: 'https://invoice.stripe.com/i/acct_1/in_1' });
    expect(mail[0]!.subject).toContain('$20.00');

    stripe.invoices.push(invoice({ id: 'in_listed', customer }));
    const list = await t.call('GET', `/stripe/invoices${q}`, { token: owner.token });
    expect(list.json.invoices[0]).toMatchObject({
      id: 'in_listed',
      number: 'NIM-0001',
      hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/in_1',
      invoicePdf: 'https://pay.stripe.com/invoice/acct_1/in_1/pdf',
    });
  });

  it('keeps payment methods to owners and billing members', async () => {
    const { team, q } = await teamWithCard('pm-owner@example.com', 'PM Co');
    const stranger = await t.signup('pm-stranger@example.com');
    const res = await t.call('PUT', `/stripe/sources/payment-method${q}`, {
      token: stranger.token,
      body: { paymentMethodId: 'pm_card_visa' },
    });
    expect([403, 404]).toContain(res.status);
    const bad = await t.call('PUT', `/stripe/sources/payment-method?teamId=${team.id}`, {
      token: stranger.token,
      body: { paymentMethodId: 'not a pm' },
    });
    expect(bad.status).toBe(400);
  });
});
