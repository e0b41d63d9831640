// The internal event stream (docs/spec.md): browsers beacon one {topic, record} at a time, logged
// in or not; staff read every record of a topic, others only their own, so a user can see what
// was recorded about them. A record names a user or team only as the caller's session allows.
import type { z } from '@hono/zod-openapi';
import { DEFAULT_STAFF_EMAIL_DOMAIN, isStaffEmail } from '@nimbus/core';
import * as db from '@nimbus/db';
import { refuseNul } from '../input';
import { StreamEvent, type StreamQuery } from '../schemas/stream';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';

const MAX_BODY_BYTES = 32 * 1024;
const EVENTS_PER_IP_PER_MINUTE = 240;

const eventJson = (event: db.ActivityEvent) => ({
  id: event.id,
  topic: event.topic,
  record: event.record,
  createdAt: event.createdAt.getTime(),
});

/** Fields of a record that name a user, and a team; reports trust them (`list` filters on actorId). */
const USER_FIELDS = ['actorId', 'userId', 'user_id'];
const TEAM_FIELDS = ['teamId', 'team_id'];

/**
 * Nobody writes records in someone else's name: without a session the fields naming a user or a
 * team are dropped; with one, they must name the caller and a team of theirs (or be null).
 */
async function attribute(database: db.Db, record: Record<string, unknown>, caller: db.User | null) {
  const named = (fields: string[]) => fields.filter((f) => record[f] !== undefined && record[f] !== null);
  if (!caller) {
    return Object.fromEntries(Object.entries(record).filter(([k]) => ![...USER_FIELDS, ...TEAM_FIELDS].includes(k)));
  }
  for (const field of named(USER_FIELDS)) {
    if (record[field] !== caller.id)
      throw new db.DomainError('forbidden', `record.${field} must be your own user id, or be left out.`);
  }
  for (const field of named(TEAM_FIELDS)) {
    const team = record[field];
    const member =
      typeof team === 'string' &&
      (await db.getTeamForUser(database, caller.id, team).catch((err: unknown) => {
        if (err instanceof db.DomainError) return null;
        throw err;
      }));
    if (!member) throw new db.DomainError('forbidden', `record.${field} must be a team you belong to, or be left out.`);
  }
  return record;
}

/** The body arrives as text (`navigator.sendBeacon` sends text/plain), so it is capped and parsed here. */
export async function record(options: ApiOptions, text: string, ip: string, caller: db.User | null) {
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
  // The browser never sends records about users at the staff e-mail domain; this keeps it so.
  if (caller && isStaffEmail(caller.email, options.staffEmailDomain ?? DEFAULT_STAFF_EMAIL_DOMAIN)) return { id: null };
  const record = await attribute(options.db, parsed.data.record, caller);
  const event = await db.recordActivityEvent(options.db, { topic: parsed.data.topic, record });
  return { id: event.id };
}

export async function list(ctx: ServiceContext, query: z.infer<typeof StreamQuery>) {
  const staff = await db.isStaff(ctx.db, ctx.actor.user.id, ctx.options.staffTeam);
  const events = await db.listActivityEvents(ctx.db, { ...query, actorId: staff ? undefined : ctx.actor.user.id });
  return { events: events.map(eventJson) };
}
