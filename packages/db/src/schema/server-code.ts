// What running deployments' server code leaves behind: the regenerated pages of prerenders (ISR),
// shared by every edge process, and the runs of cron jobs.
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
