// Projects of a team and their environment variables (values encrypted at rest, AES-256-GCM).

import type { ProtectionDeploymentType } from '@nimbus/core';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    framework: text('framework'),
    installCommand: text('install_command'),
    buildCommand: text('build_command'),
    outputDirectory: text('output_directory'),
    rootDirectory: text('root_directory'),
    devCommand: text('dev_command'),
    nodeVersion: text('node_version').notNull().default('24.x'),
    speedInsights: boolean('speed_insights').notNull().default(false),
    /** Web Analytics: the edge serves the insights script and records page views only when on. */
    webAnalytics: boolean('web_analytics').notNull().default(false),
    /** Web Analytics ignores visitors who send `DNT: 1` (or `Sec-GPC: 1`) when on. */
    webAnalyticsRespectDnt: boolean('web_analytics_respect_dnt').notNull().default(false),
    /** Nimbus Authentication (Vercel's `ssoProtection`): null when off. */
    ssoProtection: jsonb('sso_protection').$type<{ deploymentType: ProtectionDeploymentType }>(),
    /** Password protection: null when off; the password itself only as its Argon2id hash. */
    passwordProtection: jsonb('password_protection').$type<{ deploymentType: ProtectionDeploymentType }>(),
    protectionPasswordHash: text('protection_password_hash'),
    /** Automation bypass secrets: sealed for showing again, SHA-256 for the edge's comparison. */
    protectionBypass: jsonb('protection_bypass').$type<ProtectionBypassSecret[]>().notNull().default([]),
    /** Pushes to this branch of the project's git remote deploy to production; others deploy previews. */
    productionBranch: text('production_branch').notNull().default('main'),
    /** Vercel's Ignored Build Step: run before a git deployment's build; exit 0 skips the build. */
    commandForIgnoringBuildStep: text('command_for_ignoring_build_step'),
    /** `vercel git connect`: the repository the project follows (its Nimbus remote or a provider's); null when none. */
    gitLink: jsonb('git_link').$type<GitLink>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_team_name_key').on(t.teamId, t.name), index('projects_team_idx').on(t.teamId)],
);

/** A connected repository as Vercel's `link` names it: provider type, org and repo as the CLI parsed them. */
export interface GitLink {
  type: string;
  org: string;
  repo: string;
  /** The project's own Nimbus remote (`/git/<team>/<project>.git`), which deploys on push. */
  nimbus: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface ProtectionBypassSecret {
  /** base64(iv ‖ tag ‖ ciphertext) under the key derived from NIMBUS_SECRET. */
  sealed: string;
  sha256: string;
  createdAt: number;
  createdBy: string;
  note?: string;
}

export type EnvTarget = 'production' | 'preview' | 'development';

export const envVars = pgTable(
  'env_vars',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** base64(iv ‖ tag ‖ ciphertext) under the key derived from NIMBUS_SECRET. */
    valueEncrypted: text('value_encrypted').notNull(),
    targets: jsonb('targets').$type<EnvTarget[]>().notNull(),
    type: text('type').$type<'encrypted' | 'plain' | 'sensitive'>().notNull().default('encrypted'),
    /** Custom environments (ids) the variable also applies to; `targets` may then be empty. */
    customEnvironmentIds: jsonb('custom_environment_ids').$type<string[]>().notNull().default([]),
    comment: text('comment'),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('env_vars_project_idx').on(t.projectId)],
);

/** How a custom environment matches git branches; Nimbus stores and shows it (deploys name the target). */
export interface BranchMatcher {
  type: 'equals' | 'startsWith' | 'endsWith';
  pattern: string;
}

/** Vercel's custom environments: targets beside production and preview, with their own variables. */
export const customEnvironments = pgTable(
  'custom_environments',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    branchMatcher: jsonb('branch_matcher').$type<BranchMatcher>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_environments_project_slug_key').on(t.projectId, t.slug)],
);
