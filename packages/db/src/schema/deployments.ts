// Deployments (immutable once READY), their source and output file trees, build logs, the durable
// build queue, stored blobs and the aliases (hosts) that point at deployments.

import type {
  BuildOutputConfig,
  DeploymentState,
  DeploymentTarget,
  FunctionConfig,
  PrerenderConfig,
} from '@nimbus/core';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type { DeploymentState };
export type AliasKind = 'production' | 'custom' | 'branch';

export const deployments = pgTable(
  'deployments',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id'),
    name: text('name').notNull(),
    /** Unique host label, e.g. `my-site-k3j2h1` → my-site-k3j2h1.<deploy domain>. */
    host: text('host').notNull(),
    target: text('target').$type<DeploymentTarget>().notNull().default('preview'),
    /** A custom environment (`--target staging`): a preview built with that environment's variables. */
    customEnvironmentId: text('custom_environment_id'),
    state: text('state').$type<DeploymentState>().notNull().default('QUEUED'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    source: text('source').notNull().default('api'),
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    projectSettings: jsonb('project_settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The project's nimbus.json / vercel.json at build time (cleanUrls, rewrites ...), applied by the edge. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    framework: text('framework'),
    /**
     * A Build Output API v3 deployment: its `config.json` (routes, overrides, images, crons ...), which
     * the edge applies; its functions and prerenders are rows of their own. NULL: a classic static deployment.
     */
    buildOutput: jsonb('build_output').$type<BuildOutputConfig>(),
    /** `vercel deploy -e K=V`: the deployment's own runtime variables, key → sealed value (never logged). */
    env: jsonb('env').$type<Record<string, string>>().notNull().default({}),
    /**
     * What a Build Output deployment's functions get, fixed when it went READY (the target's or custom
     * environment's variables, then its `-e` values); key → sealed value. Changes need a new deployment,
     * as on Vercel. NULL for static deployments.
     */
    runtimeEnv: jsonb('runtime_env').$type<Record<string, string>>(),
    /** `--build-env K=V`: variables of this build only, over the project's; key → sealed value. */
    buildEnv: jsonb('build_env').$type<Record<string, string>>().notNull().default({}),
    aliasAssigned: boolean('alias_assigned').notNull().default(false),
    aliasAssignedAt: ts('alias_assigned_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    buildingAt: ts('building_at'),
    readyAt: ts('ready_at'),
    canceledAt: ts('canceled_at'),
  },
  (t) => [
    uniqueIndex('deployments_host_key').on(t.host),
    index('deployments_project_created_idx').on(t.projectId, t.createdAt),
    index('deployments_team_created_idx').on(t.teamId, t.createdAt),
  ],
);

/** The uploaded source tree: path → content digest (SHA-1, as Vercel clients send it). */
export const deploymentFiles = pgTable(
  'deployment_files',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mode: integer('mode').notNull().default(0o100644),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] })],
);

/** The built output the edge serves: URL path (no leading slash) → digest in the file store. */
export const deploymentOutputs = pgTable(
  'deployment_outputs',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    sha: text('sha').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] })],
);

/** A function file: a blob, or a symbolic link that stays inside the function. */
export type FunctionFile = { path: string; sha: string; size: number; mode: number } | { path: string; link: string };

/**
 * The functions of a Build Output deployment: `functions/<path>.func` with its `.vc-config.json`
 * (minus `filePathMap`, whose files are in `files` at their runtime paths). `bundle` digests the
 * files and the config, so functions that are the same folder (Next.js links many names to one) are
 * written out once for a runner.
 */
export const deploymentFunctions = pgTable(
  'deployment_functions',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    config: jsonb('config').$type<FunctionConfig>().notNull(),
    files: jsonb('files').$type<FunctionFile[]>().notNull(),
    bundle: text('bundle').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] })],
);

/** Prerendered pages of a Build Output deployment: `<path>.prerender-config.json` and its fallback file. */
export const deploymentPrerenders = pgTable(
  'deployment_prerenders',
  {
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    config: jsonb('config').$type<PrerenderConfig>().notNull(),
    fallback: jsonb('fallback').$type<{ sha: string; size: number } | null>(),
    contentType: text('content_type'),
  },
  (t) => [primaryKey({ columns: [t.deploymentId, t.path] })],
);

export const buildLogs = pgTable(
  'build_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    type: text('type').$type<'stdout' | 'stderr' | 'command' | 'info' | 'warning' | 'error'>().notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('build_logs_deployment_idx').on(t.deploymentId, t.id)],
);

/** The durable build queue: claimed with FOR UPDATE SKIP LOCKED so no build runs twice. */
export const buildJobs = pgTable(
  'build_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed' | 'canceled'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    workerId: text('worker_id'),
    heartbeatAt: ts('heartbeat_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('build_jobs_state_idx').on(t.state, t.id), uniqueIndex('build_jobs_deployment_key').on(t.deploymentId)],
);

/** When each team last had a build claimed: the queue serves the team that has waited longest first. */
export const buildTeamTurns = pgTable('build_team_turns', {
  teamId: text('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  claimedAt: ts('claimed_at').notNull(),
});

/** Blobs present in the file store, so `missing_files` is one query instead of one store call per file. */
export const blobs = pgTable('blobs', {
  sha: text('sha').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Which team may reference which blob in a deployment request: the team uploaded it (or sent it
 * inline or in an archive), or it is in one of the team's deployments. A digest alone proves nothing,
 * so another team's blob counts as missing until this team uploads the content itself.
 */
export const teamBlobs = pgTable(
  'team_blobs',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    sha: text('sha')
      .notNull()
      .references(() => blobs.sha, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.sha] })],
);

/** Hosts that point at a deployment: its production host, or custom domains. Moving one is a promote. */
export const aliases = pgTable(
  'aliases',
  {
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    deploymentId: text('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * `production`: the project's production host, a label under the deploy domain that promote and
     * rollback move. `custom`: set by `alias set`, a label under the deploy domain or a full name under
     * a domain the team verified. `branch`: a git branch's stable preview host
     * (`<project>-git-<branch>-<team>`), moved by each push of the branch and removed with it.
     */
    kind: text('kind').$type<AliasKind>().notNull().default('production'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('aliases_host_key').on(t.host), index('aliases_deployment_idx').on(t.deploymentId)],
);
