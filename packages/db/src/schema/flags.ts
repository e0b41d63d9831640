// Feature flags defined by staff (docs/spec.md §7), the exposures browsers report when they read
// one, and the client errors browsers report (docs/spec.md §8). Exposures name the caller's user and
// team only as the API's `attribute` allows; client errors carry no user at all.
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  description: text('description').notNull().default(''),
  enabled: boolean('enabled').notNull().default(false),
  /** 0-100; `evaluateFlag` in @nimbus/core compares each team's bucket against it. */
  rolloutPercentage: integer('rollout_percentage').notNull().default(0),
  /** Team id to forced value. */
  overrides: jsonb('overrides').$type<Record<string, boolean>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const flagExposures = pgTable(
  'flag_exposures',
  {
    id: text('id').primaryKey(),
    flagKey: text('flag_key').notNull(),
    /** The value the browser saw, as text: `true` or `false`. */
    variant: text('variant').notNull(),
    userId: text('user_id'),
    teamId: text('team_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('flag_exposures_flag_idx').on(t.flagKey, t.variant)],
);

export const clientErrors = pgTable(
  'client_errors',
  {
    id: text('id').primaryKey(),
    /** window.onerror, an unhandled rejection, or a failed API call. */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    /** The page's path when it happened. */
    path: text('path').notNull(),
    /** The failing call's `x-nimbus-id` and trace id, when the error came from one. */
    requestId: text('request_id'),
    traceId: text('trace_id'),
    status: integer('status'),
    release: text('release'),
    level: text('level').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_created_idx').on(t.createdAt)],
);
