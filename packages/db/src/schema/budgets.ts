// Spend management (`/v1/budgets`): a monthly amount per team, the alerts sent at 50, 75 and 100% of
// it (one row per team, month and threshold, so each is sent once however many processes check),
// and whether production pauses at 100% (`teams.production_paused_at`).
import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const budgets = pgTable('budgets', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  /** US cents per calendar month (UTC). */
  amountCents: integer('amount_cents').notNull(),
  /** Pause every production deployment of the team when the month's spend reaches the amount. */
  pauseProduction: boolean('pause_production').notNull().default(false),
  /** Where alerts are POSTed, signed with the secret (HMAC-SHA256, `x-nimbus-signature`). */
  webhookUrl: text('webhook_url'),
  /** The webhook's signing secret, sealed with the env-value cipher. */
  webhookSecret: text('webhook_secret'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** `YYYY-MM` (UTC). */
    month: text('month').notNull(),
    /** 50, 75 or 100. */
    threshold: integer('threshold').notNull(),
    spentCents: integer('spent_cents').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.month, t.threshold] })],
);
