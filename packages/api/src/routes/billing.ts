// Billing of the team in scope (services/billing.ts, services/stripe-billing.ts): the summary the
// billing page shows, the plan change behind the upgrade modal (`POST /api/v1/plan/change`,
// docs/spec.md), cancelling Pro at the end of the period, billing details, the card and invoices.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import {
  AddressQuery,
  AddressSuggestions,
  BillingDetailsSchema,
  BillingDetailsUpdate,
  BillingSummary,
  DowngradePreview,
  InvoiceList,
  InvoiceMonitoring,
  NextInvoice,
  OnboardingEvent,
  OnboardingEventList,
  OnboardingEventRecorded,
  PaymentMethodReply,
  PaymentMethodUpdate,
  SetupReply,
} from '../schemas/billing';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import { PlanChange, PlanChangeReply } from '../schemas/teams';
import * as billing from '../services/billing';
import * as stripeBilling from '../services/stripe-billing';

const auth = [{ bearer: [] }];
const tags = ['Billing'];

export function billingRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  const get = (path: string, summary: string, reply: Parameters<typeof json>[0]) =>
    createRoute({
      method: 'get',
      path,
      tags,
      summary,
      security: auth,
      request: { query: ScopeQuery },
      responses: { 200: json(reply), ...errors },
    });

  // POST /v1/plan/change - upgrade or downgrade the team in scope (owners and billing)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/plan/change',
      tags,
      summary: 'Change the plan',
      security: auth,
      request: { query: ScopeQuery, ...body(PlanChange) },
      responses: { 200: json(PlanChangeReply), ...errors },
    }),
    async (c) => c.json(await billing.changePlan(c.var.ctx, c.req.valid('json').plan), 200),
  );

  // GET /v1/billing - plan, status, trial, billing mode, card and scheduled cancellation of the team in scope
  app.openapi(get('/v1/billing', 'Get billing', BillingSummary), async (c) =>
    c.json(await billing.get(c.var.ctx), 200),
  );

  // GET /v1/billing/downgrade - what stops working if the team moves to Hobby, and when
  app.openapi(get('/v1/billing/downgrade', 'Preview a downgrade', DowngradePreview), async (c) =>
    c.json(await billing.downgradePreview(c.var.ctx), 200),
  );

  // POST /v1/billing/cancel - cancel Pro at the end of the period; DELETE keeps it
  for (const method of ['post', 'delete'] as const) {
    app.openapi(
      createRoute({
        method,
        path: '/v1/billing/cancel',
        tags,
        summary: method === 'post' ? 'Cancel Pro at the end of the period' : 'Keep Pro (withdraw the cancellation)',
        security: auth,
        request: { query: ScopeQuery },
        responses: { 200: json(BillingSummary), ...errors },
      }),
      async (c) => c.json(await billing.scheduleCancel(c.var.ctx, method === 'post'), 200),
    );
  }

  // GET /v0/billing-details - name, e-mail, address and tax id printed on invoices
  app.openapi(get('/v0/billing-details', 'Get billing details', BillingDetailsSchema), async (c) =>
    c.json(await billing.getDetails(c.var.ctx), 200),
  );

  // PATCH /v0/billing-details - change them (owners and billing)
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v0/billing-details',
      tags,
      summary: 'Update billing details',
      security: auth,
      request: { query: ScopeQuery, ...body(BillingDetailsUpdate) },
      responses: { 200: json(BillingDetailsSchema), ...errors },
    }),
    async (c) => c.json(await billing.saveDetails(c.var.ctx, c.req.valid('json')), 200),
  );

  // GET /v0/autocomplete-address - countries for the billing address's country, by name or code
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/autocomplete-address',
      tags,
      summary: 'Suggest the country of a billing address',
      security: auth,
      request: { query: AddressQuery },
      responses: { 200: json(AddressSuggestions), ...errors },
    }),
    async (c) => c.json(await billing.autocompleteAddress(c.var.ctx, c.req.valid('query').q), 200),
  );

  // POST /stripe/sources/setup - a SetupIntent for Stripe.js to save a card
  app.openapi(
    createRoute({
      method: 'post',
      path: '/stripe/sources/setup',
      tags,
      summary: 'Start saving a payment method',
      security: auth,
      request: { query: ScopeQuery },
      responses: { 200: json(SetupReply), ...errors },
    }),
    async (c) => c.json(await stripeBilling.createSetup(c.var.ctx), 200),
  );

  // GET /stripe/sources/payment-method - the card on file
  app.openapi(get('/stripe/sources/payment-method', 'Get the payment method', PaymentMethodReply), async (c) =>
    c.json(await stripeBilling.getPaymentMethod(c.var.ctx), 200),
  );

  // PUT /stripe/sources/payment-method - make a confirmed payment method the default
  app.openapi(
    createRoute({
      method: 'put',
      path: '/stripe/sources/payment-method',
      tags,
      summary: 'Set the payment method',
      security: auth,
      request: { query: ScopeQuery, ...body(PaymentMethodUpdate) },
      responses: { 200: json(PaymentMethodReply), ...errors },
    }),
    async (c) => c.json(await stripeBilling.setPaymentMethod(c.var.ctx, c.req.valid('json').paymentMethodId), 200),
  );

  // GET /stripe/invoices - the team's invoices with their view and download links
  app.openapi(get('/stripe/invoices', 'List invoices', InvoiceList), async (c) =>
    c.json(await stripeBilling.listInvoices(c.var.ctx), 200),
  );

  // GET /stripe/invoices/next - the next invoice: subscription and overage so far
  app.openapi(get('/stripe/invoices/next', 'Preview the next invoice', NextInvoice), async (c) =>
    c.json(await stripeBilling.nextInvoice(c.var.ctx), 200),
  );

  // GET /stripe/invoices/monitoring - the period's usage charges as they accrue, every meter against the plan
  app.openapi(get('/stripe/invoices/monitoring', 'Monitor usage charges', InvoiceMonitoring), async (c) =>
    c.json(await stripeBilling.invoiceMonitoring(c.var.ctx), 200),
  );

  // POST /v1/pro-trial-onboarding/event - record a step of the team's Pro-trial onboarding
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/pro-trial-onboarding/event',
      tags,
      summary: 'Record a Pro-trial onboarding step',
      security: auth,
      request: { query: ScopeQuery, ...body(OnboardingEvent) },
      responses: { 200: json(OnboardingEventRecorded), ...errors },
    }),
    async (c) => c.json(await billing.recordOnboardingEvent(c.var.ctx, c.req.valid('json')), 200),
  );

  // GET /v1/pro-trial-onboarding/event - the steps the team recorded, newest first
  app.openapi(
    get('/v1/pro-trial-onboarding/event', 'List Pro-trial onboarding steps', OnboardingEventList),
    async (c) => c.json(await billing.listOnboardingEvents(c.var.ctx), 200),
  );

  return app;
}
