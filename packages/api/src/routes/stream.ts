// The internal event stream of spec 7: `POST /api/stream/internal` takes one {topic, record} as the
// browser beacons it. Writing is public (a beacon may fire as the page unloads, and logged-out pages
// stream too) but same-origin, size-capped and rate-limited; the body is read as text because
// `navigator.sendBeacon` sends it as text/plain. Reading back is for staff, or for the actor's own
// records, so a user can see what was recorded about them.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  type ActivityEvent,
  DomainError,
  hitRateLimit,
  isStaff,
  listActivityEvents,
  recordActivityEvent,
} from '@nimbus/db';
import { checkOrigin } from '../auth';
import type { AppEnv } from '../context';
import { errors, json } from '../schemas/common';
import { clientIp } from './session';

const MAX_BODY_BYTES = 32 * 1024;
const EVENTS_PER_IP_PER_MINUTE = 240;

export const StreamEvent = z
  .object({
    topic: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_.:-]{0,63}$/, 'topic is 1 to 64 lower-case letters, digits, "_", ".", ":" or "-".')
      .describe('The kind of record, e.g. upgrade_modal.'),
    record: z
      .object({
        id: z.string().min(1).max(128).describe('Made by the sender, so a retried beacon can be recognised.'),
        event_time: z.number().int().nonnegative().describe('When it happened, in ms since the epoch.'),
      })
      .passthrough(),
  })
  .openapi('StreamEvent');

const EventsQuery = z.object({
  topic: z.string().min(1).describe('The topic to read.'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const eventJson = (event: ActivityEvent) => ({
  id: event.id,
  topic: event.topic,
  record: event.record,
  createdAt: event.createdAt.getTime(),
});

export function streamRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/stream/internal',
    tags: ['Event stream'],
    description: 'Records one event; the body is JSON sent as application/json or text/plain (sendBeacon).',
    request: { body: { content: { 'application/json': { schema: StreamEvent } }, required: true } },
    responses: { 200: json(z.object({ id: z.string() })), ...errors },
  });

  // POST /stream/internal - record one {topic, record} (spec 7)
  app.post('/stream/internal', async (c) => {
    checkOrigin(c.req.header('origin'), c.req.header('sec-fetch-site'), c.req.header('host'));
    const text = await c.req.text();
    if (text.length > MAX_BODY_BYTES)
      throw new DomainError(
        'payload_too_large',
        `An event is at most ${MAX_BODY_BYTES / 1024} KB. Send fewer properties.`,
      );
    const { db } = c.var.options;
    if (!(await hitRateLimit(db, `stream:ip:${clientIp(c)}`, EVENTS_PER_IP_PER_MINUTE, 60_000))) {
      throw new DomainError('rate_limited', 'Too many events from this address. Try again in a minute.');
    }
    const parsed = StreamEvent.safeParse(JSON.parse(text));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DomainError('bad_request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid event.'}`);
    }
    const event = await recordActivityEvent(db, parsed.data);
    return c.json({ id: event.id }, 200);
  });

  return app;
}

export function streamReportRoutes() {
  const app = new OpenAPIHono<AppEnv>();

  // GET /v1/stream/internal - recorded events of a topic, newest first (staff: all; others: their own)
  app.get('/v1/stream/internal', async (c) => {
    const query = EventsQuery.safeParse(c.req.query());
    if (!query.success) throw new DomainError('bad_request', 'Pass ?topic= (and optionally ?limit= from 1 to 100).');
    const { db, staffTeam } = c.var.options;
    const staff = await isStaff(db, c.var.user.id, staffTeam);
    const events = await listActivityEvents(db, { ...query.data, actorId: staff ? undefined : c.var.user.id });
    return c.json({ events: events.map(eventJson) }, 200);
  });

  return app;
}
