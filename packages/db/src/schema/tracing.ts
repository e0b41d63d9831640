// What Nimbus records about itself (docs/architecture.md, "Tracing"): the spans of kept traces
// (front server, API, database), the exceptions the servers caught, and the fraud-detection
// sessions whose risk score sign-up reads. All three are swept after a few days.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type TraceKind = 'pageLoad' | 'middleware' | 'fetch' | 'appFetch';
export type SpanStatus = 'ok' | 'error' | 'unset';

export const traceSpans = pgTable(
  'trace_spans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    traceId: text('trace_id').notNull(),
    spanId: text('span_id').notNull(),
    parentSpanId: text('parent_span_id'),
    name: text('name').notNull(),
    /** The request kind of the trace's root (sampling ratio); `internal`, `server`, `client` for children. */
    kind: text('kind').notNull(),
    startedAt: ts('started_at').notNull(),
    /** Microseconds. */
    durationUs: integer('duration_us').notNull(),
    status: text('status').$type<SpanStatus>().notNull(),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('trace_spans_trace_idx').on(t.traceId), index('trace_spans_started_idx').on(t.startedAt)],
);

export const serverErrors = pgTable(
  'server_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** `api` (the Hono app) or `front` (the front server, Next.js included). */
    source: text('source').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    requestId: text('request_id'),
    traceId: text('trace_id'),
    method: text('method'),
    path: text('path'),
  },
  (t) => [index('server_errors_created_idx').on(t.createdAt), index('server_errors_trace_idx').on(t.traceId)],
);

export const riskSessions = pgTable(
  'risk_sessions',
  {
    /** The value of the fraud-detection session cookie. */
    id: text('id').primaryKey(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    score: integer('score').notNull(),
    /** The reasons that added to the score, e.g. `webdriver`, `form_too_fast`. */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    signals: jsonb('signals').$type<Record<string, unknown>>().notNull().default({}),
    /** Set when a sign-up from this session made an account. */
    userId: text('user_id'),
    /** What sign-up did with the score: `allowed` or `refused`. */
    outcome: text('outcome'),
    ip: text('ip'),
  },
  (t) => [index('risk_sessions_updated_idx').on(t.updatedAt), index('risk_sessions_user_idx').on(t.userId)],
);

export type TraceSpan = typeof traceSpans.$inferSelect;
export type NewTraceSpan = typeof traceSpans.$inferInsert;
export type ServerError = typeof serverErrors.$inferSelect;
export type NewServerError = typeof serverErrors.$inferInsert;
export type RiskSession = typeof riskSessions.$inferSelect;
