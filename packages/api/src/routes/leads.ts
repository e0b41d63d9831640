// Sales leads (services/leads.ts): the public contact and demo forms write them, Nimbus staff list
// them. The form route is mounted before authentication, the list after it (app.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { checkOrigin } from '../auth';
import type { AppEnv } from '../context';
import { body, errors, json, PaginationSchema } from '../schemas/common';
import { LeadCreate, LeadListQuery, LeadSchema } from '../schemas/leads';
import * as leads from '../services/leads';

const tags = ['Leads'];
const LeadCreated = z.object({ lead: z.object({ id: z.string(), createdAt: z.number() }) }).openapi('LeadCreated');
const LeadList = z.object({ leads: z.array(LeadSchema), pagination: PaginationSchema }).openapi('LeadList');

export function leadFormRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/leads - a visitor asks sales to get in touch or requests a demo
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/leads',
      tags,
      summary: 'Send a lead',
      request: body(LeadCreate),
      responses: { 200: json(LeadCreated), ...errors },
    }),
    async (c) => {
      checkOrigin(c);
      return c.json(await leads.submit(c.var.options, c.req.valid('json')), 200);
    },
  );

  return app;
}

export function leadRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/leads - newest leads first (Nimbus staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/leads',
      tags,
      summary: 'List leads',
      security: [{ bearer: [] }],
      request: { query: LeadListQuery },
      responses: { 200: json(LeadList), ...errors },
    }),
    async (c) => c.json(await leads.list(c.var.ctx, c.req.valid('query')), 200),
  );

  return app;
}
