// What Nimbus tells other systems: outgoing webhooks (Vercel's `/v1/webhooks`), log drains and each
// person's notification choices. Changes that others hear about are first a `hook_events` row,
// written by the query that made the change (in its transaction where it has one); processes with
// the worker role turn each event into deliveries and send them, claimed with FOR UPDATE SKIP LOCKED.
import { bigint, bigserial, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One change a webhook or a notification may be about (`deployment.created`, `project.removed` ...). */
export const hookEvents = pgTable(
  'hook_events',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: text('project_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set once the event's deliveries and notifications were queued. */
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [index('hook_events_pending_idx').on(t.dispatchedAt, t.createdAt)],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** Empty: every project of the team. */
    projectIds: jsonb('project_ids').$type<string[]>().notNull().default([]),
    /** Sealed with the env-value cipher; shown once at creation. */
    secret: text('secret').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_team_idx').on(t.teamId)],
);

/** One event to one receiver: a webhook, or a person's Slack-compatible URL (`userId`). */
export const hookDeliveries = pgTable(
  'hook_deliveries',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact bytes sent (and signed), the same on every attempt. */
    body: text('body').notNull(),
    state: text('state').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('hook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('hook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);

export const hookAttempts = pgTable(
  'hook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => hookDeliveries.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    /** The receiver's status; null when it could not be reached. */
    status: integer('status'),
    /** The first 1,000 characters of the reply, or why there was none. */
    response: text('response').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('hook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

export type LogDrainSource = 'build' | 'lambda' | 'edge' | 'static' | 'external' | 'firewall';

export const logDrains = pgTable(
  'log_drains',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    deliveryFormat: text('delivery_format').$type<'json' | 'ndjson'>().notNull(),
    sources: jsonb('sources').$type<LogDrainSource[]>().notNull(),
    environments: jsonb('environments').$type<('preview' | 'production')[]>().notNull(),
    projectIds: jsonb('project_ids').$type<string[]>().notNull().default([]),
    /** Sealed with the env-value cipher: the secret and the extra headers (they often hold a key). */
    secret: text('secret').notNull(),
    headers: text('headers'),
    samplingRate: real('sampling_rate').notNull().default(1),
    status: text('status').$type<'enabled' | 'disabled'>().notNull().default('enabled'),
    disabledReason: text('disabled_reason'),
    /** Consecutive failed batches; reset by a success. */
    failures: integer('failures').notNull().default(0),
    lastBuildLogId: bigint('last_build_log_id', { mode: 'number' }).notNull().default(0),
    lastRuntimeLogId: bigint('last_runtime_log_id', { mode: 'number' }).notNull().default(0),
    nextRunAt: ts('next_run_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('log_drains_team_idx').on(t.teamId), index('log_drains_due_idx').on(t.status, t.nextRunAt)],
);

/** A person's choices; no row means e-mail for every notification and no Slack URL. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<string[]>().notNull(),
  slack: jsonb('slack').$type<string[]>().notNull(),
  /** Sealed with the env-value cipher. */
  slackUrl: text('slack_url'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
