// API tokens of the authenticated user: list, create (shown once), read, revoke.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { createToken, getTeamForUser, getToken, listTokens, revokeToken } from '@nimbus/db';
import type { AppEnv } from '../context';
import { TokenCreate, TokenSchema } from '../schemas/accounts';
import { body, errors, json, PaginationSchema } from '../schemas/common';
import { page, tokenJson } from '../serialize';

const auth = [{ bearer: [] }];
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

export function tokenRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v6/user/tokens (also v5, v1) - list tokens, newest first
  for (const path of ['/v6/user/tokens', '/v5/user/tokens', '/v1/user/tokens']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags: ['Tokens'],
        security: auth,
        responses: { 200: json(z.object({ tokens: z.array(TokenSchema), pagination: PaginationSchema })), ...errors },
      }),
      async (c) => {
        const tokens = (await listTokens(c.var.options.db, c.var.user.id)).map(tokenJson);
        return c.json({ tokens, pagination: page(tokens) }, 200);
      },
    );
  }

  // POST /v3/user/tokens - create a token; the bearer value is in this reply only
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v3/user/tokens',
      tags: ['Tokens'],
      security: auth,
      request: body(TokenCreate),
      responses: { 200: json(z.object({ token: TokenSchema, bearerToken: z.string() })), ...errors },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { db } = c.var.options;
      const teamId = input.teamId
        ? (await getTeamForUser(db, c.var.user.id, input.teamId)).id
        : (c.var.token?.teamId ?? null);
      const { token, bearerToken } = await createToken(db, {
        userId: c.var.user.id,
        name: input.name,
        teamId,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      });
      return c.json({ token: tokenJson(token), bearerToken }, 200);
    },
  );

  // GET /v5/user/tokens/{id} - one token's metadata ("current" is the calling token)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v5/user/tokens/{id}',
      tags: ['Tokens'],
      security: auth,
      request: { params: IdParam },
      responses: { 200: json(z.object({ token: TokenSchema })), ...errors },
    }),
    async (c) => {
      const id = c.req.valid('param').id === 'current' && c.var.token ? c.var.token.id : c.req.valid('param').id;
      return c.json({ token: tokenJson(await getToken(c.var.options.db, c.var.user.id, id)) }, 200);
    },
  );

  // DELETE /v3/user/tokens/{id} - revoke a token
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v3/user/tokens/{id}',
      tags: ['Tokens'],
      security: auth,
      request: { params: IdParam },
      responses: { 200: json(z.object({ tokenId: z.string() })), ...errors },
    }),
    async (c) => {
      const id = c.req.valid('param').id === 'current' && c.var.token ? c.var.token.id : c.req.valid('param').id;
      await revokeToken(c.var.options.db, c.var.user.id, id);
      return c.json({ tokenId: id }, 200);
    },
  );

  return app;
}
