// Search analytics of the docs (docs/spec.md §3 "Search analytics event"): one row per click, conversion or
// view that the search-insights client posts to `POST /api/insights/1/events`.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const searchEvents = pgTable(
  'search_events',
  {
    id: text('id').primaryKey(),
    /** The app id the client was initialised with (sent as a query parameter). */
    appId: text('app_id').notNull(),
    eventType: text('event_type').$type<'click' | 'conversion' | 'view'>().notNull(),
    eventSubtype: text('event_subtype').$type<'addToCart' | 'purchase'>(),
    eventName: text('event_name').notNull(),
    indexName: text('index_name').notNull(),
    /** `anonymous-{uuid}` from the visitor's cookie, or a token the site chose. */
    userToken: text('user_token').notNull(),
    authenticatedUserToken: text('authenticated_user_token'),
    queryId: text('query_id'),
    objectIds: jsonb('object_ids').$type<string[]>().notNull().default([]),
    positions: jsonb('positions').$type<number[]>(),
    filters: jsonb('filters').$type<string[]>(),
    /** When the event happened in the browser; the time it arrived when the client sent none. */
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('search_events_index_type_idx').on(t.indexName, t.eventType, t.occurredAt),
    index('search_events_query_idx').on(t.queryId),
  ],
);
