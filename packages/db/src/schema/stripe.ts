// A team's billing account: its billing details (name, address, tax id), its Stripe customer and
// subscription when Stripe keys are set, the card on file and a cancellation scheduled for the end
// of the period. `stripe_events` holds the id of every webhook event already applied, written in the
// transaction that applies it, so an event Stripe delivers twice changes a team once.
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface BillingAddress {
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  state: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface CardOnFile {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const teamBilling = pgTable(
  'team_billing',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** Where invoices are mailed, besides the team's owners. */
    email: text('email'),
    address: jsonb('address').$type<BillingAddress>(),
    taxId: text('tax_id'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    paymentMethod: jsonb('payment_method').$type<CardOnFile>(),
    /** The plan falls back to Hobby when the period ends (Stripe's `cancel_at_period_end`). */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    periodEnd: ts('period_end'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_billing_customer_key').on(t.stripeCustomerId)],
);

export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    teamId: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    processedAt: ts('processed_at').notNull().defaultNow(),
  },
  (t) => [index('stripe_events_team_idx').on(t.teamId)],
);
