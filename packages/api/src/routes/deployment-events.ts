// A deployment's build log and files (services/deployment-events.ts): the service checks access and
// hands back an iterator; these routes only write what it yields, as NDJSON or server-sent events.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { stream, streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context';
import { errors, json, ScopeQuery } from '../schemas/common';
import { EventsQuery, FileParams, IdParam, TreeNodeSchema, TreeQuery } from '../schemas/deployments';
import * as events from '../services/deployment-events';

const security = [{ bearer: [] }];
const tags = ['Deployments'];

export function deploymentEventRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v3/now/deployments/{id}/events (also /v3/deployments/...) - build log as NDJSON (follow=1 streams
  // until the build ends); without follow or format=lines, /v3/deployments answers one JSON list (@vercel/sdk)
  for (const path of ['/v3/now/deployments/{id}/events', '/v3/deployments/{id}/events']) {
    app.openapi(
      createRoute({
        method: 'get',
        path,
        tags,
        summary: 'Get the build log (NDJSON, or a JSON list)',
        security,
        request: { params: IdParam, query: EventsQuery },
        responses: {
          200: { description: 'application/x-ndjson: one JSON object per line; application/json: the lines so far' },
          ...errors,
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const id = c.req.valid('param').id;
        const follow = q.follow === '1';
        if (path.startsWith('/v3/deployments') && !follow && q.format !== 'lines')
          return c.body(JSON.stringify(await events.logList(c.var.ctx, id, q)), 200, {
            'content-type': 'application/json; charset=utf-8',
          });
        const abort = new AbortController();
        const lines = await events.ndjson(c.var.ctx, id, { ...q, follow, signal: abort.signal });
        c.header('content-type', 'application/x-ndjson; charset=utf-8');
        c.header('cache-control', 'no-store');
        return stream(c, async (s) => {
          s.onAbort(() => abort.abort());
          for await (const line of lines) await s.write(`${JSON.stringify(line)}\n`);
        });
      },
    );
  }

  // GET /v6/deployments/{id}/files - the uploaded files as a tree (SDK listDeploymentFiles)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v6/deployments/{id}/files',
      tags,
      summary: 'List the source files of a deployment',
      security,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: json(z.array(TreeNodeSchema)), ...errors },
    }),
    async (c) => c.json(await events.sourceTree(c.var.ctx, c.req.valid('param').id), 200),
  );

  // GET /v8/deployments/{id}/files/{fileId} - one source file by its uid, base64 (SDK getDeploymentFileContents)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v8/deployments/{id}/files/{fileId}',
      tags,
      summary: 'Get a source file of a deployment',
      security,
      request: { params: FileParams, query: ScopeQuery },
      responses: { 200: json(z.object({ data: z.string().describe('The content, base64.') })), ...errors },
    }),
    async (c) => {
      const { id, fileId } = c.req.valid('param');
      return c.json(await events.sourceFile(c.var.ctx, id, fileId), 200);
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
