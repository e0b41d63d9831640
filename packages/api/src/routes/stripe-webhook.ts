// POST /stripe/webhook - Stripe's events (services/stripe-webhook.ts). Public: the signature over the
// raw body is the proof, so the body is read as text and never parsed before the library checks it.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { WebhookReply } from '../schemas/billing';
import { errors, json } from '../schemas/common';
import { handleWebhook } from '../services/stripe-webhook';

export function stripeWebhookRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  app.openapi(
    createRoute({
      method: 'post',
      path: '/stripe/webhook',
      tags: ['Billing'],
      summary: 'Receive a Stripe event (signed with the endpoint secret)',
      responses: { 200: json(WebhookReply), ...errors },
    }),
    async (c) => c.json(await handleWebhook(c.var.options, await c.req.text(), c.req.header('stripe-signature')), 200),
  );
  return app;
}
