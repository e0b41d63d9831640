// Feature flags (docs/spec.md §7): staff define them; every signed-in caller asks for their values
// (the flags call), evaluated for the caller's current team by `evaluateFlag` of @nimbus/core; the
// browser reports which values it read (exposures) and its own events in one batch, which is
// stored naming the caller only as the session allows, like the event stream.
import type { z } from '@hono/zod-openapi';
import { evaluateFlag } from '@nimbus/core';
import * as db from '@nimbus/db';
import { refuseNul } from '../input';
import type { FlagCreate, FlagUpdate } from '../schemas/flags';
import { StatsigBody } from '../schemas/flags';
import { scopeOf } from './access';
import { requireStaff } from './admin';
import type { ServiceContext } from './context';
import type { ApiOptions } from './options';

const MAX_BODY_BYTES = 64 * 1024;
const BATCHES_PER_IP_PER_MINUTE = 120;
const STATSIG_TOPIC = 'statsig';

function flagJson(flag: db.FeatureFlag, exposures: Record<string, number> = {}) {
  return {
    key: flag.key,
    description: flag.description,
    enabled: flag.enabled,
    rolloutPercentage: flag.rolloutPercentage,
    overrides: flag.overrides,
    exposures,
    createdAt: flag.createdAt.getTime(),
    updatedAt: flag.updatedAt.getTime(),
  };
}

/** Overrides may name only teams that exist, so a typo does not sit there looking like a rule. */
async function checkOverrides(ctx: ServiceContext, overrides: Record<string, boolean> | undefined) {
  const ids = Object.keys(overrides ?? {});
  const found = new Set((await db.teamsByIds(ctx.db, ids)).map((t) => t.id));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown) throw new db.DomainError('bad_request', `overrides: no team has the id "${unknown}".`);
}

export async function list(ctx: ServiceContext) {
  await requireStaff(ctx, 'manage feature flags');
  const [flags, counts] = await Promise.all([db.listFlags(ctx.db), db.countExposures(ctx.db)]);
  const byFlag = new Map<string, Record<string, number>>();
  for (const c of counts) byFlag.set(c.flagKey, { ...byFlag.get(c.flagKey), [c.variant]: c.count });
  return { flags: flags.map((f) => flagJson(f, byFlag.get(f.key))) };
}

export async function create(ctx: ServiceContext, input: z.infer<typeof FlagCreate>) {
  await requireStaff(ctx, 'manage feature flags');
  await checkOverrides(ctx, input.overrides);
  return flagJson(await db.createFlag(ctx.db, input));
}

export async function update(ctx: ServiceContext, key: string, input: z.infer<typeof FlagUpdate>) {
  await requireStaff(ctx, 'manage feature flags');
  await checkOverrides(ctx, input.overrides);
  return flagJson(await db.updateFlag(ctx.db, key, input));
}

export async function remove(ctx: ServiceContext, key: string) {
  await requireStaff(ctx, 'manage feature flags');
  await db.deleteFlag(ctx.db, key);
  return {};
}

/** Every flag's value for the caller's team (the one asked for, else the current one). */
export async function evaluate(ctx: ServiceContext) {
  const scope = await scopeOf(ctx);
  const subject = { teamId: scope.teamId, userId: ctx.actor.user.id };
  const flags = await db.listFlags(ctx.db);
  return { teamId: scope.teamId, flags: Object.fromEntries(flags.map((f) => [f.key, evaluateFlag(f, subject).value])) };
}

/** The user and team a batch may name: none without a session, else only the caller and a team of theirs. */
async function subjectOf(database: db.Db, user: z.infer<typeof StatsigBody>['user'], caller: db.User | null) {
  if (!caller) return { userId: null, teamId: null };
  if (user.userID && user.userID !== caller.id)
    throw new db.DomainError('forbidden', 'user.userID must be your own user id, or be left out.');
  const teamId = user.customIDs?.teamID ?? null;
  if (teamId) {
    const member = await db.getTeamForUser(database, caller.id, teamId).catch((err: unknown) => {
      if (err instanceof db.DomainError) return null;
      throw err;
    });
    if (!member) throw new db.DomainError('forbidden', 'user.customIDs.teamID must be a team you belong to.');
  }
  return { userId: caller.id, teamId };
}

/** The body arrives as text (sendBeacon sends text/plain), so it is capped and parsed here. */
export async function recordBatch(options: ApiOptions, text: string, ip: string, caller: db.User | null) {
  if (text.length > MAX_BODY_BYTES)
    throw new db.DomainError(
      'payload_too_large',
      `A batch is at most ${MAX_BODY_BYTES / 1024} KB. Send fewer at once.`,
    );
  if (!(await db.hitRateLimit(options.db, `statsig:ip:${ip}`, BATCHES_PER_IP_PER_MINUTE, 60_000)))
    throw new db.DomainError('rate_limited', 'Too many batches from this address. Try again in a minute.');
  const body: unknown = JSON.parse(text);
  refuseNul(body, 'The batch');
  const parsed = StatsigBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new db.DomainError(
      'bad_request',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid batch.'}`,
    );
  }
  const { events, exposures, user } = parsed.data;
  const subject = await subjectOf(options.db, user, caller);
  // Exposures of flags that do not exist (deleted since the page loaded, or made up) count for nothing.
  const known = new Set((await db.listFlags(options.db)).map((f) => f.key));
  const kept = exposures.filter((e) => known.has(e.flag));
  await db.recordExposures(
    options.db,
    kept.map((e) => ({ flagKey: e.flag, variant: String(e.value), ...subject })),
  );
  for (const event of events) {
    await db.recordActivityEvent(options.db, {
      topic: STATSIG_TOPIC,
      record: {
        id: crypto.randomUUID(),
        event_time: event.time,
        eventName: event.eventName,
        value: event.value ?? null,
        metadata: event.metadata ?? {},
        userId: subject.userId,
        teamId: subject.teamId,
      },
    });
  }
  return { exposures: kept.length, events: events.length };
}
