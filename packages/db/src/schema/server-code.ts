// What running deployments' server code leaves behind: the regenerated pages of prerenders (ISR) and
// the edge cache of function responses, shared by every edge process, and the runs of cron jobs.
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { deployments } from './deployments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A prerendered page regenerated after its build: its body is a blob in the file store. A row with no
 * `sha` only holds the regeneration lease of a page still served from its build-time fallback.
 */
export const prerenderCache = pgTable(
  'prerender_cache',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    /** The prerender's path plus its allowed query, e.g. `blog/post?page=2`. */
    key: text('key').notNull(),
    sha: text('sha'),
    status: integer('status').notNull().default(200),
    headers: jsonb('headers').$type<[string, string][]>().notNull().default([]),
    generatedAt: ts('generated_at'),
    /** One process regenerates a stale page at a time; the lease ends by itself if it dies. */
    regeneratingUntil: ts('regenerating_until'),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.key] })],
);

/**
 * A function response kept by the edge cache (Vercel's CDN cache): its body is a blob in the file store.
 * Keyed by deployment, so a new deployment never serves an older one's entries, then by the path and
 * query the function was asked for, then by the request's values of the headers the response's `Vary`
 * names (`variant`, '' without Vary).
 */
export const edgeCache = pgTable(
  'edge_cache',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    /** The project, for purges by tag (`POST /v1/edge-cache/...?projectIdOrName=`). */
    projectId: text('project_id').notNull(),
    /** The function's path and query, e.g. `/api/posts?page=2`. */
    key: text('key').notNull(),
    /** JSON of the `[header, request value]` pairs of the response's Vary names, sorted; '' without Vary. */
    variant: text('variant').notNull().default(''),
    /** The header names the response's `Vary` lists, lower case. */
    vary: text('vary').array().notNull().default([]),
    sha: text('sha').notNull(),
    status: integer('status').notNull(),
    headers: jsonb('headers').$type<[string, string][]>().notNull(),
    /** From `Vercel-Cache-Tag`: what `invalidate-by-tags` and `dangerously-delete-by-tags` name. */
    tags: text('tags').array().notNull().default([]),
    storedAt: ts('stored_at').notNull(),
    /** Seconds fresh (`s-maxage`, or `max-age` of a CDN header), then stale-while-revalidate and stale-if-error. */
    maxAge: integer('max_age').notNull(),
    staleWhileRevalidate: integer('stale_while_revalidate').notNull().default(0),
    staleIfError: integer('stale_if_error').notNull().default(0),
    /** Set by an invalidation by tag: served stale and refreshed in the background from then on. */
    invalidatedAt: ts('invalidated_at'),
    /** One process refreshes a stale entry at a time; the lease ends by itself if it dies. */
    refreshingUntil: ts('refreshing_until'),
  },
  (t) => [
    primaryKey({ columns: [t.deploymentId, t.key, t.variant] }),
    index('edge_cache_tags_idx').using('gin', t.tags),
    index('edge_cache_project_idx').on(t.projectId),
  ],
);

/** One run of a cron job of a production deployment; the key makes a scheduled time run once across processes. */
export const cronRuns = pgTable(
  'cron_runs',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    path: text('path').notNull(),
    schedule: text('schedule').notNull(),
    scheduledAt: ts('scheduled_at').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    status: integer('status'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.deploymentId, t.path, t.scheduledAt] }),
    index('cron_runs_project_idx').on(t.projectId, t.scheduledAt),
  ],
);
