// Teams: list, read, create, rename or change slug, delete. Every read goes through membership.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createTeam, DomainError, deleteTeam, getTeamForUser, listTeams, updateTeam } from '@nimbus/db';
import type { AppEnv } from '../context';
import { body, errors, json, PaginationSchema } from '../schemas/common';
import { TeamCreate, TeamIdParam, TeamPatch, TeamSchema } from '../schemas/teams';
import { teamScope } from '../scope';
import { page, teamJson } from '../serialize';

const TeamList = z.object({ teams: z.array(TeamSchema), pagination: PaginationSchema }).openapi('TeamList');
const auth = [{ bearer: [] }];

export function teamRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  const list = async (c: { var: AppEnv['Variables'] }) => {
    const teams = (await listTeams(c.var.options.db, c.var.user.id)).map((t) => teamJson(t, c.var.user.id));
    return { teams, pagination: page(teams) };
  };
  // GET /v1/teams and /v2/teams - the caller's teams, default team first (spec 3)
  for (const path of ['/v1/teams', '/v2/teams']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Teams'],
        security: auth,
        responses: { 200: json(TeamList), ...errors },
      }),
      async (c) => c.json(await list(c), 200),
    );
  }

  // GET /teams/{teamId} and /v2/teams/{teamId} - one team by id or slug
  for (const path of ['/teams/{teamId}', '/v2/teams/{teamId}']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Teams'],
        security: auth,
        request: { params: TeamIdParam },
        responses: { 200: json(TeamSchema), ...errors },
      }),
      async (c) => {
        const team = await getTeamForUser(c.var.options.db, c.var.user.id, c.req.valid('param').teamId);
        return c.json(teamJson(team, c.var.user.id), 200);
      },
    );
  }

  // POST /v1/teams - create a team; the caller becomes its owner
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/teams',
      tags: ['Teams'],
      security: auth,
      request: body(TeamCreate),
      responses: { 200: json(TeamSchema), ...errors },
    }),
    async (c) => {
      if (c.var.token?.teamId) throw new DomainError('forbidden', 'A token limited to one team cannot create teams.');
      const team = await createTeam(c.var.options.db, c.var.user.id, c.req.valid('json'));
      return c.json(teamJson(team, c.var.user.id), 200);
    },
  );

  // PATCH /v2/teams/{teamId} - rename or change the slug (owners)
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v2/teams/{teamId}',
      tags: ['Teams'],
      security: auth,
      request: { params: TeamIdParam, ...body(TeamPatch) },
      responses: { 200: json(TeamSchema), ...errors },
    }),
    async (c) => {
      const scope = await teamScope(c, c.req.valid('param').teamId, 'team:update');
      const team = await updateTeam(c.var.options.db, scope.teamId, c.req.valid('json'));
      return c.json(teamJson({ ...team, role: scope.role }, c.var.user.id), 200);
    },
  );

  // DELETE /v1/teams/{teamId} - delete a team (owners)
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v1/teams/{teamId}',
      tags: ['Teams'],
      security: auth,
      request: { params: TeamIdParam },
      responses: { 200: json(z.object({ id: z.string() })), ...errors },
    }),
    async (c) => {
      const scope = await teamScope(c, c.req.valid('param').teamId, 'team:delete');
      await deleteTeam(c.var.options.db, scope.teamId);
      return c.json({ id: scope.teamId }, 200);
    },
  );

  return app;
}
