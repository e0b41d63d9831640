// Projects of the team in scope (services/projects.ts): parse, call, reply.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, PaginationSchema, ScopeQuery } from '../schemas/common';
import { ListQuery, ProjectCreate, ProjectCrons, ProjectParam, ProjectPatch, ProjectSchema } from '../schemas/projects';
import { ProtectionBypassPatch, ProtectionBypassReply } from '../schemas/protection';
import * as projects from '../services/projects';
import * as protection from '../services/protection';

const auth = [{ bearer: [] }];
const tags = ['Projects'];
const ProjectList = z.object({ projects: z.array(ProjectSchema), pagination: PaginationSchema }).openapi('ProjectList');

export function projectRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v10/projects (also v9, v4) - projects of the team, newest first, with latest and production deployments
  for (const path of ['/v10/projects', '/v9/projects', '/v4/projects']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'List projects',
        security: auth,
        request: { query: ListQuery },
        responses: { 200: json(ProjectList), ...errors },
      }),
      async (c) => c.json(await projects.list(c.var.ctx, c.req.valid('query')), 200),
    );
  }

  // GET /v1/projects/{idOrName}/crons - the production deployment's cron jobs and their latest runs
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/projects/{idOrName}/crons',
      tags,
      summary: "List a project's cron jobs and their runs",
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(ProjectCrons), ...errors },
    }),
    async (c) => c.json(await projects.crons(c.var.ctx, c.req.valid('param').idOrName), 200),
  );

  // GET /v9/projects/{idOrName} - one project
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v9/projects/{idOrName}',
      tags,
      summary: 'Get a project',
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery },
      responses: { 200: json(ProjectSchema), ...errors },
    }),
    async (c) => c.json(await projects.get(c.var.ctx, c.req.valid('param').idOrName), 200),
  );

  // POST /v11/projects (also v10, v1: the CLI uses v1) - create a project
  for (const path of ['/v11/projects', '/v10/projects', '/v1/projects']) {
    app.openapi(
      createRoute({
        method: 'post',
        path,
        tags,
        summary: 'Create a project',
        security: auth,
        request: { query: ScopeQuery, ...body(ProjectCreate) },
        responses: { 200: json(ProjectSchema), ...errors },
      }),
      async (c) => c.json(await projects.create(c.var.ctx, c.req.valid('json')), 200),
    );
  }

  // PATCH /v9/projects/{idOrName} - rename or change build settings
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v9/projects/{idOrName}',
      tags,
      summary: 'Update a project',
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery, ...body(ProjectPatch) },
      responses: { 200: json(ProjectSchema), ...errors },
    }),
    async (c) => c.json(await projects.update(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 200),
  );

  // PATCH /v1/projects/{idOrName}/protection-bypass - generate, rotate or revoke an automation bypass secret
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v1/projects/{idOrName}/protection-bypass',
      tags,
      summary: 'Change protection bypass secrets',
      security: auth,
      request: { params: ProjectParam, query: ScopeQuery, ...body(ProtectionBypassPatch) },
      responses: { 200: json(ProtectionBypassReply), ...errors },
    }),
    async (c) =>
      c.json(await protection.updateBypass(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('json')), 200),
  );

  // DELETE /v9/projects/{idOrName} (also /v2: `vercel project rm`) - delete the project, its deployments and its hosts (204)
  for (const path of ['/v9/projects/{idOrName}', '/v2/projects/{idOrName}']) {
    app.openapi(
      createRoute({
        method: 'delete',
        path,
        tags,
        summary: 'Delete a project',
        security: auth,
        request: { params: ProjectParam, query: ScopeQuery },
        responses: { 204: { description: 'Deleted' }, ...errors },
      }),
      async (c) => {
        await projects.remove(c.var.ctx, c.req.valid('param').idOrName);
        return c.body(null, 204);
      },
    );
  }

  return app;
}
