// Deployments of the team in scope (services/deployments.ts): parse, call, reply. Builds themselves
// run in the worker (packages/engine).
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, ScopeQuery } from '../schemas/common';
import {
  CreateQuery,
  DeploymentBuilds,
  DeploymentCreate,
  DeploymentDeleted,
  DeploymentFunctionList,
  DeploymentList,
  DeploymentListQuery,
  DeploymentSchema,
  IdParam,
} from '../schemas/deployments';
import * as deployments from '../services/deployments';

const security = [{ bearer: [] }];
const tags = ['Deployments'];

export function deploymentRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v13/deployments - create a deployment and queue its build (400 missing_files lists digests to upload)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v13/deployments',
      tags,
      summary: 'Create a deployment',
      security,
      request: { query: CreateQuery, ...body(DeploymentCreate) },
      responses: { 200: json(DeploymentSchema), ...errors },
    }),
    async (c) =>
      c.json(
        await deployments.create(c.var.ctx, c.req.valid('json'), { prebuilt: c.req.valid('query').prebuilt === '1' }),
        200,
      ),
  );

  // GET /v13/deployments/{id} - one deployment by id, host or URL
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v13/deployments/{id}',
      tags,
      summary: 'Get a deployment',
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(DeploymentSchema), ...errors },
    }),
    async (c) => c.json(await deployments.get(c.var.ctx, c.req.valid('param').id), 200),
  );

  // GET /v11/deployments/{id}/builds - Vercel's per-builder list, which `vercel inspect` reads: empty on Nimbus
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v11/deployments/{id}/builds',
      tags,
      summary: "List a deployment's builders",
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(DeploymentBuilds), ...errors },
    }),
    async (c) => c.json(await deployments.builds(c.var.ctx, c.req.valid('param').id), 200),
  );

  // GET /v1/deployments/{id}/functions - the functions of a Build Output deployment, with their limits
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/deployments/{id}/functions',
      tags,
      summary: "List a deployment's functions",
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(DeploymentFunctionList), ...errors },
    }),
    async (c) => c.json(await deployments.functions(c.var.ctx, c.req.valid('param').id), 200),
  );

  // GET /v7/deployments (also v6) - newest first, filtered by project, target and state
  for (const path of ['/v7/deployments', '/v6/deployments']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'List deployments',
        security,
        request: { query: DeploymentListQuery },
        responses: { 200: json(DeploymentList), ...errors },
      }),
      async (c) => c.json(await deployments.list(c.var.ctx, c.req.valid('query')), 200),
    );
  }

  // PATCH /v12/deployments/{id}/cancel - stop a queued or running build
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v12/deployments/{id}/cancel',
      tags,
      summary: 'Cancel a deployment',
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(DeploymentSchema), ...errors },
    }),
    async (c) => c.json(await deployments.cancel(c.var.ctx, c.req.valid('param').id), 200),
  );

  // DELETE /v13/deployments/{id} (also /now/...: `vercel remove`) - delete a deployment that does not serve production
  for (const path of ['/v13/deployments/{id}', '/now/deployments/{id}']) {
    app.openapi(
      createRoute({
        method: 'delete',
        path,
        tags,
        summary: 'Delete a deployment',
        security,
        request: { params: IdParam, query: ScopeQuery },
        responses: { 200: json(DeploymentDeleted), ...errors },
      }),
      async (c) => c.json(await deployments.remove(c.var.ctx, c.req.valid('param').id), 200),
    );
  }

  return app;
}
