// Schemas of billing: the summary, billing details, payment method, invoices and cancellation.
import { z } from '@hono/zod-openapi';
import { BillingSchema } from './accounts';

const ms = z.number().describe('Milliseconds since the epoch.');
const line = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);

export const CardSchema = z
  .object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() })
  .openapi('Card');

export const BillingSummary = z
  .object({
    billing: BillingSchema,
    mode: z.enum(['stripe', 'self-hosted']).describe('self-hosted: no keys, nothing is charged, staff assign plans.'),
    testMode: z.boolean().describe("The configured Stripe key is a test key (sk_test_/rk_test_): Stripe's test mode."),
    publishableKey: z.string().nullable().describe('For Stripe.js on the billing page.'),
    paymentMethod: CardSchema.nullable(),
    cancelAtPeriodEnd: z.boolean().describe('Pro ends, and the team moves to Hobby, at periodEnd.'),
    periodEnd: ms.nullable(),
  })
  .openapi('BillingSummary');

export const AddressSchema = z
  .object({
    line1: line(200),
    line2: line(200).default(''),
    city: line(100),
    postalCode: line(20),
    state: line(100).default(''),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'Use the two-letter country code (ISO 3166-1), e.g. DE or US.')
      .transform((c) => c.toUpperCase()),
  })
  .openapi('BillingAddress');

export const BillingDetailsSchema = z
  .object({
    name: line(200).nullable(),
    email: z
      .string()
      .trim()
      .email('Use an e-mail address.')
      .max(320)
      .nullable()
      .describe('Invoices are mailed here too.'),
    address: AddressSchema.nullable(),
    taxId: line(64).nullable().describe('VAT or other tax number, printed on invoices.'),
  })
  .openapi('BillingDetails');

export const BillingDetailsUpdate = BillingDetailsSchema.partial().openapi('BillingDetailsUpdate');

export const SetupReply = z
  .object({
    clientSecret: z.string().nullable().describe("The SetupIntent's secret, for Stripe.js's confirmSetup."),
    publishableKey: z.string().nullable(),
  })
  .openapi('PaymentSetup');

export const PaymentMethodReply = z.object({ paymentMethod: CardSchema.nullable() }).openapi('PaymentMethod');
export const PaymentMethodUpdate = z
  .object({ paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'A Stripe payment method id (pm_...).') })
  .openapi('PaymentMethodUpdate');

export const InvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    status: z.string().nullable(),
    currency: z.string(),
    amountDue: z.number().describe('Cents.'),
    amountPaid: z.number(),
    total: z.number(),
    created: ms,
    periodStart: ms,
    periodEnd: ms,
    hostedInvoiceUrl: z.string().nullable().describe("Stripe's page to view and pay it."),
    invoicePdf: z.string().nullable().describe('Download link of the PDF.'),
  })
  .openapi('Invoice');

export const InvoiceList = z.object({ invoices: z.array(InvoiceSchema) }).openapi('InvoiceList');

export const NextInvoice = z
  .object({
    charged: z.boolean().describe('False in self-hosted billing or without a subscription: nothing is invoiced.'),
    currency: z.string(),
    subscriptionCents: z.number(),
    overageCents: z.number(),
    totalCents: z.number(),
    periodStart: ms,
    periodEnd: ms.nullable(),
    overage: z.array(
      z.object({
        metric: z.string(),
        used: z.number(),
        included: z.number(),
        over: z.number(),
        amountCents: z.number(),
      }),
    ),
  })
  .openapi('NextInvoice');

export const InvoiceMonitoring = z
  .object({
    charged: z
      .boolean()
      .describe('False in self-hosted billing or without a subscription: usage is metered, not invoiced.'),
    currency: z.string(),
    periodStart: ms,
    periodEnd: ms.nullable(),
    usageCents: z.number().describe('The usage lines of the next invoice if the period ended now.'),
    meters: z.array(
      z.object({
        metric: z.string(),
        used: z.number(),
        included: z.number().nullable().describe('Null: the plan includes any amount.'),
        over: z.number(),
        amountCents: z.number(),
        percentOfIncluded: z.number().nullable(),
      }),
    ),
  })
  .openapi('InvoiceMonitoring');

export const OnboardingEvent = z
  .object({
    event: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'Use 1-64 lower-case letters, digits, dots, dashes or underscores.')
      .describe('The onboarding step, e.g. `invited_member`, `added_domain`, `viewed_usage`.'),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  })
  .openapi('ProTrialOnboardingEvent');

export const OnboardingEventRecorded = z
  .object({ id: z.string(), event: z.string(), createdAt: ms })
  .openapi('ProTrialOnboardingEventRecorded');

export const OnboardingEventList = z
  .object({
    events: z.array(z.object({ id: z.string(), event: z.string(), userId: z.string(), createdAt: ms })),
  })
  .openapi('ProTrialOnboardingEvents');

export const DowngradePreview = z
  .object({
    from: z.enum(['hobby', 'pro', 'enterprise']),
    to: z.literal('hobby'),
    endsAt: ms.describe('When the team would move to Hobby: the end of the period paid for.'),
    losses: z.array(z.object({ key: z.string(), message: z.string() })).describe('What stops working.'),
  })
  .openapi('DowngradePreview');

export const WebhookReply = z.object({ received: z.boolean(), applied: z.boolean() }).openapi('StripeWebhookReply');

export const AddressQuery = z.object({
  q: z.string().max(100, 'At most 100 characters.').describe('What was typed: a country name or code.'),
  teamId: z.string().max(320).optional(),
  slug: z.string().max(320).optional(),
});

export const AddressSuggestions = z
  .object({ suggestions: z.array(z.object({ country: z.string(), name: z.string() })) })
  .openapi('AddressSuggestions');
