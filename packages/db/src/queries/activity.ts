// Internal event stream records (docs/spec.md §7): written as the browser beacons them, personal data
// redacted first (docs/spec.md §3), and read back newest first per topic for staff reports and tests.
// Also a team's own history (its Activity tab), read from the records of the team.

import { type Role, redactProperties } from '@nimbus/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { newId } from '../ids';
import { activityEvents, deployments, invitations, memberships, projects, users } from '../schema';

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

/** Newest first; `actorId` narrows to the records whose `actorId` (or, for activity records, `user_id`) is that user. */
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
        opts.actorId
          ? sql`(${activityEvents.record}->>'actorId' = ${opts.actorId} or ${activityEvents.record}->>'user_id' = ${opts.actorId})`
          : undefined,
      ),
    )
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(opts.limit);
}

/** Newest first: the records of one topic that name a team (`team_id`), e.g. its Pro-trial onboarding steps. */
export async function listTeamTopicEvents(
  db: Db,
  opts: { topic: string; teamId: string; limit: number },
): Promise<ActivityEvent[]> {
  return db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.topic, opts.topic), sql`${activityEvents.record}->>'team_id' = ${opts.teamId}`))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(opts.limit);
}

/** One thing that happened in a team, as its Activity tab lists it. */
export type TeamActivity =
  | {
      kind: 'deployment';
      at: Date;
      actor: string | null;
      project: string;
      deploymentId: string;
      target: string;
      state: string;
    }
  | { kind: 'project'; at: Date; actor: null; project: string }
  | { kind: 'member'; at: Date; actor: string; role: Role }
  | { kind: 'invitation'; at: Date; actor: string | null; email: string; role: Role };

/**
 * What happened in a team, newest first, read from the records themselves: deployments created,
 * projects created, members who joined and invitations sent (`limit` of each, then `limit` in all).
 */
export async function listTeamActivity(db: Db, teamId: string, limit: number): Promise<TeamActivity[]> {
  const [deployed, created, joined, invited] = await Promise.all([
    db
      .select({
        at: deployments.createdAt,
        actor: users.username,
        project: deployments.name,
        deploymentId: deployments.id,
        target: deployments.target,
        state: deployments.state,
      })
      .from(deployments)
      .leftJoin(users, eq(users.id, deployments.creatorId))
      .where(eq(deployments.teamId, teamId))
      .orderBy(desc(deployments.createdAt))
      .limit(limit),
    db
      .select({ at: projects.createdAt, project: projects.name })
      .from(projects)
      .where(eq(projects.teamId, teamId))
      .orderBy(desc(projects.createdAt))
      .limit(limit),
    db
      .select({ at: memberships.createdAt, actor: users.username, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.teamId, teamId))
      .orderBy(desc(memberships.createdAt))
      .limit(limit),
    db
      .select({ at: invitations.createdAt, actor: users.username, email: invitations.email, role: invitations.role })
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(eq(invitations.teamId, teamId))
      .orderBy(desc(invitations.createdAt))
      .limit(limit),
  ]);
  const all: TeamActivity[] = [
    ...deployed.map((d) => ({ kind: 'deployment' as const, ...d })),
    ...created.map((p) => ({ kind: 'project' as const, actor: null, ...p })),
    ...joined.map((m) => ({ kind: 'member' as const, ...m })),
    ...invited.map((i) => ({ kind: 'invitation' as const, ...i })),
  ];
  return all.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
