// The internal event stream of docs/spec.md §7 (`POST /api/stream/internal`): one row per {topic, record}
// the dashboard sends, such as the upgrade modal's analytics event. Records are stored as sent,
// after personal data (email, ip, phone) has been replaced with REDACTED (docs/spec.md §3).
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const activityEvents = pgTable(
  'activity_events',
  {
    id: text('id').primaryKey(),
    /** What kind of record this is, e.g. `upgrade_modal`. */
    topic: text('topic').notNull(),
    /** The record with its own `id` and `event_time` (ms since the epoch) as the browser made it. */
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('activity_events_topic_created_idx').on(t.topic, t.createdAt)],
);
