// API tokens of the authenticated user (services/tokens.ts): parse, call, reply.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { TokenCreate, TokenIdParam, TokenSchema } from '../schemas/accounts';
import { body, errors, json, PaginationSchema } from '../schemas/common';
import * as tokens from '../services/tokens';

const auth = [{ bearer: [] }];
const tags = ['Tokens'];
const TokenList = z.object({ tokens: z.array(TokenSchema), pagination: PaginationSchema }).openapi('TokenList');
const CreatedToken = z
  .object({ token: TokenSchema, bearerToken: z.string().describe('The secret; shown in this reply only.') })
  .openapi('CreatedToken');

export function tokenRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v6/user/tokens (also v5, v1) - list tokens, newest first
  for (const path of ['/v6/user/tokens', '/v5/user/tokens', '/v1/user/tokens']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'List your tokens',
        security: auth,
        responses: { 200: json(TokenList), ...errors },
      }),
      async (c) => c.json(await tokens.list(c.var.ctx), 200),
    );
  }

  // POST /v3/user/tokens - create a token; the bearer value is in this reply only
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v3/user/tokens',
      tags,
      summary: 'Create a token',
      security: auth,
      request: body(TokenCreate),
      responses: { 200: json(CreatedToken), ...errors },
    }),
    async (c) => c.json(await tokens.create(c.var.ctx, c.req.valid('json')), 200),
  );

  // GET /v5/user/tokens/{id} - one token's metadata ("current" is the calling token)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v5/user/tokens/{id}',
      tags,
      summary: 'Get a token',
      security: auth,
      request: { params: TokenIdParam },
      responses: { 200: json(z.object({ token: TokenSchema })), ...errors },
    }),
    async (c) => c.json(await tokens.get(c.var.ctx, c.req.valid('param').id), 200),
  );

  // DELETE /v3/user/tokens/{id} - revoke a token
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v3/user/tokens/{id}',
      tags,
      summary: 'Revoke a token',
      security: auth,
      request: { params: TokenIdParam },
      responses: { 200: json(z.object({ tokenId: z.string() })), ...errors },
    }),
    async (c) => c.json(await tokens.revoke(c.var.ctx, c.req.valid('param').id), 200),
  );

  return app;
}
