// Runtime logs of functions: batched inserts from the engine's writer, one filtered newest-first
// read shared by the dashboard, the REST API and `vercel logs`, and the retention sweep the worker
// role runs. Paging is by id (a bigserial), so a cursor survives rows arriving while a client reads.
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  deployments,
  type NewRuntimeLog,
  type RuntimeLog,
  type RuntimeLogLevel,
  type RuntimeLogSource,
  runtimeLogs,
  teams,
} from '../schema';

export type { NewRuntimeLog, RuntimeLog, RuntimeLogLevel, RuntimeLogSource };

/** Longest message kept: a function that prints a megabyte in one line must not fill the table. */
export const RUNTIME_MESSAGE_MAX = 8192;

/**
 * Inserts rows in one statement and returns them with their ids and times (for the live tail). The
 * rows travel as one JSON parameter (`json_to_recordset`), not a multi-row VALUES list: PGlite binds
 * one parameter several times faster than 500 rows of 14, and a busy function writes a batch twice
 * a second (as `insertTraceSpans` does for spans).
 */
export async function insertRuntimeLogs(db: Db, rows: NewRuntimeLog[]): Promise<RuntimeLog[]> {
  if (!rows.length) return [];
  const json = JSON.stringify(
    rows.map((r) => ({
      deployment_id: r.deploymentId,
      project_id: r.projectId,
      team_id: r.teamId,
      request_id: r.requestId,
      created_at: (r.createdAt ?? new Date()).toISOString(),
      level: r.level,
      source: r.source,
      method: r.method ?? null,
      path: r.path ?? null,
      status: r.status ?? null,
      duration_ms: r.durationMs ?? null,
      cold: r.cold ?? null,
      memory_mb: r.memoryMb ?? null,
      function_path: r.functionPath ?? null,
      message:
        r.message && r.message.length > RUNTIME_MESSAGE_MAX
          ? `${r.message.slice(0, RUNTIME_MESSAGE_MAX)}…`
          : (r.message ?? ''),
    })),
  );
  return db
    .insert(runtimeLogs)
    .select(
      // Drizzle names every column of the table, the id first: it comes from the id's own sequence.
      sql`select nextval(pg_get_serial_sequence('runtime_logs', 'id')), deployment_id, project_id, team_id, request_id,
        created_at, level, source, method, path, status,
        duration_ms, cold, memory_mb, function_path, message
      from json_to_recordset(${json}::json) as r(
        deployment_id text, project_id text, team_id text, request_id text, created_at timestamptz, level text,
        source text, method text, path text, status integer, duration_ms integer, cold boolean, memory_mb integer,
        function_path text, message text
      )`,
    )
    .returning();
}

export interface RuntimeLogQuery {
  projectId: string;
  deploymentId?: string;
  /** Only rows of deployments with this target (`production`, `preview`). */
  environment?: string;
  levels?: RuntimeLogLevel[];
  sources?: RuntimeLogSource[];
  /** Status range, `min` included and `max` excluded (a class such as 5xx is 500 to 600). */
  status?: { min: number; max: number };
  requestId?: string;
  method?: string;
  /** Rows whose path contains this text. */
  path?: string;
  /** Rows whose message or path contains this text (case-insensitive). */
  text?: string;
  since?: Date;
  until?: Date;
  /** Newest first, ids below this one (the next page of a listing). */
  beforeId?: number;
  /** Oldest first, ids above this one (what arrived since a poll). */
  afterId?: number;
  limit: number;
}

const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(q: RuntimeLogQuery): SQL[] {
  const where: (SQL | undefined)[] = [
    eq(runtimeLogs.projectId, q.projectId),
    q.deploymentId ? eq(runtimeLogs.deploymentId, q.deploymentId) : undefined,
    q.environment
      ? inArray(
          runtimeLogs.deploymentId,
          sql`(select ${deployments.id} from ${deployments} where ${deployments.projectId} = ${q.projectId} and ${deployments.target} = ${q.environment})`,
        )
      : undefined,
    q.levels?.length ? inArray(runtimeLogs.level, q.levels) : undefined,
    q.sources?.length ? inArray(runtimeLogs.source, q.sources) : undefined,
    q.status ? and(gte(runtimeLogs.status, q.status.min), lt(runtimeLogs.status, q.status.max)) : undefined,
    q.requestId ? eq(runtimeLogs.requestId, q.requestId) : undefined,
    q.method ? eq(runtimeLogs.method, q.method.toUpperCase()) : undefined,
    q.path ? ilike(runtimeLogs.path, contains(q.path)) : undefined,
    q.text ? or(ilike(runtimeLogs.message, contains(q.text)), ilike(runtimeLogs.path, contains(q.text))) : undefined,
    q.since ? gte(runtimeLogs.createdAt, q.since) : undefined,
    q.until ? lte(runtimeLogs.createdAt, q.until) : undefined,
    q.beforeId ? lt(runtimeLogs.id, q.beforeId) : undefined,
    q.afterId !== undefined ? gt(runtimeLogs.id, q.afterId) : undefined,
  ];
  return where.filter((c): c is SQL => c !== undefined);
}

/** One page of a project's rows: newest first, or oldest first after `afterId` (live tail by polling). */
export async function listRuntimeLogs(db: Db, q: RuntimeLogQuery): Promise<RuntimeLog[]> {
  return db
    .select()
    .from(runtimeLogs)
    .where(and(...conditions(q)))
    .orderBy(q.afterId !== undefined ? asc(runtimeLogs.id) : desc(runtimeLogs.id))
    .limit(q.limit);
}

/**
 * Deletes rows older than their team's plan keeps them (`retention`: plan → milliseconds), in one
 * statement; returns how many went. Run periodically by the worker role.
 */
export async function deleteExpiredRuntimeLogs(
  db: Db,
  retention: Readonly<Record<'hobby' | 'pro' | 'enterprise', number>>,
  now = new Date(),
): Promise<number> {
  const keptMs = sql`case ${teams.plan} when 'hobby' then ${retention.hobby}::bigint when 'pro' then ${retention.pro}::bigint else ${retention.enterprise}::bigint end`;
  const gone = await db
    .delete(runtimeLogs)
    .where(
      inArray(
        runtimeLogs.id,
        sql`(select ${runtimeLogs.id} from ${runtimeLogs} join ${teams} on ${teams.id} = ${runtimeLogs.teamId}
             where ${runtimeLogs.createdAt} < ${now}::timestamptz - (${keptMs} * interval '1 millisecond'))`,
      ),
    )
    .returning({ id: runtimeLogs.id });
  return gone.length;
}
