// Internal event stream records (docs/spec.md §7): written as the browser beacons them, personal data
// redacted first (docs/spec.md §3), and read back newest first per topic for staff reports and tests.

import { redactProperties } from '@nimbus/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { activityEvents } from '../schema';

export type ActivityEvent = typeof activityEvents.$inferSelect;

export async function recordActivityEvent(
  db: Db,
  input: { topic: string; record: Record<string, unknown> },
): Promise<ActivityEvent> {
  const [row] = await db
    .insert(activityEvents)
    .values({ id: newId('evt'), topic: input.topic, record: redactProperties(input.record) })
    .returning();
  return row!;
}

/** Newest first; `actorId` narrows to the records whose `actorId` field is that user. */
export async function listActivityEvents(
  db: Db,
  opts: { topic: string; actorId?: string; limit: number },
): Promise<ActivityEvent[]> {
  return db
    .select()
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.topic, opts.topic),
        opts.actorId ? sql`${activityEvents.record}->>'actorId' = ${opts.actorId}` : undefined,
      ),
    )
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(opts.limit);
}
