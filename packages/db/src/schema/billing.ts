// The plan history of every team: one row per plan change, written in the transaction that changes
// the plan (queries/billing.ts), so the derived analytics traits (packages/core/src/plan-traits.ts)
// and later billing reports read what happened rather than only the team's current row.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const planHistory = pgTable(
  'plan_history',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<'hobby' | 'pro' | 'enterprise'>().notNull(),
    status: text('status').$type<'active' | 'trialing'>().notNull(),
    startedAt: ts('started_at').notNull(),
    /** The end of the Pro trial this row starts; null for other rows. */
    trialEnd: ts('trial_end'),
  },
  (t) => [index('plan_history_team_started_idx').on(t.teamId, t.startedAt)],
);
