// Runtime logs of a project's functions: the dashboard's filtered pages and live tail, the NDJSON
// stream of @vercel/sdk's getRuntimeLogs, and the Observability query `vercel logs` sends. Every
// call first finds the project in the caller's team, so another team's project is a 404.
// The live tail wakes on the engine's `runtimeLogs` event when the writer runs in this process and
// polls otherwise; either way it reads the database after the last id it sent, so one query
// applies the filters for pages, polls and the tail alike.
import * as db from '@nimbus/db';
import type { z } from 'zod';
import type { ObservabilityQuery, RuntimeLogsQuery } from '../schemas/runtime-logs';
import { authorize } from './access';
import type { ServiceContext } from './context';
import { parseLogFilter } from './log-filter';

type ListInput = z.infer<typeof RuntimeLogsQuery>;

const TAIL_POLL_MS = 2_000;

/** A row as the API and the dashboard show it. */
export function rowJson(row: db.RuntimeLog) {
  return {
    id: String(row.id),
    deploymentId: row.deploymentId,
    projectId: row.projectId,
    requestId: row.requestId,
    timestamp: row.createdAt.getTime(),
    level: row.level,
    source: row.source,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.durationMs,
    cold: row.cold,
    memoryMb: row.memoryMb,
    functionPath: row.functionPath,
    message: row.message,
  };
}
export type RuntimeLogJson = ReturnType<typeof rowJson>;

async function projectOf(ctx: ServiceContext, idOrName: string) {
  const scope = await authorize(ctx, 'project:read');
  return { scope, project: await db.getProject(ctx.db, scope.teamId, idOrName) };
}

/** The deployment (id or URL) when it belongs to the project; otherwise a 404. */
async function deploymentOf(ctx: ServiceContext, teamId: string, projectId: string, idOrUrl: string) {
  const deployment = await db.findDeployment(ctx.db, teamId, idOrUrl, ctx.options.deployDomain);
  if (deployment.projectId !== projectId) throw db.notFound(`The deployment "${idOrUrl}" of this project`);
  return deployment;
}

const STATUS_CLASS = /^([1-5])xx$/i;

/** The query the list's parameters mean, for `listRuntimeLogs`. */
async function queryOf(ctx: ServiceContext, idOrName: string, q: ListInput): Promise<db.RuntimeLogQuery> {
  const { scope, project } = await projectOf(ctx, idOrName);
  const cls = q.status ? STATUS_CLASS.exec(q.status) : null;
  const status = cls
    ? { min: Number(cls[1]) * 100, max: Number(cls[1]) * 100 + 100 }
    : q.status
      ? { min: Number(q.status), max: Number(q.status) + 1 }
      : undefined;
  return {
    projectId: project.id,
    deploymentId: q.deploymentId ? (await deploymentOf(ctx, scope.teamId, project.id, q.deploymentId)).id : undefined,
    levels: q.level === undefined ? undefined : ([] as db.RuntimeLogLevel[]).concat(q.level),
    sources: q.source ? [q.source] : undefined,
    status,
    path: q.path || undefined,
    text: q.q || undefined,
    since: q.since === undefined ? undefined : new Date(q.since),
    until: q.until === undefined ? undefined : new Date(q.until),
    beforeId: q.cursor,
    afterId: q.after,
    limit: q.limit,
  };
}

/** A page of the project's rows, newest first; `after` answers the rows since a poll, oldest first. */
export async function list(ctx: ServiceContext, idOrName: string, q: ListInput) {
  const query = await queryOf(ctx, idOrName, q);
  const rows = await db.listRuntimeLogs(ctx.db, query);
  const next = rows.length === query.limit && query.afterId === undefined ? String(rows.at(-1)!.id) : null;
  return { logs: rows.map(rowJson), pagination: { next } };
}

/** Resolves after `ms`, on an engine event for `projectId`, or on abort, whichever comes first. */
function nextWake(ctx: ServiceContext, projectId: string, signal: AbortSignal, ms: number): Promise<void> {
  const events = ctx.options.engine?.events;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      events?.off('runtimeLogs', onRows);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const onRows = (rows: db.RuntimeLog[]) => {
      if (rows.some((r) => r.projectId === projectId)) done();
    };
    const timer = setTimeout(done, ms);
    events?.on('runtimeLogs', onRows);
    signal.addEventListener('abort', done);
  });
}

/**
 * New rows matching the filters, oldest first, as they are stored: after `afterId` (a dropped
 * connection's Last-Event-ID), else from now on. Ends when `signal` aborts.
 */
export async function tail(
  ctx: ServiceContext,
  idOrName: string,
  q: ListInput,
  opts: { afterId?: number; signal: AbortSignal },
) {
  const base = await queryOf(ctx, idOrName, { ...q, cursor: undefined, after: undefined });
  let after = opts.afterId ?? (await db.listRuntimeLogs(ctx.db, { projectId: base.projectId, limit: 1 }))[0]?.id ?? 0;
  return (async function* () {
    while (!opts.signal.aborted) {
      const rows = await db.listRuntimeLogs(ctx.db, { ...base, afterId: after, limit: 500 });
      for (const row of rows) {
        after = row.id;
        yield { event: 'log' as const, id: String(row.id), data: JSON.stringify(rowJson(row)) };
      }
      if (rows.length === 500) continue;
      await nextWake(ctx, base.projectId, opts.signal, TAIL_POLL_MS);
    }
  })();
}

/** A row in @vercel/sdk's getRuntimeLogs shape (one JSON object per line). */
function sdkLine(row: db.RuntimeLog, domain: string) {
  return {
    rowId: String(row.id),
    timestampInMs: row.createdAt.getTime(),
    level: row.level,
    source: row.source === 'request' ? ('request' as const) : ('serverless' as const),
    message: row.source === 'request' ? row.message || `${row.method} ${row.path} ${row.status}` : row.message,
    messageTruncated: row.message.length > db.RUNTIME_MESSAGE_MAX,
    domain,
    requestMethod: row.method ?? '',
    requestPath: row.path ?? '',
    responseStatusCode: row.status ?? 0,
  };
}

/** GET /v1/projects/{projectId}/deployments/{deploymentId}/runtime-logs: the deployment's rows, oldest first. */
export async function deploymentStream(
  ctx: ServiceContext,
  projectIdOrName: string,
  deploymentIdOrUrl: string,
  opts: { follow: boolean; signal: AbortSignal },
) {
  const { scope, project } = await projectOf(ctx, projectIdOrName);
  const deployment = await deploymentOf(ctx, scope.teamId, project.id, deploymentIdOrUrl);
  const domain = `${deployment.host}.${ctx.options.deployDomain}`;
  return (async function* () {
    let after = 0;
    while (!opts.signal.aborted) {
      const rows = await db.listRuntimeLogs(ctx.db, {
        projectId: project.id,
        deploymentId: deployment.id,
        afterId: after,
        limit: 500,
      });
      for (const row of rows) {
        after = row.id;
        yield sdkLine(row, domain);
      }
      if (rows.length === 500) continue;
      if (!opts.follow) return;
      await nextWake(ctx, project.id, opts.signal, TAIL_POLL_MS);
    }
  })();
}

/** A row as an Observability event: `vercel.log` (runtime) or `vercel.proxy_response` (request) fields. */
function eventOf(row: db.RuntimeLog): Record<string, string | number | boolean> {
  const request = row.source === 'request';
  const event = {
    timestamp: row.createdAt.toISOString(),
    projectId: row.projectId,
    deploymentId: row.deploymentId,
    requestId: row.requestId,
    requestPath: row.path ?? undefined,
    requestMethod: row.method ?? undefined,
    httpStatus: row.status ?? undefined,
    route: row.functionPath ?? undefined,
    pathType: request ? 'func' : undefined,
    cacheResult: request ? 'MISS' : undefined,
    source: 'serverless',
    runtime: 'nodejs',
    isSystemLog: request,
    level: row.level,
    stream: request ? undefined : row.source,
    message: request ? row.message || `${row.method} ${row.path} ${row.status} in ${row.durationMs}ms` : row.message,
    truncated: row.message.length > db.RUNTIME_MESSAGE_MAX,
  };
  // Fields a row does not have are left out, as Vercel leaves them out.
  return Object.fromEntries(Object.entries(event).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number | boolean
  >;
}

const EVENT_SOURCES: Record<string, db.RuntimeLogSource[] | undefined> = {
  'vercel.log': undefined,
  'vercel.proxy_response': ['request'],
};

function dateOf(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new db.DomainError('bad_request', `timeRange.${field} must be an ISO 8601 date.`);
  return date;
}

/** POST /v1/observability/events: one page of a project's runtime rows, newest first, as `vercel logs` reads them. */
export async function observabilityEvents(ctx: ServiceContext, body: z.infer<typeof ObservabilityQuery>) {
  const scope = await authorize(ctx, 'project:read');
  if (!(body.event in EVENT_SOURCES))
    throw new db.DomainError(
      'bad_request',
      `Nimbus answers the events vercel.log and vercel.proxy_response, not "${body.event}".`,
    );
  const [idOrName, ...others] = body.scope?.projectIds ?? [];
  if (!idOrName || others.length) throw new db.DomainError('bad_request', 'Pass one project in scope.projectIds.');
  if (body.scope?.ownerId && body.scope.ownerId !== scope.teamId) throw db.notFound(`The team "${body.scope.ownerId}"`);
  const project = await db.getProject(ctx.db, scope.teamId, idOrName);
  const filter = parseLogFilter(body.filter);
  const empty = { events: [], pagination: { hasMore: false, nextCursor: null } };
  if (filter.none) return empty;
  if (filter.deploymentId)
    filter.deploymentId = (await deploymentOf(ctx, scope.teamId, project.id, filter.deploymentId)).id;
  const cursor = body.cursor ? Number(body.cursor) : undefined;
  if (cursor !== undefined && !(Number.isSafeInteger(cursor) && cursor > 0))
    throw new db.DomainError(
      'bad_request',
      'The cursor is not one Nimbus gave: pass pagination.nextCursor as it came.',
    );
  const limit = body.limit ?? 100;
  const asc = body.order === 'asc';
  const rows = await db.listRuntimeLogs(ctx.db, {
    ...filter,
    projectId: project.id,
    sources: EVENT_SOURCES[body.event] ?? filter.sources,
    since: dateOf(body.timeRange?.start, 'start'),
    until: dateOf(body.timeRange?.end, 'end'),
    ...(asc ? { afterId: cursor ?? 0 } : { beforeId: cursor }),
    limit: limit + 1,
  });
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  return {
    events: page.map(eventOf),
    pagination: { hasMore, nextCursor: hasMore ? String(page.at(-1)!.id) : null },
  };
}
