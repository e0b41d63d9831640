// The edge cache's purge routes (services/edge-cache.ts), at Vercel's paths: parse, call, reply.
// Both answer 200 with no body, as Vercel's API does.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors } from '../schemas/common';
import { DeleteByTagsBody, InvalidateByTagsBody, PurgeQuery } from '../schemas/edge-cache';
import * as edgeCache from '../services/edge-cache';

const security = [{ bearer: [] }];
const tags = ['Edge cache'];

export function edgeCacheRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/edge-cache/invalidate-by-tags - the tagged entries are served stale and refreshed
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/edge-cache/invalidate-by-tags',
      tags,
      summary: 'Invalidate cached responses by tag',
      security,
      request: { query: PurgeQuery, ...body(InvalidateByTagsBody) },
      responses: { 200: { description: 'Marked stale' }, ...errors },
    }),
    async (c) => {
      const { projectIdOrName } = c.req.valid('query');
      await edgeCache.purgeByTags(c.var.ctx, { projectIdOrName, ...c.req.valid('json') }, 'invalidate');
      return c.body(null, 200);
    },
  );

  // POST /v1/edge-cache/dangerously-delete-by-tags - the tagged entries are gone: the next request is a MISS
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/edge-cache/dangerously-delete-by-tags',
      tags,
      summary: 'Delete cached responses by tag',
      security,
      request: { query: PurgeQuery, ...body(DeleteByTagsBody) },
      responses: { 200: { description: 'Deleted' }, ...errors },
    }),
    async (c) => {
      const { projectIdOrName } = c.req.valid('query');
      const { tags, target } = c.req.valid('json');
      await edgeCache.purgeByTags(c.var.ctx, { projectIdOrName, tags, target }, 'delete');
      return c.body(null, 200);
    },
  );

  return app;
}
