// Request and response schemas of deployments, their aliases, logs and files. The request body is
// the engine's (packages/api/src/schemas/deployment-request.ts); the replies are what deployment-json.ts
// returns, as Vercel's clients read them (docs/vercel-compatibility.md).
import { z } from '@hono/zod-openapi';
import { DEPLOYMENT_STATES, DEPLOYMENT_TARGETS, type DeploymentState, isDeploymentState } from '@nimbus/core';
import { key, PaginationSchema, pathParam, ScopeQuery, timestampQuery } from './common';
import { DeploymentCreate as DeploymentBody } from './deployment-request';

// A described copy: zod gives `.openapi()` only to schemas made after @hono/zod-openapi loaded.
export const DeploymentCreate = DeploymentBody.describe(
  'The files of a deployment (or an earlier deployment to build again), its target and build settings.',
).openapi('DeploymentCreate');

export const CreateQuery = ScopeQuery.extend({
  skipAutoDetectionConfirmation: z.string().optional().describe('Sent by the vercel CLI; Nimbus always detects.'),
  forceNew: z.string().optional().describe('Sent by the vercel CLI; every request makes a new deployment.'),
  prebuilt: z
    .string()
    .optional()
    .describe(
      '`vercel deploy --prebuilt` sends 1: the files are a Build Output tree (.vercel/output), stored as it is.',
    ),
});

const ms = z.number().describe('Milliseconds since 1970.');
const state = z.enum(DEPLOYMENT_STATES);
const target = z.literal('production').nullable().describe('null for a preview.');
const creator = z.object({ uid: z.string(), username: z.string().describe('"" when the user no longer exists.') });

export const DeploymentSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    url: z.string().describe('Host of the deployment, without scheme.'),
    name: z.string(),
    projectId: z.string(),
    ownerId: z.string(),
    team: z
      .object({ id: z.string(), name: z.string(), slug: z.string() })
      .optional()
      .describe('The owning team: the vercel CLI checks it against its scope.'),
    readyState: state,
    status: state,
    state,
    readyStateReason: z
      .string()
      .optional()
      .describe(
        'While QUEUED: how many builds are ahead of this one and what it waits for (vercel inspect prints it).',
      ),
    queue: z
      .object({
        ahead: z.number().int().describe('Queued builds that start before this one, if no other build is queued.'),
        reason: z
          .enum(['team_limit', 'workers_busy'])
          .describe('team_limit: the team runs as many builds as its plan allows; workers_busy: every worker is busy.'),
        teamRunning: z.number().int().describe("The team's builds running now."),
        teamLimit: z.number().int().describe('Builds the team may run at once.'),
      })
      .optional()
      .describe('While QUEUED: where the build waits.'),
    type: z.literal('LAMBDAS'),
    target,
    customEnvironment: z.object({ id: z.string() }).optional().describe('The custom environment it was deployed to.'),
    source: z.string(),
    alias: z
      .array(z.string())
      .describe('Hosts that point at the deployment: its production host when it serves production.'),
    aliasAssigned: z.boolean().describe('true once READY: the vercel CLI waits for it.'),
    aliasAssignedAt: ms.nullable(),
    aliasError: z.null(),
    errorCode: z.string().optional(),
    errorMessage: z.string().nullable().optional(),
    inspectorUrl: z.string().describe('The deployment page in the dashboard.'),
    createdAt: ms,
    created: ms,
    buildingAt: ms,
    bootedAt: ms,
    ready: ms.optional(),
    canceledAt: ms.optional(),
    createdIn: z.string(),
    regions: z.array(z.string()),
    version: z.literal(2),
    meta: z.record(z.string(), z.string()),
    env: z.array(z.string()),
    build: z.object({ env: z.array(z.string()) }),
    plan: z.literal('hobby'),
    public: z.boolean(),
    creator,
    projectSettings: z.record(z.string(), z.unknown()).describe('Settings this deployment was sent with.'),
    framework: z.string().nullable().describe('Detected or set when the build ran.'),
    lambdas: z.array(z.unknown()),
    routes: z.null(),
    gitRepo: z.null(),
    buildSkipped: z.boolean(),
    isInConcurrentBuildsQueue: z.boolean().describe("QUEUED behind the team's own running builds (its plan's limit)."),
    isInSystemBuildsQueue: z.boolean().describe('QUEUED because every build worker is busy.'),
    config: z.record(z.string(), z.unknown()).describe('nimbus.json / vercel.json at build time.'),
  })
  .openapi('Deployment');

export const DeploymentListItemSchema = DeploymentSchema.pick({
  uid: true,
  name: true,
  url: true,
  created: true,
  createdAt: true,
  buildingAt: true,
  ready: true,
  state: true,
  readyState: true,
  type: true,
  target: true,
  projectId: true,
  meta: true,
  source: true,
  aliasAssigned: true,
  aliasError: true,
  inspectorUrl: true,
  creator: true,
  errorCode: true,
  errorMessage: true,
}).openapi('DeploymentListItem');

export const DeploymentList = z
  .object({ deployments: z.array(DeploymentListItemSchema), pagination: PaginationSchema })
  .openapi('DeploymentList');

export const DeploymentBuilds = z
  .object({
    builds: z
      .array(z.object({ id: z.string() }))
      .describe('Always empty: Nimbus builds a deployment in one step; its log and state are on the deployment.'),
  })
  .openapi('DeploymentBuilds');

export const DeploymentFunction = z
  .object({
    path: z.string().describe('The URL path the function answers at, such as /api/hello.'),
    runtime: z.string().describe('`nodejs22.x`, `edge` ...: the `runtime` of its `.vc-config.json`.'),
    memory: z.number().describe('MB the runner may use: `memory` of `.vc-config.json`, else the server default.'),
    maxDuration: z
      .number()
      .describe(
        'Seconds a request may run before it answers 504: `maxDuration`, else the default, capped by the server.',
      ),
    configured: z
      .object({ memory: z.number().nullable(), maxDuration: z.number().nullable() })
      .describe('What `.vc-config.json` names; null where the server default applies.'),
    regions: z.null().describe('Always null: every function runs on the edge processes of this server.'),
  })
  .openapi('DeploymentFunction');

export const DeploymentFunctionList = z
  .object({ functions: z.array(DeploymentFunction).describe('Empty for a static deployment, or until it is READY.') })
  .openapi('DeploymentFunctionList');

export const DeploymentDeleted = z
  .object({ uid: z.string(), state: z.literal('DELETED') })
  .openapi('DeploymentDeleted');

const states = DEPLOYMENT_STATES.join(', ');

export const DeploymentListQuery = ScopeQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('At most 100 items per page.'),
  until: timestampQuery().optional().describe('pagination.next of the previous page.'),
  since: timestampQuery().optional(),
  projectId: key().optional().describe('Project id or name.'),
  app: key().optional().describe('Project name (older clients).'),
  target: z
    .enum(DEPLOYMENT_TARGETS, { error: (i) => `"${String(i.input)}" is not a target: use production or preview.` })
    .optional(),
  state: z
    .string()
    .transform((value, ctx): DeploymentState[] | undefined => {
      if (!value) return undefined;
      const wanted = value.split(',').map((s) => s.trim().toUpperCase());
      const bad = wanted.find((s) => !isDeploymentState(s));
      if (bad === undefined) return wanted.filter(isDeploymentState);
      ctx.issues.push({ code: 'custom', input: value, message: `"${bad}" is not a state: use ${states}.` });
      return z.NEVER;
    })
    .optional()
    .describe(`Comma list of ${states}.`),
});

export const IdParam = z.object({ id: pathParam('id') });

export const FileParams = IdParam.extend({
  fileId: z
    .string()
    .openapi({ param: { name: 'fileId', in: 'path' } })
    .describe('The uid (SHA-1) of the file.'),
});

export const EventsQuery = ScopeQuery.extend({
  follow: z.string().optional().describe('1 keeps the stream open until the build ends.'),
  format: z.string().optional(),
  direction: z.enum(['forward', 'backward']).optional(),
  since: timestampQuery().optional().describe('Only lines after this millisecond timestamp.'),
  limit: z.coerce.number().int().min(1).optional(),
  builds: z.string().optional(),
});

export const TreeQuery = ScopeQuery.extend({
  deploymentId: key().describe('The deployment id or URL.'),
  kind: z.enum(['output', 'source']).default('output').describe('output (served files, default) or source (uploaded).'),
});

const TreeNodeFields = {
  name: z.string(),
  type: z.enum(['directory', 'file']),
  uid: z.string().optional().describe('SHA-1 of a file.'),
  size: z.number().optional(),
  mode: z.number().optional(),
};
export const TreeNodeSchema = z
  .object({
    ...TreeNodeFields,
    children: z.array(z.unknown()).optional().describe("A folder's files and folders, nodes of this same shape."),
  })
  .openapi('FileTreeNode');

export const FileHeaders = z.object({
  'x-now-digest': z.string().optional().describe('SHA-1 hex of the body.'),
  'x-vercel-digest': z.string().optional().describe('Same as x-now-digest.'),
  'x-now-size': z.string().optional().describe('Size of the body in bytes.'),
  'x-vercel-size': z.string().optional().describe('Same as x-now-size.'),
});

export const AliasList = z
  .object({
    aliases: z.array(
      z
        .object({
          uid: z.string(),
          alias: z.string().describe('Host with the public port, without scheme.'),
          created: z.string().describe('ISO 8601.'),
          redirect: z.null(),
          protectionBypass: z.object({}),
          deploymentId: z.string(),
          projectId: z.string(),
          kind: z.enum(['production', 'custom', 'branch']),
        })
        .passthrough(),
    ),
  })
  .openapi('AliasList');

export const MoveParams = z.object({
  idOrName: pathParam('idOrName'),
  deploymentId: pathParam('deploymentId'),
});

export const ProductionMove = z
  .object({ projectId: z.string(), deploymentId: z.string(), alias: z.string().describe('The production host.') })
  .openapi('ProductionMove');
