// Environment variables of a project (services/env.ts): parse, call, reply.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, PaginationSchema, ScopeQuery } from '../schemas/common';
import { EnvCreateItem, EnvListQuery, EnvParams, EnvPatch, EnvSchema, ProjectParam } from '../schemas/projects';
import * as env from '../services/env';

const security = [{ bearer: [] }];
const tags = ['Environment'];
const EnvList = z.object({ envs: z.array(EnvSchema), pagination: PaginationSchema }).openapi('EnvList');
const EnvCreated = z
  .object({
    created: z.union([EnvSchema, z.array(EnvSchema)]),
    failed: z.array(z.unknown()).describe('Always empty: a request is all or nothing.'),
  })
  .openapi('EnvCreated');

const PullParams = ProjectParam.extend({
  target: z
    .string()
    .optional()
    .openapi({ param: { name: 'target', in: 'path' } })
    .describe('development (default), preview or production.'),
  gitBranch: z
    .string()
    .optional()
    .openapi({ param: { name: 'gitBranch', in: 'path' } })
    .describe('Accepted; Nimbus has no branch-scoped variables.'),
});
const PullQuery = ScopeQuery.extend({ source: z.string().optional().describe('Sent by the vercel CLI.') });
const EnvPull = z
  .object({
    env: z.record(z.string(), z.string()).describe('Key → value of the target; "sensitive" ones are empty.'),
    buildEnv: z.record(z.string(), z.string()).describe('With a deployment id: what its build got.'),
  })
  .openapi('EnvPull');

export function envRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v10/projects/{idOrName}/env - the project's variables (values with ?decrypt=true and env:read)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v10/projects/{idOrName}/env',
      tags,
      summary: 'List environment variables',
      security,
      request: { params: ProjectParam, query: EnvListQuery },
      responses: { 200: json(EnvList), ...errors },
    }),
    async (c) => c.json(await env.list(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('query')), 200),
  );

  // POST /v10/projects/{idOrName}/env - create one variable or several (201)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v10/projects/{idOrName}/env',
      tags,
      summary: 'Create environment variables',
      security,
      request: { params: ProjectParam, query: ScopeQuery, ...body(z.union([EnvCreateItem, z.array(EnvCreateItem)])) },
      responses: { 201: json(EnvCreated), ...errors },
    }),
    async (c) => c.json(await env.create(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 201),
  );

  // GET /v1/projects/{idOrName}/env/{id} - one variable, its value decrypted for roles with env:read
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/projects/{idOrName}/env/{id}',
      tags,
      summary: 'Get an environment variable',
      security,
      request: { params: EnvParams, query: ScopeQuery },
      responses: { 200: json(EnvSchema), ...errors },
    }),
    async (c) => {
      const { idOrName, id } = c.req.valid('param');
      return c.json(await env.getOne(c.var.ctx, idOrName, id), 200);
    },
  );

  // GET /v3/env/pull/{idOrName}[/{target}[/{gitBranch}]] - decrypted values of one target (`vercel pull`, `env pull`)
  for (const path of [
    '/v3/env/pull/{idOrName}',
    '/v3/env/pull/{idOrName}/{target}',
    '/v3/env/pull/{idOrName}/{target}/{gitBranch}',
  ]) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'Pull the environment variables of a target',
        security,
        request: { params: PullParams, query: PullQuery },
        responses: { 200: json(EnvPull), ...errors },
      }),
      async (c) => {
        const { idOrName, target } = c.req.valid('param');
        return c.json(await env.pull(c.var.ctx, idOrName, target), 200);
      },
    );
  }

  // PATCH /v9/projects/{idOrName}/env/{id} - change key, value, targets or comment
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v9/projects/{idOrName}/env/{id}',
      tags,
      summary: 'Update an environment variable',
      security,
      request: { params: EnvParams, query: ScopeQuery, ...body(EnvPatch) },
      responses: { 200: json(EnvSchema), ...errors },
    }),
    async (c) => {
      const { idOrName, id } = c.req.valid('param');
      return c.json(await env.update(c.var.ctx, idOrName, id, c.req.valid('json')), 200);
    },
  );

  // DELETE /v9/projects/{idOrName}/env/{id} (also /v10: `vercel env rm`) - remove a variable
  for (const path of ['/v9/projects/{idOrName}/env/{id}', '/v10/projects/{idOrName}/env/{id}']) {
    app.openapi(
      createRoute({
        method: 'delete',
        path,
        tags,
        summary: 'Delete an environment variable',
        security,
        request: { params: EnvParams, query: ScopeQuery },
        responses: { 200: json(EnvSchema), ...errors },
      }),
      async (c) => {
        const { idOrName, id } = c.req.valid('param');
        return c.json(await env.remove(c.var.ctx, idOrName, id), 200);
      },
    );
  }

  return app;
}
