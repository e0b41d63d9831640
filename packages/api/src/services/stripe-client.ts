// The Stripe client of this server, built from NIMBUS_STRIPE_* (ApiOptions.stripe), and the few
// rules every billing call shares: whether the keys are test keys, the Pro seat price, and Stripe's
// errors turned into the API's envelope. The secret key stays here: never logged, never in a reply.
import { PLANS } from '@nimbus/core';
import { DomainError } from '@nimbus/db';
import Stripe from 'stripe';
import type { ApiOptions, StripeSettings } from './options';

const clients = new WeakMap<StripeSettings, Stripe>();
const prices = new WeakMap<StripeSettings, Promise<string>>();

/** The Pro seat price's lookup key when NIMBUS_STRIPE_PRICE_ID is unset. */
export const PRO_SEAT_LOOKUP_KEY = 'nimbus_pro_seat';

export type BillingMode = 'stripe' | 'self-hosted';

export function billingMode(options: ApiOptions): BillingMode {
  return options.stripe ? 'stripe' : 'self-hosted';
}

/** Stripe's test mode: the billing page shows its badge exactly then. */
export function isTestKey(secretKey: string | undefined): boolean {
  return Boolean(secretKey && /^(sk|rk)_test_/.test(secretKey));
}

/** The client, or null in self-hosted billing. */
export function stripeOf(options: ApiOptions): Stripe | null {
  const settings = options.stripe;
  if (!settings) return null;
  let client = clients.get(settings);
  if (!client) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Nimbus' },
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
    clients.set(settings, client);
  }
  return client;
}

/** The client; a 400 in self-hosted billing, where nothing is charged. */
export function requireStripe(options: ApiOptions): Stripe {
  const client = stripeOf(options);
  if (!client) {
    throw new DomainError(
      'bad_request',
      'Billing on this Nimbus is managed by its operator: there is no payment method or invoice to manage here.',
    );
  }
  return client;
}

/** The price of one Pro seat a month: NIMBUS_STRIPE_PRICE_ID, else found or created once by lookup key. */
export function proSeatPrice(options: ApiOptions): Promise<string> {
  const settings = options.stripe!;
  if (settings.priceId) return Promise.resolve(settings.priceId);
  let price = prices.get(settings);
  if (!price) {
    const stripe = stripeOf(options)!;
    price = (async () => {
      const found = await stripe.prices.list({ lookup_keys: [PRO_SEAT_LOOKUP_KEY], active: true, limit: 1 });
      if (found.data[0]) return found.data[0].id;
      const created = await stripe.prices.create({
        currency: 'usd',
        unit_amount: (PLANS.pro.priceMonthly ?? 0) * 100,
        recurring: { interval: 'month' },
        product_data: { name: 'Nimbus Pro seat' },
        lookup_key: PRO_SEAT_LOOKUP_KEY,
      });
      return created.id;
    })();
    price.catch(() => prices.delete(settings));
    prices.set(settings, price);
  }
  return price;
}

/** Runs a Stripe call; a declined card is a 402 with Stripe's words, an outage a 503. */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    if (err.type === 'StripeCardError') throw new DomainError('payment_required', err.message);
    if (err.type === 'StripeInvalidRequestError') throw new DomainError('bad_request', `Stripe: ${err.message}`);
    throw new DomainError('billing_unavailable', 'Stripe could not be reached. Try again in a minute.');
  }
}
