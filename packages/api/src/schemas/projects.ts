// Request and response schemas of projects and their environment variables. Build settings come
// from the engine's request schema, so a project and a deployment validate them alike.
import { z } from '@hono/zod-openapi';
import { DEPLOYMENT_STATES, ENV_TARGETS, PROJECT_NAME_RULE } from '@nimbus/core';
import { key, pathParam, ScopeQuery, timestampQuery } from './common';
import { ProjectSettingsInput } from './deployment-request';
import { PasswordProtectionInput, ProtectionBypassMap, ProtectionFields, SsoProtectionInput } from './protection';

const ProjectDeploymentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string().describe('Host of the deployment, without scheme.'),
    deploymentHostname: z.string(),
    alias: z.array(z.string()).describe('The production host when this deployment serves it.'),
    aliasAssigned: z.boolean(),
    readyState: z.enum(DEPLOYMENT_STATES),
    target: z.literal('production').nullable().describe('null for a preview.'),
    type: z.literal('LAMBDAS'),
    plan: z.literal('hobby'),
    private: z.boolean(),
    createdIn: z.string(),
    createdAt: z.number(),
    buildingAt: z.number().optional(),
    readyAt: z.number().optional(),
    creator: z.null(),
    userId: z.string().optional().describe('Who made the deployment.'),
    meta: z.record(z.string(), z.string()),
  })
  .openapi('ProjectDeployment');

const Regions = z.object({ functionDefaultRegions: z.array(z.string()) });
const nullableSetting = z.string().nullable();

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    accountId: z.string().describe('The team the project belongs to.'),
    framework: nullableSetting.describe('null: detected at build time.'),
    installCommand: nullableSetting,
    buildCommand: nullableSetting,
    outputDirectory: nullableSetting,
    rootDirectory: nullableSetting,
    devCommand: nullableSetting,
    commandForIgnoringBuildStep: nullableSetting,
    nodeVersion: z.string(),
    directoryListing: z.boolean(),
    alias: z.array(z.string()),
    latestDeployments: z.array(ProjectDeploymentSchema).describe('The newest deployment, when there is one.'),
    targets: z.object({ production: ProjectDeploymentSchema.optional() }).describe('What serves production.'),
    resourceConfig: Regions,
    defaultResourceConfig: Regions,
    deploymentExpiration: z.object({}),
    speedInsights: z.object({ id: z.string(), enabled: z.boolean(), hasData: z.boolean() }),
    webAnalytics: z.object({
      id: z.string(),
      enabled: z.boolean(),
      respectDnt: z.boolean(),
      hasData: z.literal(true).optional().describe('Present when page views or events were collected.'),
    }),
    ...ProtectionFields,
    protectionBypass: ProtectionBypassMap.optional(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi('Project');

export const ProjectCreate = ProjectSettingsInput.extend({
  name: key().describe(`The project name: ${PROJECT_NAME_RULE}.`),
}).openapi('ProjectCreate');

export const ProjectPatch = ProjectSettingsInput.extend({
  name: key().optional().describe(`A new name: ${PROJECT_NAME_RULE}.`),
  speedInsights: z.boolean().optional().describe('Turns Speed Insights (web-vital collection) on or off.'),
  productionBranch: z
    .string()
    .trim()
    .regex(/^(?!\/|.*\/\/|.*\.\.|.*\/$|.*\.lock$)[A-Za-z0-9._/-]{1,200}$/, {
      error: 'a branch name (letters, digits, . _ / -).',
    })
    .optional()
    .describe("Pushes to this branch of the project's git remote deploy to production."),
  ssoProtection: SsoProtectionInput,
  passwordProtection: PasswordProtectionInput,
}).openapi('ProjectPatch');

export const ListQuery = ScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('At most 100 items per page.'),
  until: timestampQuery().optional().describe('pagination.next of the previous page.'),
  since: timestampQuery().optional(),
  search: key().optional().describe('Part of a project name.'),
});

export const ProjectParam = z.object({ idOrName: pathParam('idOrName') });

const target = z.union([z.string(), z.array(z.string())]);
const targets = ENV_TARGETS.join(', ');

export const EnvCreateItem = z
  .object({
    key: key().optional().describe('Letters, digits and _, not starting with a digit.'),
    value: z.string().optional(),
    target: target.optional().describe(`One or more of ${targets}.`),
    type: z
      .string()
      .optional()
      .describe('encrypted (default), plain or sensitive; sensitive values are never shown again.'),
    comment: z.string().nullish(),
    customEnvironmentIds: z.array(z.string()).optional().describe('Custom environments (ids or slugs) it applies to.'),
  })
  .openapi('EnvCreate');

export const EnvPatch = EnvCreateItem.openapi('EnvPatch');

export const EnvListQuery = ScopeQuery.extend({
  decrypt: z.enum(['true', 'false']).optional().describe('true shows values to roles that may read them.'),
  target: z.enum(ENV_TARGETS).optional().describe('Only variables of this target.'),
});

export const EnvParams = ProjectParam.extend({ id: pathParam('id') });

export const EnvSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    type: z.enum(['encrypted', 'plain', 'sensitive']),
    target: z.array(z.enum(ENV_TARGETS)),
    customEnvironmentIds: z.array(z.string()).describe('Custom environments it applies to.'),
    value: z.string().describe('The value when decrypted; else the sealed value, or "" for sensitive ones.'),
    decrypted: z.boolean(),
    comment: z.string().nullable(),
    configurationId: z.null(),
    securityIssues: z.array(z.string()),
    createdBy: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi('EnvVar');

export const ProjectCrons = z
  .object({
    deploymentId: z.string().nullable().describe('The production deployment whose `crons` run; null before one.'),
    crons: z.array(z.object({ path: z.string(), schedule: z.string() })),
    runs: z.array(
      z.object({
        deploymentId: z.string(),
        path: z.string(),
        schedule: z.string(),
        scheduledAt: z.number(),
        startedAt: z.number(),
        finishedAt: z.number().nullable(),
        status: z.number().nullable().describe('The status the path answered; 0 when it could not be called.'),
        durationMs: z.number().nullable(),
      }),
    ),
  })
  .openapi('ProjectCrons');
