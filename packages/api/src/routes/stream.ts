// The internal event stream (services/stream.ts): `POST /api/stream/internal` takes one
// {topic, record} as the browser beacons it. Writing is public (a beacon may fire as the page
// unloads, and logged-out pages stream too) but same-origin; the body is read as text because
// `navigator.sendBeacon` sends it as text/plain, so the service parses it. The beacon carries the
// session cookie when there is one: it decides whose name a record may carry. A `consent` cookie
// that declines analytics drops the event: the answer is the same, nothing is stored.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { newId } from '@nimbus/db';
import { checkOrigin, optionalCaller } from '../auth';
import type { AppEnv } from '../context';
import { errors, json } from '../schemas/common';
import { StoredStreamEvent, StreamEvent, StreamQuery } from '../schemas/stream';
import * as stream from '../services/stream';
import { analyticsDeclined } from './consent';
import { clientIp } from './session';

const tags = ['Event stream'];

export function streamRoutes() {
  const app = new OpenAPIHono<AppEnv>();
  // Described by reference, not as a zod schema, so the route reads the raw text itself: whatever
  // the content type, the size cap and the rate limit come before parsing.
  app.openAPIRegistry.register('StreamEvent', StreamEvent);
  const event = { schema: { $ref: '#/components/schemas/StreamEvent' } };

  // POST /stream/internal - record one {topic, record}
  app.openapi(
    createRoute({
      method: 'post',
      path: '/stream/internal',
      tags,
      summary: 'Record an event',
      description: 'The body is JSON sent as application/json or text/plain (sendBeacon), at most 32 KB.',
      request: {
        body: { content: { 'application/json': event, 'text/plain': event }, required: true },
      },
      responses: {
        200: json(
          z.object({
            id: z
              .string()
              .nullable()
              .describe('Null when the record was not kept: the caller is at the staff e-mail domain.'),
          }),
        ),
        ...errors,
      },
    }),
    async (c) => {
      checkOrigin(c);
      // A visitor who declined analytics is never recorded, whatever their page sends.
      if (analyticsDeclined(c)) return c.json({ id: newId('evt') }, 200);
      const caller = await optionalCaller(c);
      return c.json(await stream.record(c.var.options, await c.req.text(), clientIp(c), caller), 200);
    },
  );

  return app;
}

export function streamReportRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/stream/internal - recorded events of a topic, newest first (staff: all; others: their own)
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/stream/internal',
      tags,
      summary: 'List recorded events',
      security: [{ bearer: [] }],
      request: { query: StreamQuery },
      responses: { 200: json(z.object({ events: z.array(StoredStreamEvent) })), ...errors },
    }),
    async (c) => c.json(await stream.list(c.var.ctx, c.req.valid('query')), 200),
  );

  return app;
}
