// The authenticated user (`/v2/user`, services/user.ts): parse, call, reply.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { setScopeCookie } from '../cookies';
import { UserPatch, UserReply } from '../schemas/accounts';
import { body, errors, json } from '../schemas/common';
import * as user from '../services/user';

const auth = [{ bearer: [] }];
const tags = ['User'];

export function userRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v2/user - the authenticated user
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v2/user',
      tags,
      summary: 'Get the authenticated user',
      security: auth,
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => c.json(await user.get(c.var.ctx), 200),
  );

  // PATCH /v2/user - change name or default team; a browser also keeps the new team as its scope
  app.openapi(
    createRoute({
      method: 'patch',
      path: '/v2/user',
      tags,
      summary: 'Update the authenticated user',
      security: auth,
      request: body(UserPatch),
      responses: { 200: json(UserReply), ...errors },
    }),
    async (c) => {
      const { scopeSlug, ...reply } = await user.update(c.var.ctx, c.req.valid('json'));
      if (scopeSlug && c.var.via === 'session') setScopeCookie(c, scopeSlug);
      return c.json(reply, 200);
    },
  );

  return app;
}
