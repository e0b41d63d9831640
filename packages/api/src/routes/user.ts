// The authenticated user (`/v2/user`): who am I, rename, choose the default team.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { getUser, listTeams, setDefaultTeam, updateUser } from '@nimbus/db';
import type { AppEnv } from '../context';
import { setScopeCookie } from '../cookies';
import { UserPatch, UserSchema } from '../schemas/accounts';
import { body, errors, json } from '../schemas/common';
import { userJson } from '../serialize';

const UserReply = z.object({ user: UserSchema }).openapi('UserReply');

export function userRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v2/user - the authenticated user
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v2/user',
      tags: ['User'],
      security: [{ bearer: [] }],
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => {
      const teams = await listTeams(c.var.options.db, c.var.user.id);
      return c.json(
        {
          user: userJson(
            c.var.user,
            teams.find((t) => t.personal),
          ),
        },
        200,
      );
    },
  );

  // PATCH /v2/user - change name or default team
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v2/user',
      tags: ['User'],
      security: [{ bearer: [] }],
      request: body(UserPatch),
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => {
      const { db } = c.var.options;
      const input = c.req.valid('json');
      const id = c.var.user.id;
      if (input.name !== undefined) await updateUser(db, id, { name: input.name });
      if (input.defaultTeamId) {
        const team = await setDefaultTeam(db, id, input.defaultTeamId);
        if (c.var.via === 'session') setScopeCookie(c, team.slug);
      }
      const teams = await listTeams(db, id);
      return c.json(
        {
          user: userJson(
            await getUser(db, id),
            teams.find((t) => t.personal),
          ),
        },
        200,
      );
    },
  );

  return app;
}
