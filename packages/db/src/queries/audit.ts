// The audit log of a team (schema/audit.ts): append one event, list a team's events newest first
// with filters and a time cursor, and prune what a plan no longer keeps. Nothing here updates or
// deletes one event: the log is append-only, and only its age removes a row.
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { auditEvents, teams } from '../schema';

export type AuditEvent = typeof auditEvents.$inferSelect;
export type NewAuditEvent = Omit<typeof auditEvents.$inferInsert, 'id' | 'createdAt'>;

export async function recordAuditEvent(db: Db, event: NewAuditEvent): Promise<AuditEvent> {
  const [row] = await db
    .insert(auditEvents)
    .values({ ...event, id: newId('aud') })
    .returning();
  return row!;
}

export interface AuditFilter {
  teamId: string;
  /** Actions to keep (`project.created`...); empty or absent keeps all. */
  actions?: string[];
  actorId?: string;
  targetId?: string;
  projectIds?: string[];
  /** Inclusive lower bound. */
  since?: Date;
  /** Exclusive upper bound: the previous page's `next`. */
  until?: Date;
  limit: number;
}

/**
 * One page of a team's events, newest first, and the cursor of the next page (null on the last).
 * The cursor is a millisecond time, as Vercel's lists use; a page never ends in the middle of a
 * millisecond that has more events, so `until=<next>` skips none.
 */
export async function listAuditEvents(db: Db, f: AuditFilter): Promise<{ events: AuditEvent[]; next: number | null }> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.teamId, f.teamId),
        f.actions?.length ? inArray(auditEvents.action, f.actions) : undefined,
        f.actorId ? eq(auditEvents.actorId, f.actorId) : undefined,
        f.targetId ? eq(auditEvents.targetId, f.targetId) : undefined,
        f.projectIds?.length
          ? sql`(${auditEvents.meta}->>'projectId' in ${f.projectIds} or (${auditEvents.targetType} = 'project' and ${inArray(auditEvents.targetId, f.projectIds)}))`
          : undefined,
        f.since ? gte(auditEvents.createdAt, f.since) : undefined,
        f.until ? lt(auditEvents.createdAt, f.until) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(f.limit + 1);
  if (rows.length <= f.limit) return { events: rows, next: null };
  const boundary = rows[f.limit]!.createdAt.getTime();
  let end = f.limit;
  while (end > 0 && rows[end - 1]!.createdAt.getTime() === boundary) end--;
  // A whole page in one millisecond: give it all, so the cursor still moves on.
  const events = end === 0 ? rows.filter((r) => r.createdAt.getTime() === boundary) : rows.slice(0, end);
  return { events, next: events.at(-1)!.createdAt.getTime() };
}

/** The distinct people who acted in a team, for the Activity page's actor filter. */
export async function listAuditActors(db: Db, teamId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinctOn([auditEvents.actorId], { id: auditEvents.actorId, name: auditEvents.actorName })
    .from(auditEvents)
    .where(eq(auditEvents.teamId, teamId))
    .orderBy(auditEvents.actorId, desc(auditEvents.createdAt));
}

/** Deletes the events older than their team's plan keeps them (days per plan); returns how many went. */
export async function pruneAuditEvents(
  db: Db,
  retentionDays: Readonly<Record<'hobby' | 'pro' | 'enterprise', number>>,
  now = new Date(),
): Promise<number> {
  const days = sql`case ${teams.plan} when 'hobby' then ${retentionDays.hobby}::int when 'pro' then ${retentionDays.pro}::int else ${retentionDays.enterprise}::int end`;
  const gone = await db
    .delete(auditEvents)
    .where(
      inArray(
        auditEvents.id,
        sql`(select ${auditEvents.id} from ${auditEvents} join ${teams} on ${teams.id} = ${auditEvents.teamId}
             where ${auditEvents.createdAt} < ${now}::timestamptz - (${days} * interval '1 day'))`,
      ),
    )
    .returning({ id: auditEvents.id });
  return gone.length;
}

/**
 * Prunes the audit log every `everyMs` (an hour by default) by plan retention. Several processes
 * may run it: each sweep is one DELETE. Returns a stop function.
 */
export function startAuditRetention(options: {
  db: Db;
  retentionDays: Readonly<Record<'hobby' | 'pro' | 'enterprise', number>>;
  everyMs?: number;
  onError?: (error: unknown) => void;
}): () => void {
  const sweep = () =>
    pruneAuditEvents(options.db, options.retentionDays).catch((error) => void options.onError?.(error));
  const timer = setInterval(sweep, options.everyMs ?? 3_600_000);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}
