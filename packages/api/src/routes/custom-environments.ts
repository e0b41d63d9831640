// Custom environments of a project (services/custom-environments.ts): parse, call, reply. The vercel
// CLI lists them at the unversioned `/projects/{p}/custom-environments`, @vercel/sdk under `/v9`.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import { ProjectParam } from '../schemas/projects';
import * as environments from '../services/custom-environments';

const security = [{ bearer: [] }];
const tags = ['Environment'];

const BranchMatcher = z.object({
  type: z.enum(['equals', 'startsWith', 'endsWith']),
  pattern: z.string().min(1),
});
const Environment = z
  .object({
    id: z.string(),
    slug: z.string(),
    type: z.literal('preview').describe('Deployments to a custom environment are previews with its variables.'),
    description: z.string(),
    branchMatcher: BranchMatcher.optional().describe('Which git branches it is for; stored and shown.'),
    domains: z.array(z.unknown()),
    currentDeploymentAliases: z.array(z.string()),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi('CustomEnvironment');
const EnvironmentList = z
  .object({ accountLimit: z.object({ total: z.number() }), environments: z.array(Environment) })
  .openapi('CustomEnvironmentList');
const EnvironmentCreate = z
  .object({
    slug: z.string().describe('Lowercase letters, digits and -, e.g. "staging".'),
    description: z.string().max(256).optional(),
    branchMatcher: BranchMatcher.optional(),
  })
  .openapi('CustomEnvironmentCreate');
const EnvironmentParams = ProjectParam.extend({
  environmentSlugOrId: z.string().openapi({ param: { name: 'environmentSlugOrId', in: 'path' } }),
});
const ListQuery = ScopeQuery.extend({
  gitBranch: z.string().optional().describe('Accepted; every environment is listed.'),
});

export function customEnvironmentRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v9/projects/{idOrName}/custom-environments (also unversioned) - the project's custom environments
  for (const path of ['/v9/projects/{idOrName}/custom-environments', '/projects/{idOrName}/custom-environments']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'List custom environments',
        security,
        request: { params: ProjectParam, query: ListQuery },
        responses: { 200: json(EnvironmentList), ...errors },
      }),
      async (c) => c.json(await environments.list(c.var.ctx, c.req.valid('param').idOrName), 200),
    );
  }

  // POST /v9/projects/{idOrName}/custom-environments - create one (201)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v9/projects/{idOrName}/custom-environments',
      tags,
      summary: 'Create a custom environment',
      security,
      request: { params: ProjectParam, query: ScopeQuery, ...body(EnvironmentCreate) },
      responses: { 201: json(Environment), ...errors },
    }),
    async (c) => c.json(await environments.create(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 201),
  );

  // GET /v9/projects/{idOrName}/custom-environments/{environmentSlugOrId} - one by slug or id
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v9/projects/{idOrName}/custom-environments/{environmentSlugOrId}',
      tags,
      summary: 'Get a custom environment',
      security,
      request: { params: EnvironmentParams, query: ScopeQuery },
      responses: { 200: json(Environment), ...errors },
    }),
    async (c) => {
      const { idOrName, environmentSlugOrId } = c.req.valid('param');
      return c.json(await environments.get(c.var.ctx, idOrName, environmentSlugOrId), 200);
    },
  );

  // DELETE /v9/projects/{idOrName}/custom-environments/{environmentSlugOrId} - delete it and its own variables
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v9/projects/{idOrName}/custom-environments/{environmentSlugOrId}',
      tags,
      summary: 'Delete a custom environment',
      security,
      request: { params: EnvironmentParams, query: ScopeQuery },
      responses: { 200: json(Environment), ...errors },
    }),
    async (c) => {
      const { idOrName, environmentSlugOrId } = c.req.valid('param');
      return c.json(await environments.remove(c.var.ctx, idOrName, environmentSlugOrId), 200);
    },
  );

  return app;
}
