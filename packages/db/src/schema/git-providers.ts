// Connected repositories: a project that follows a repository on GitHub, GitLab, Bitbucket or a
// Gitea/Forgejo server (incoming webhooks deploy its pushes and pull requests), the webhook
// deliveries already handled, and the commit statuses and pull-request comments sent back.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { deployments } from './deployments';
import { projects } from './projects';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One connection per project. The token and the webhook secret are sealed with the env-value cipher. */
export const gitRepositories = pgTable('git_repositories', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  teamId: text('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  /** github | gitlab | bitbucket | gitea */
  provider: text('provider').notNull(),
  /** owner/name, or a GitLab project path. */
  repository: text('repository').notNull(),
  apiUrl: text('api_url').notNull(),
  cloneUrl: text('clone_url').notNull(),
  tokenSealed: text('token_sealed'),
  secretSealed: text('secret_sealed').notNull(),
  /** Deployments from webhooks are made as this person (while their role allows). */
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Webhook delivery ids already handled: a repeated delivery is processed once. */
export const gitDeliveries = pgTable(
  'git_deliveries',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    deliveryId: text('delivery_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.deliveryId] })],
);

/** The status (and comment) report of a connected repository's deployment once READY or ERROR. */
export const gitReports = pgTable('git_reports', {
  deploymentId: text('deployment_id')
    .primaryKey()
    .references(() => deployments.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  doneAt: ts('done_at'),
  lastError: text('last_error'),
});
