// Runtime events of deployments (services/observability.ts): parse, call, reply.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errors, json, ScopeQuery } from '../schemas/common';
import * as observability from '../services/observability';

const EventsPage = z
  .object({
    events: z.array(z.record(z.string(), z.unknown())),
    pagination: z.object({ hasMore: z.boolean(), nextCursor: z.string().nullable() }),
  })
  .openapi('ObservabilityEvents');

export function observabilityRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/observability/events - runtime logs of the scope (`vercel logs`): none until functions run
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/observability/events',
      tags: ['Deployments'],
      summary: 'Query runtime events',
      security: [{ bearer: [] }],
      request: {
        query: ScopeQuery,
        body: { content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
      },
      responses: { 200: json(EventsPage), ...errors },
    }),
    async (c) => c.json(await observability.events(c.var.ctx), 200),
  );

  return app;
}
