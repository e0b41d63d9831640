// Search analytics (spec 7 "POST /1/events on a search insights endpoint"): the docs search points
// the search-insights client here with its `host` option. Writing is public, like the hosted
// service it replaces; reading events back is for Nimbus staff.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  DomainError,
  hitRateLimit,
  isStaff,
  recordSearchEvents,
  type SearchEvent,
  searchEventsForQuery,
} from '@nimbus/db';
import type { AppEnv } from '../context';
import { body, errors, json } from '../schemas/common';
import { InsightsBody, InsightsQuery, StoredSearchEvent } from '../schemas/insights';
import { clientIp } from './session';

const REQUESTS_PER_IP_PER_MINUTE = 120;

function eventJson(event: SearchEvent) {
  return {
    id: event.id,
    eventType: event.eventType,
    eventSubtype: event.eventSubtype,
    eventName: event.eventName,
    index: event.indexName,
    userToken: event.userToken,
    authenticatedUserToken: event.authenticatedUserToken,
    queryID: event.queryId,
    objectIDs: event.objectIds,
    positions: event.positions,
    filters: event.filters,
    timestamp: event.occurredAt.getTime(),
  };
}

export function insightsEventRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // POST /insights/1/events - record search clicks, conversions and views
  app.openapi(
    createRoute({
      method: 'post',
      path: '/insights/1/events',
      tags: ['Search analytics'],
      request: { query: InsightsQuery, ...body(InsightsBody) },
      responses: { 200: json(z.object({ status: z.literal(200), message: z.literal('OK') })), ...errors },
    }),
    async (c) => {
      const { db } = c.var.options;
      if (!(await hitRateLimit(db, `insights:ip:${clientIp(c)}`, REQUESTS_PER_IP_PER_MINUTE, 60_000))) {
        throw new DomainError(
          'rate_limited',
          'Too many analytics requests from this address. Batch events and try again in a minute.',
        );
      }
      const appId = c.req.valid('query')['X-Algolia-Application-Id'];
      const now = Date.now();
      await recordSearchEvents(
        db,
        c.req.valid('json').events.map((event) => ({
          appId,
          eventType: event.eventType,
          eventSubtype: event.eventSubtype ?? null,
          eventName: event.eventName,
          indexName: event.index,
          userToken: event.userToken,
          authenticatedUserToken: event.authenticatedUserToken ?? null,
          queryId: event.queryID ?? event.objectData?.find((data) => data.queryID)?.queryID ?? null,
          objectIds: event.objectIDs ?? [],
          positions: event.positions ?? null,
          filters: event.filters?.map(safeDecode) ?? null,
          occurredAt: new Date(event.timestamp ?? now),
        })),
      );
      return c.json({ status: 200 as const, message: 'OK' as const }, 200);
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
      tags: ['Search analytics'],
      security: [{ bearer: [] }],
      request: { query: z.object({ queryID: z.string().min(1).describe('The search to report on.') }) },
      responses: { 200: json(z.object({ events: z.array(StoredSearchEvent) })), ...errors },
    }),
    async (c) => {
      const { db, staffTeam } = c.var.options;
      if (!(await isStaff(db, c.var.user.id, staffTeam))) {
        throw new DomainError(
          'forbidden',
          `Only Nimbus staff (members of the team "${staffTeam}") can read search analytics.`,
        );
      }
      const events = await searchEventsForQuery(db, c.req.valid('query').queryID);
      return c.json({ events: events.map(eventJson) }, 200);
    },
  );

  return app;
}

/** The client URL-encodes each filter; store it readable, or as sent when it is not valid encoding. */
function safeDecode(filter: string): string {
  try {
    return decodeURIComponent(filter);
  } catch {
    return filter;
  }
}
