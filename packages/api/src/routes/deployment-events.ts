// A deployment's build log and files (services/deployment-events.ts): the service checks access and
// hands back an iterator; these routes only write what it yields, as NDJSON or server-sent events.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { stream, streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context';
import { errors, json, ScopeQuery } from '../schemas/common';
import { EventsQuery, IdParam, TreeNodeSchema, TreeQuery } from '../schemas/deployments';
import * as events from '../services/deployment-events';

const security = [{ bearer: [] }];
const tags = ['Deployments'];

export function deploymentEventRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v3/now/deployments/{id}/events - build log as NDJSON (follow=1 streams until the build ends)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v3/now/deployments/{id}/events',
      tags,
      summary: 'Stream the build log (NDJSON)',
      security,
      request: { params: IdParam, query: EventsQuery },
      responses: { 200: { description: 'application/x-ndjson: one JSON object per line' }, ...errors },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const abort = new AbortController();
      const follow = q.follow === '1';
      const lines = await events.ndjson(c.var.ctx, c.req.valid('param').id, { ...q, follow, signal: abort.signal });
      c.header('content-type', 'application/x-ndjson; charset=utf-8');
      c.header('cache-control', 'no-store');
      return stream(c, async (s) => {
        s.onAbort(() => abort.abort());
        for await (const line of lines) await s.write(`${JSON.stringify(line)}\n`);
      });
    },
  );

  // GET /v1/deployments/{id}/events/stream - the same log as server-sent events (resumes from Last-Event-ID)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/deployments/{id}/events/stream',
      tags,
      summary: 'Stream the build log (server-sent events)',
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: { description: 'text/event-stream: log and state events' }, ...errors },
    }),
    async (c) => {
      const abort = new AbortController();
      const afterId = Number(c.req.header('last-event-id')) || 0;
      const messages = await events.sse(c.var.ctx, c.req.valid('param').id, { afterId, signal: abort.signal });
      return streamSSE(c, async (s) => {
        s.onAbort(() => abort.abort());
        for await (const message of messages) await s.writeSSE(message);
      });
    },
  );

  // GET /file-tree?deploymentId= (served as /api/file-tree) - a deployment's files as nested folders
  app.openapi(
    createRoute({
      method: 'get',
      path: '/file-tree',
      tags,
      summary: 'Get the file tree of a deployment',
      security,
      request: { query: TreeQuery },
      responses: { 200: json(z.array(TreeNodeSchema)), ...errors },
    }),
    async (c) => c.json(await events.fileTree(c.var.ctx, c.req.valid('query')), 200),
  );

  return app;
}
