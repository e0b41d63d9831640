// Runtime logs of functions: one row per request a function answered and one per line it printed,
// kept per deployment for the plan's retention (RUNTIME_LOG_RETENTION_MS in @nimbus/core). Rows are
// written in batches by the engine's RuntimeLogWriter and read newest first by the API and the dashboard.
import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { deployments } from './deployments';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type RuntimeLogLevel = 'info' | 'warning' | 'error';
export type RuntimeLogSource = 'request' | 'stdout' | 'stderr';

export const runtimeLogs = pgTable(
  'runtime_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    // Project and team are copied from the deployment so the project's list and the retention sweep
    // need no join on the hot path.
    projectId: text('project_id').notNull(),
    teamId: text('team_id').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    level: text('level').$type<RuntimeLogLevel>().notNull(),
    source: text('source').$type<RuntimeLogSource>().notNull(),
    method: text('method'),
    path: text('path'),
    status: integer('status'),
    durationMs: integer('duration_ms'),
    cold: boolean('cold'),
    memoryMb: integer('memory_mb'),
    functionPath: text('function_path'),
    message: text('message').notNull().default(''),
  },
  (t) => [
    index('runtime_logs_project_idx').on(t.projectId, t.id),
    index('runtime_logs_deployment_idx').on(t.deploymentId, t.id),
    index('runtime_logs_project_status_idx').on(t.projectId, t.status, t.id),
    index('runtime_logs_project_level_idx').on(t.projectId, t.level, t.id),
    index('runtime_logs_team_created_idx').on(t.teamId, t.createdAt),
  ],
);

export type RuntimeLog = typeof runtimeLogs.$inferSelect;
export type NewRuntimeLog = typeof runtimeLogs.$inferInsert;
