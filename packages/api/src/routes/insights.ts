// Search analytics (services/insights.ts): the docs search points the search-insights client here
// with its `host` option. Writing is public, like the hosted service it replaces; reading events
// back is for Nimbus staff. A `consent` cookie that declines analytics drops the events.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { body, errors, json } from '../schemas/common';
import { InsightsBody, InsightsQuery, StoredSearchEvent } from '../schemas/insights';
import * as insights from '../services/insights';
import { analyticsDeclined } from './consent';
import { clientIp } from './session';

const tags = ['Search analytics'];

export function insightsEventRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /insights/1/events - record search clicks, conversions and views
  app.openapi(
    createRoute({
      method: 'post',
      path: '/insights/1/events',
      tags,
      summary: 'Record search events',
      request: { query: InsightsQuery, ...body(InsightsBody) },
      responses: { 200: json(z.object({ status: z.literal(200), message: z.literal('OK') })), ...errors },
    }),
    async (c) => {
      const appId = c.req.valid('query')['X-Algolia-Application-Id'];
      // A visitor who declined analytics is never recorded: the same answer, nothing stored.
      if (analyticsDeclined(c)) return c.json({ status: 200 as const, message: 'OK' as const }, 200);
      return c.json(await insights.record(c.var.options, appId, c.req.valid('json'), clientIp(c)), 200);
    },
  );

  return app;
}

export function insightsReportRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/insights/events - the events recorded for one search (Nimbus staff only)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/insights/events',
      tags,
      summary: 'List the events of a search',
      security: [{ bearer: [] }],
      request: { query: z.object({ queryID: z.string().min(1).describe('The search to report on.') }) },
      responses: { 200: json(z.object({ events: z.array(StoredSearchEvent) })), ...errors },
    }),
    async (c) => c.json(await insights.events(c.var.ctx, c.req.valid('query').queryID), 200),
  );

  return app;
}
