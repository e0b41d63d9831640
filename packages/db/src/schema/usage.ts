// Metered usage (packages/core/src/usage.ts): one row per team, project, metric and UTC day, added to
// by every process's meters in batches (queries/usage.ts addUsage), never written per request.
// `project_id` has no foreign key: a month's usage is billed even after its project is removed.

import type { UsageMetric } from '@nimbus/core';
import { bigint, date, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { teams } from './teams';

export const usageDaily = pgTable(
  'usage_daily',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    metric: text('metric').$type<UsageMetric>().notNull(),
    /** UTC day, `YYYY-MM-DD`. */
    day: date('day', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.day, table.metric, table.projectId] })],
);
