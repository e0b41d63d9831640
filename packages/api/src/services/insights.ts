// Search analytics (docs/spec.md): the docs search's insights client records clicks, conversions
// and views here, as it would with the hosted service; Nimbus staff read the events of one search.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { InsightsBody } from '../schemas/insights';
import { requireStaff } from './admin';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';

const REQUESTS_PER_IP_PER_MINUTE = 120;

const eventJson = (event: db.SearchEvent) => ({
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
});

/** The client URL-encodes each filter; store it readable, or as sent when it is not valid encoding. */
function safeDecode(filter: string): string {
  try {
    return decodeURIComponent(filter);
  } catch {
    return filter;
  }
}

export async function record(options: ApiOptions, appId: string, input: z.infer<typeof InsightsBody>, ip: string) {
  if (!(await db.hitRateLimit(options.db, `insights:ip:${ip}`, REQUESTS_PER_IP_PER_MINUTE, 60_000))) {
    throw new db.DomainError(
      'rate_limited',
      'Too many analytics requests from this address. Batch events and try again in a minute.',
    );
  }
  const now = Date.now();
  await db.recordSearchEvents(
    options.db,
    input.events.map((event) => ({
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
  return { status: 200 as const, message: 'OK' as const };
}

export async function events(ctx: ServiceContext, queryId: string) {
  await requireStaff(ctx, 'read search analytics');
  return { events: (await db.searchEventsForQuery(ctx.db, queryId)).map(eventJson) };
}
