// The audit log of a team: who changed what, when, from where. Rows are only ever inserted (by
// `recordAuditEvent`) and pruned by plan retention (`pruneAuditEvents`); no query updates one.
// The actor's name and e-mail are copied in, so an event still says who acted after they leave.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The user who acted; not a foreign key, so the record outlives the account. */
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** The access token used, when the change came through the API with one. */
    actorTokenId: text('actor_token_id'),
    /** What happened, `<resource>.<verb>` (docs/architecture.md lists them), e.g. `project.created`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name'),
    /** Details of the change; never a secret (environment variables appear by name only). */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_team_created_idx').on(t.teamId, t.createdAt),
    index('audit_events_created_idx').on(t.createdAt),
  ],
);
