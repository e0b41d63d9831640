// Teams of the caller (services/teams.ts): parse, call, reply.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json, PaginationSchema } from '../schemas/common';
import { TeamActivity, TeamCreate, TeamIdParam, TeamPatch, TeamSchema } from '../schemas/teams';
import * as teams from '../services/teams';

const TeamList = z.object({ teams: z.array(TeamSchema), pagination: PaginationSchema }).openapi('TeamList');
const auth = [{ bearer: [] }];
const tags = ['Teams'];

export function teamRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/teams and /v2/teams - the caller's teams, default team first
  for (const path of ['/v1/teams', '/v2/teams']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'List your teams',
        security: auth,
        responses: { 200: json(TeamList), ...errors },
      }),
      async (c) => c.json(await teams.list(c.var.ctx), 200),
    );
  }

  // GET /teams/{teamId} and /v2/teams/{teamId} - one team by id or slug
  for (const path of ['/teams/{teamId}', '/v2/teams/{teamId}']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'Get a team',
        security: auth,
        request: { params: TeamIdParam },
        responses: { 200: json(TeamSchema), ...errors },
      }),
      async (c) => c.json(await teams.get(c.var.ctx, c.req.valid('param').teamId), 200),
    );
  }

  // POST /v1/teams - create a team; the caller becomes its owner
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/teams',
      tags,
      summary: 'Create a team',
      security: auth,
      request: body(TeamCreate),
      responses: { 200: json(TeamSchema), ...errors },
    }),
    async (c) => c.json(await teams.create(c.var.ctx, c.req.valid('json')), 200),
  );

  // PATCH /v2/teams/{teamId} - rename or change the slug (owners)
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v2/teams/{teamId}',
      tags,
      summary: 'Update a team',
      security: auth,
      request: { params: TeamIdParam, ...body(TeamPatch) },
      responses: { 200: json(TeamSchema), ...errors },
    }),
    async (c) => c.json(await teams.update(c.var.ctx, c.req.valid('param').teamId, c.req.valid('json')), 200),
  );

  // DELETE /v1/teams/{teamId} - delete a team (owners)
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/teams/{teamId}',
      tags,
      summary: 'Delete a team',
      security: auth,
      request: { params: TeamIdParam },
      responses: { 200: json(z.object({ id: z.string() })), ...errors },
    }),
    async (c) => c.json(await teams.remove(c.var.ctx, c.req.valid('param').teamId), 200),
  );

  // GET /v1/teams/{teamId}/activity - what happened in the team, newest first
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/teams/{teamId}/activity',
      tags,
      summary: "List a team's activity",
      description: 'Deployments and projects created, members who joined and invitations sent, newest first (50).',
      security: auth,
      request: { params: TeamIdParam },
      responses: { 200: json(TeamActivity), ...errors },
    }),
    async (c) => c.json(await teams.activity(c.var.ctx, c.req.valid('param').teamId), 200),
  );

  return app;
}
