// Sales leads: the public contact and demo forms write them, Nimbus staff list them. The form route
// is mounted before authentication, the list after it (app.ts).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { isAboveSizeThreshold } from '@nimbus/core';
import { createLead, DomainError, hitRateLimit, isStaff, type Lead, listLeads } from '@nimbus/db';
import { checkOrigin } from '../auth';
import type { AppEnv } from '../context';
import { body, errors, json, PaginationSchema } from '../schemas/common';
import { LeadCreate, LeadListQuery, LeadSchema } from '../schemas/leads';
import { page } from '../serialize';

const LEADS_PER_EMAIL_PER_HOUR = 5;

function leadJson(lead: Lead) {
  return { ...lead, aboveSizeThreshold: isAboveSizeThreshold(lead.companySize), createdAt: lead.createdAt.getTime() };
}

export function leadFormRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /v1/leads - a visitor asks sales to get in touch or requests a demo
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/leads',
      tags: ['Leads'],
      request: body(LeadCreate),
      responses: { 200: json(z.object({ lead: z.object({ id: z.string(), createdAt: z.number() }) })), ...errors },
    }),
    async (c) => {
      checkOrigin(c.req.header('origin'), c.req.header('sec-fetch-site'), c.req.header('host'));
      const input = c.req.valid('json');
      const { db } = c.var.options;
      if (!(await hitRateLimit(db, `lead:${input.email.toLowerCase()}`, LEADS_PER_EMAIL_PER_HOUR, 60 * 60_000))) {
        throw new DomainError(
          'rate_limited',
          'We already have several messages from this address. We will reply soon; no need to send another.',
        );
      }
      const lead = await createLead(db, input);
      return c.json({ lead: { id: lead.id, createdAt: lead.createdAt.getTime() } }, 200);
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
      tags: ['Leads'],
      security: [{ bearer: [] }],
      request: { query: LeadListQuery },
      responses: { 200: json(z.object({ leads: z.array(LeadSchema), pagination: PaginationSchema })), ...errors },
    }),
    async (c) => {
      const { db, staffTeam } = c.var.options;
      if (!(await isStaff(db, c.var.user.id, staffTeam))) {
        throw new DomainError('forbidden', `Only Nimbus staff (members of the team "${staffTeam}") can list leads.`);
      }
      const query = c.req.valid('query');
      const leads = (await listLeads(db, query)).map(leadJson);
      const next = leads.length === query.limit ? leads.at(-1)!.createdAt : null;
      return c.json({ leads, pagination: page(leads, next) }, 200);
    },
  );

  return app;
}
