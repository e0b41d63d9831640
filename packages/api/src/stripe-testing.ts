// A local stand-in for api.stripe.com in tests: an HTTP server the Stripe library is pointed at
// (NIMBUS_STRIPE_API_URL), answering the calls Nimbus makes with the JSON shapes Stripe documents and
// recording each request, so tests assert what Nimbus asked Stripe to do. Webhook events are signed
// by the library's own `webhooks.generateTestHeaderString`, never faked.
import { createServer } from 'node:http';
import Stripe from 'stripe';

export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
}

export async function startStripeReceiver() {
  const calls: StripeCall[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, any>>();
  const invoices: Record<string, unknown>[] = [];
  let seq = 0;
  const next = (prefix: string) => `${prefix}_${++seq}`;
  const now = () => Math.floor(Date.now() / 1000);

  const card = (id: string, customer: string | null) => ({
    id,
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  });

  function answer(method: string, path: string, form: Record<string, string>): [number, unknown] {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: next('cus'), object: 'customer', name: form.name ?? null, metadata: {} };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if ((m = path.match(/^\/v1\/customers\/(cus_\d+)$/))) {
      const customer = customers.get(m[1]!);
      if (!customer) return [404, { error: { type: 'invalid_request_error', message: 'No such customer' } }];
      Object.assign(customer, form.name ? { name: form.name } : {});
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = next('seti');
      return [200, { id, object: 'setup_intent', client_secret: `${id}_secret_x`, customer: form.customer }];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_methods\/(pm_\w+)$/))) return [200, card(m[1]!, null)];
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/(pm_\w+)\/attach$/)))
      return [200, card(m[1]!, form.customer ?? null)];
    if (method === 'GET' && path === '/v1/prices') return [200, { object: 'list', data: [], has_more: false }];
    if (method === 'POST' && path === '/v1/prices') return [200, { id: 'price_seat', object: 'price' }];
    if (method === 'POST' && path === '/v1/subscriptions') {
      const trialEnd = form.trial_end ? Number(form.trial_end) : null;
      const sub = {
        id: next('sub'),
        object: 'subscription',
        customer: form.customer,
        status: trialEnd ? 'trialing' : 'active',
        trial_end: trialEnd,
        cancel_at_period_end: false,
        metadata: { teamId: form['metadata[teamId]'] },
        items: {
          object: 'list',
          data: [
            {
              id: next('si'),
              object: 'subscription_item',
              quantity: Number(form['items[0][quantity]']),
              price: { id: form['items[0][price]'] },
              current_period_start: now(),
              current_period_end: trialEnd ?? now() + 30 * 86_400,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      return [200, sub];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/(sub_\d+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }];
      if (form.cancel_at_period_end) sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
      return [200, sub];
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/subscription_items\/(si_\d+)$/))) {
      for (const sub of subscriptions.values()) {
        const item = sub.items.data.find((i: { id: string }) => i.id === m![1]);
        if (item) item.quantity = Number(form.quantity);
      }
      return [200, { id: m[1], object: 'subscription_item', quantity: Number(form.quantity) }];
    }
    if (method === 'GET' && path === '/v1/invoices') return [200, { object: 'list', data: invoices, has_more: false }];
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      return [200, invoice({ id: null, status: 'draft', amount_due: 4000, customer: form.customer })];
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      return [200, { id: next('ii'), object: 'invoiceitem', amount: Number(form.amount), invoice: form.invoice }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unknown path ${method} ${path}` } }];
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      calls.push({ method: req.method ?? 'GET', path: url.pathname, form, idempotencyKey });
      const [status, body] = answer(req.method ?? 'GET', url.pathname, form);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    subscriptions,
    invoices,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe invoice as the API returns it, with view and download links. */
export function invoice(fields: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: 'in_1',
    object: 'invoice',
    number: 'NIM-0001',
    status: 'paid',
    currency: 'usd',
    amount_due: 2000,
    amount_paid: 2000,
    total: 2000,
    created: now,
    period_start: now - 30 * 86_400,
    period_end: now,
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/in_1',
    invoice_pdf: 'https://pay.stripe.com/invoice/acct_1/in_1/pdf',
    ...fields,
  };
}

/** An event body and its `Stripe-Signature` header, signed with the library's test helper. */
export function signedEvent(
  secret: string,
  type: string,
  object: unknown,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const stripe = new Stripe('sk_test_signing');
  return { id, payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
