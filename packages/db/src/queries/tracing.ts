// Kept traces, server errors and fraud-detection sessions (schema/tracing.ts): batched span inserts
// from the front server's exporter, the staff reads behind /admin/traces and /admin/risk, and the
// retention sweep.
import { desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  type NewServerError,
  type NewTraceSpan,
  type RiskSession,
  riskSessions,
  type ServerError,
  serverErrors,
  type TraceSpan,
  traceSpans,
  users,
} from '../schema';

export type { NewServerError, NewTraceSpan, RiskSession, ServerError, TraceSpan };

/** Days spans, server errors and fraud sessions are kept. */
export const TRACE_RETENTION_DAYS = 3;

/**
 * Writes a batch of spans as one statement with one parameter (the rows as a JSON array): cheaper
 * to bind and plan than nine parameters a row, and `json` (parsed lazily, row by row) is cheaper
 * here than `jsonb` (converted whole first).
 */
export async function insertTraceSpans(db: Db, rows: NewTraceSpan[]): Promise<void> {
  if (!rows.length) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      trace_id: row.traceId,
      span_id: row.spanId,
      parent_span_id: row.parentSpanId ?? null,
      name: row.name,
      kind: row.kind,
      started_at: row.startedAt.toISOString(),
      duration_us: row.durationUs,
      status: row.status,
      attributes: row.attributes ?? {},
    })),
  );
  await db.execute(sql`
    insert into ${traceSpans} (trace_id, span_id, parent_span_id, name, kind, started_at, duration_us, status, attributes)
    select trace_id, span_id, parent_span_id, name, kind, started_at, duration_us, status, attributes
    from json_to_recordset(${json}::json) as r(
      trace_id text, span_id text, parent_span_id text, name text, kind text,
      started_at timestamptz, duration_us integer, status text, attributes jsonb
    )`);
}

export async function insertServerError(db: Db, row: NewServerError): Promise<void> {
  await db.insert(serverErrors).values(row);
}

export async function traceSpansOf(db: Db, traceId: string): Promise<TraceSpan[]> {
  return db
    .select()
    .from(traceSpans)
    .where(eq(traceSpans.traceId, traceId))
    .orderBy(traceSpans.startedAt, traceSpans.id);
}

export async function serverErrorsOfTrace(db: Db, traceId: string): Promise<ServerError[]> {
  return db.select().from(serverErrors).where(eq(serverErrors.traceId, traceId)).orderBy(serverErrors.id);
}

export interface TraceSummary {
  traceId: string;
  name: string;
  kind: string;
  startedAt: Date;
  durationUs: number;
  status: string;
  spans: number;
  error: string | null;
}

/**
 * Recent kept traces, those with an error first, then newest first: one row per trace from its root
 * span (the span without a parent in this process), with the first server error recorded in it.
 */
export async function recentTraces(db: Db, limit = 100): Promise<TraceSummary[]> {
  return db
    .select({
      traceId: traceSpans.traceId,
      name: traceSpans.name,
      kind: traceSpans.kind,
      startedAt: traceSpans.startedAt,
      durationUs: traceSpans.durationUs,
      status: traceSpans.status,
      spans: sql<number>`(select count(*) from trace_spans s where s.trace_id = ${traceSpans.traceId})`.mapWith(Number),
      error: sql<
        string | null
      >`(select e.message from server_errors e where e.trace_id = ${traceSpans.traceId} order by e.id limit 1)`,
    })
    .from(traceSpans)
    .where(sql`(${traceSpans.attributes} ->> 'nimbus.root') is not null`)
    .orderBy(sql`(${traceSpans.status} = 'error') desc`, desc(traceSpans.startedAt))
    .limit(limit);
}

/** Server errors newest first, whether or not their trace was kept. */
export async function recentServerErrors(db: Db, limit = 100): Promise<ServerError[]> {
  return db.select().from(serverErrors).orderBy(desc(serverErrors.id)).limit(limit);
}

/** Deletes spans, server errors and fraud sessions older than the retention; returns how many rows went. */
export async function sweepTraces(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TRACE_RETENTION_DAYS * 86_400_000);
  const spans = await db.delete(traceSpans).where(lt(traceSpans.startedAt, before)).returning({ id: traceSpans.id });
  const errors = await db
    .delete(serverErrors)
    .where(lt(serverErrors.createdAt, before))
    .returning({ id: serverErrors.id });
  // A session that made an account stays: its score is the user's.
  const risk = await db
    .delete(riskSessions)
    .where(sql`${riskSessions.updatedAt} < ${before} and ${riskSessions.userId} is null`)
    .returning({ id: riskSessions.id });
  return spans.length + errors.length + risk.length;
}

export interface RiskInput {
  id: string;
  score: number;
  reasons: string[];
  signals: Record<string, unknown>;
  ip: string | null;
}

/** Records the latest signals of a fraud-detection session (one row per session cookie). */
export async function upsertRiskSession(db: Db, input: RiskInput): Promise<void> {
  const now = new Date();
  await db
    .insert(riskSessions)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: riskSessions.id,
      set: { score: input.score, reasons: input.reasons, signals: input.signals, ip: input.ip, updatedAt: now },
      // A session that already made an account keeps the score sign-up read.
      setWhere: sql`${riskSessions.userId} is null`,
    });
}

export async function riskSession(db: Db, id: string): Promise<RiskSession | null> {
  const [row] = await db.select().from(riskSessions).where(eq(riskSessions.id, id));
  return row ?? null;
}

/** What sign-up did with a session's score, and the account it made. */
export async function settleRiskSession(
  db: Db,
  input: { id: string; outcome: 'allowed' | 'refused'; userId?: string },
): Promise<void> {
  await db
    .update(riskSessions)
    .set({ outcome: input.outcome, userId: input.userId ?? null, updatedAt: new Date() })
    .where(eq(riskSessions.id, input.id));
}

export interface RiskRow extends RiskSession {
  username: string | null;
  email: string | null;
}

/** Fraud sessions that reached sign-up or scored above zero, highest score first, with their user. */
export async function riskSessionsForStaff(db: Db, limit = 200): Promise<RiskRow[]> {
  const rows = await db
    .select({ session: riskSessions, username: users.username, email: users.email })
    .from(riskSessions)
    .leftJoin(users, eq(users.id, riskSessions.userId))
    .where(sql`${riskSessions.outcome} is not null or ${riskSessions.score} > 0`)
    .orderBy(desc(riskSessions.score), desc(riskSessions.updatedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.session, username: r.username, email: r.email }));
}

export async function riskOfUsers(db: Db, userIds: string[]): Promise<RiskSession[]> {
  if (!userIds.length) return [];
  return db.select().from(riskSessions).where(inArray(riskSessions.userId, userIds));
}
