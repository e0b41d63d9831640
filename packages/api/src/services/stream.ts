// The internal event stream (docs/spec.md): browsers beacon one {topic, record} at a time, logged
// in or not; staff read every record of a topic, others only their own, so a user can see what
// was recorded about them.
import type { z } from '@hono/zod-openapi';
import * as db from '@nimbus/db';
import type { ApiOptions } from '../context';
import { refuseNul } from '../input';
import { StreamEvent, type StreamQuery } from '../schemas/stream';
import type { ServiceContext } from './context';

const MAX_BODY_BYTES = 32 * 1024;
const EVENTS_PER_IP_PER_MINUTE = 240;

const eventJson = (event: db.ActivityEvent) => ({
  id: event.id,
  topic: event.topic,
  record: event.record,
  createdAt: event.createdAt.getTime(),
});

/** The body arrives as text (`navigator.sendBeacon` sends text/plain), so it is capped and parsed here. */
export async function record(options: ApiOptions, text: string, ip: string) {
  if (text.length > MAX_BODY_BYTES)
    throw new db.DomainError(
      'payload_too_large',
      `An event is at most ${MAX_BODY_BYTES / 1024} KB. Send fewer properties.`,
    );
  if (!(await db.hitRateLimit(options.db, `stream:ip:${ip}`, EVENTS_PER_IP_PER_MINUTE, 60_000))) {
    throw new db.DomainError('rate_limited', 'Too many events from this address. Try again in a minute.');
  }
  const body: unknown = JSON.parse(text);
  refuseNul(body, 'The event');
  const parsed = StreamEvent.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new db.DomainError(
      'bad_request',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid event.'}`,
    );
  }
  const event = await db.recordActivityEvent(options.db, parsed.data);
  return { id: event.id };
}

export async function list(ctx: ServiceContext, query: z.infer<typeof StreamQuery>) {
  const staff = await db.isStaff(ctx.db, ctx.actor.user.id, ctx.options.staffTeam);
  const events = await db.listActivityEvents(ctx.db, { ...query, actorId: staff ? undefined : ctx.actor.user.id });
  return { events: events.map(eventJson) };
}
