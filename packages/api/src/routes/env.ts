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

  // DELETE /v9/projects/{idOrName}/env/{id} - remove a variable
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v9/projects/{idOrName}/env/{id}',
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

  return app;
}
