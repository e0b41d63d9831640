// A deployment's build log and files: NDJSON events for Vercel clients (follow=1 streams until the
// build ends), the same log as server-sent events for the dashboard, and the file tree (spec 7).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { findDeployment, listOutputs, listSourceFiles, toTree } from '@nimbus/db';
import { stream, streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context';
import { scopeFor } from '../engine-scope';
import { eventLine, followLog } from '../log-follow';
import { errors, json, ScopeQuery } from '../schemas/common';
import { IdParam } from '../schemas/deployments';

const auth = [{ bearer: [] }];
const EventsQuery = ScopeQuery.extend({
  follow: z.string().optional().describe('1 keeps the stream open until the build ends.'),
  format: z.string().optional(),
  direction: z.enum(['forward', 'backward']).optional(),
  since: z.coerce.number().optional().describe('Only lines after this millisecond timestamp.'),
  limit: z.coerce.number().int().min(1).optional(),
  builds: z.string().optional(),
});
const TreeQuery = ScopeQuery.extend({
  deploymentId: z.string().describe('The deployment id or URL.'),
  kind: z
    .enum(['output', 'source'])
    .default('output')
    .describe('output (served files, default) or source (uploaded files).'),
});
const TreeNode = z
  .object({
    name: z.string(),
    type: z.enum(['directory', 'file']),
    uid: z.string().optional(),
    size: z.number().optional(),
  })
  .passthrough();

export function deploymentEventRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v3/now/deployments/{id}/events - build log as NDJSON
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v3/now/deployments/{id}/events',
      tags: ['Deployments'],
      security: auth,
      request: { params: IdParam, query: EventsQuery },
      responses: { 200: { description: 'application/x-ndjson: one JSON object per line' }, ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:read');
      const q = c.req.valid('query');
      const deployment = await findDeployment(
        c.var.options.db,
        scope.teamId,
        c.req.valid('param').id,
        c.var.options.deployDomain,
      );
      c.header('content-type', 'application/x-ndjson; charset=utf-8');
      c.header('cache-control', 'no-store');
      return stream(c, async (s) => {
        const abort = new AbortController();
        s.onAbort(() => abort.abort());
        let sent = 0;
        for await (const event of followLog(c.var.options.db, deployment.id, {
          follow: q.follow === '1',
          signal: abort.signal,
        })) {
          if (event.kind === 'state') {
            await s.write(
              `${JSON.stringify({ type: 'deployment-state', event: 'state', created: Date.now(), date: Date.now(), deploymentId: deployment.id, payload: { value: event.state } })}\n`,
            );
          } else if (!q.since || event.line.createdAt.getTime() > q.since) {
            await s.write(`${JSON.stringify(eventLine(event.line, deployment.id))}\n`);
            if (q.limit && ++sent >= q.limit && q.follow !== '1') break;
          }
        }
      });
    },
  );

  // GET /v1/deployments/{id}/events/stream - the same log as server-sent events (resumes from Last-Event-ID)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/deployments/{id}/events/stream',
      tags: ['Deployments'],
      security: auth,
      request: { params: IdParam, query: ScopeQuery },
      responses: { 200: { description: 'text/event-stream: events log and state' }, ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:read');
      const deployment = await findDeployment(
        c.var.options.db,
        scope.teamId,
        c.req.valid('param').id,
        c.var.options.deployDomain,
      );
      const afterId = Number(c.req.header('last-event-id')) || 0;
      return streamSSE(c, async (s) => {
        const abort = new AbortController();
        s.onAbort(() => abort.abort());
        for await (const event of followLog(c.var.options.db, deployment.id, {
          follow: true,
          afterId,
          signal: abort.signal,
        })) {
          if (event.kind === 'state')
            await s.writeSSE({ event: 'state', data: JSON.stringify({ value: event.state }) });
          else
            await s.writeSSE({
              event: 'log',
              id: String(event.line.id),
              data: JSON.stringify(eventLine(event.line, deployment.id)),
            });
        }
      });
    },
  );

  // GET /file-tree?deploymentId= (served as /api/file-tree) - a deployment's files as nested folders
  app.openapi(
    createRoute({
      method: 'get',
      path: '/file-tree',
      tags: ['Deployments'],
      security: auth,
      request: { query: TreeQuery },
      responses: { 200: json(z.array(TreeNode)), ...errors },
    }),
    async (c) => {
      const scope = await scopeFor(c, 'deployment:read');
      const { deploymentId, kind } = c.req.valid('query');
      const { db, deployDomain } = c.var.options;
      const deployment = await findDeployment(db, scope.teamId, deploymentId, deployDomain);
      const files = kind === 'source' ? await listSourceFiles(db, deployment.id) : await listOutputs(db, deployment.id);
      return c.json(toTree(files), 200);
    },
  );

  return app;
}
