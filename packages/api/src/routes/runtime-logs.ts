// Runtime logs of functions (services/runtime-logs.ts): the project's list and live tail for the
// dashboard, @vercel/sdk's getRuntimeLogs stream and the Observability query of `vercel logs`.
// Parse, call, reply: the service checks access and yields what these routes write.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { stream, streamSSE } from 'hono/streaming';
import type { AppEnv } from '../context';
import { errors, json, ScopeQuery } from '../schemas/common';
import {
  ObservabilityPage,
  ObservabilityQuery,
  ProjectLogsParams,
  RuntimeLogsPage,
  RuntimeLogsParams,
  RuntimeLogsQuery,
} from '../schemas/runtime-logs';
import * as runtimeLogs from '../services/runtime-logs';

const security = [{ bearer: [] }];
const tags = ['Logs'];

export function runtimeLogRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/projects/{idOrName}/logs - a page of the project's runtime logs, newest first, filtered
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/projects/{idOrName}/logs',
      tags,
      summary: "List a project's runtime logs",
      security,
      request: { params: ProjectLogsParams, query: RuntimeLogsQuery },
      responses: { 200: json(RuntimeLogsPage), ...errors },
    }),
    async (c) => c.json(await runtimeLogs.list(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('query')), 200),
  );

  // GET /v1/projects/{idOrName}/logs/stream - new rows as server-sent events (resumes from Last-Event-ID)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/projects/{idOrName}/logs/stream',
      tags,
      summary: "Follow a project's runtime logs (server-sent events)",
      security,
      request: { params: ProjectLogsParams, query: RuntimeLogsQuery },
      responses: { 200: { description: 'text/event-stream: one `log` event per new row' }, ...errors },
    }),
    async (c) => {
      const abort = new AbortController();
      const lastId = Number(c.req.header('last-event-id'));
      const rows = await runtimeLogs.tail(c.var.ctx, c.req.valid('param').idOrName, c.req.valid('query'), {
        afterId: Number.isSafeInteger(lastId) && lastId > 0 ? lastId : undefined,
        signal: abort.signal,
      });
      return streamSSE(c, async (s) => {
        s.onAbort(() => abort.abort());
        for await (const row of rows) await s.writeSSE(row);
      });
    },
  );

  // GET /v1/projects/{projectId}/deployments/{deploymentId}/runtime-logs - a deployment's rows as JSON lines (SDK getRuntimeLogs)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/projects/{projectId}/deployments/{deploymentId}/runtime-logs',
      tags,
      summary: 'Get the runtime logs of a deployment (JSON lines)',
      security,
      request: {
        params: RuntimeLogsParams,
        query: ScopeQuery.extend({
          follow: z.enum(['0', '1']).optional().describe('1 keeps the stream open for new rows.'),
        }),
      },
      responses: { 200: { description: 'application/stream+json: one JSON object per line' }, ...errors },
    }),
    async (c) => {
      const { projectId, deploymentId } = c.req.valid('param');
      const abort = new AbortController();
      const lines = await runtimeLogs.deploymentStream(c.var.ctx, projectId, deploymentId, {
        follow: c.req.valid('query').follow === '1',
        signal: abort.signal,
      });
      c.header('content-type', 'application/stream+json; charset=utf-8');
      c.header('cache-control', 'no-store');
      return stream(c, async (s) => {
        s.onAbort(() => abort.abort());
        for await (const line of lines) await s.write(`${JSON.stringify(line)}\n`);
      });
    },
  );

  // POST /v1/observability/events - runtime logs and requests of a project, newest first (`vercel logs`)
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/observability/events',
      tags,
      summary: 'Query runtime events',
      security,
      request: {
        query: ScopeQuery,
        body: { content: { 'application/json': { schema: ObservabilityQuery } }, required: true },
      },
      responses: { 200: json(ObservabilityPage), ...errors },
    }),
    async (c) => c.json(await runtimeLogs.observabilityEvents(c.var.ctx, c.req.valid('json')), 200),
  );

  return app;
}
