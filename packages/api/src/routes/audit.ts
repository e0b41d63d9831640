// The audit log (services/audit.ts): parse, call, reply. Read only: no route changes an event.
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { EventList, ListEventsQuery } from '../schemas/audit';
import { errors, json } from '../schemas/common';
import * as audit from '../services/audit';

export function auditRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v3/events - the team's audit log, newest first
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v3/events',
      tags: ['Audit log'],
      summary: "List the team's audit log",
      description:
        'Changes to the team (members, tokens, projects, environment variables, deployments, settings and plan) with who made them, when and from where, newest first. Owners only.',
      security: [{ bearer: [] }],
      request: { query: ListEventsQuery },
      responses: { 200: json(EventList), ...errors },
    }),
    async (c) => c.json(await audit.list(c.var.ctx, c.req.valid('query')), 200),
  );

  return app;
}
