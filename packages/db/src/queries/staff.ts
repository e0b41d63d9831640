// Who counts as Nimbus staff (docs/spec.md §1): members of the team whose slug is the configured staff team
// (NIMBUS_STAFF_TEAM). Staff-only API routes (leads, search analytics) ask here. The staff console
// (/admin) reads every user, team and deployment through the lookups below, whichever team they belong to;
// lists page by offset and fetch one row more than asked, so callers know whether there is a next page.
// The count subqueries name their tables with aliases: drizzle writes a column of a select field
// unqualified, which inside a subquery would bind to the subquery's own table.
import { and, count, desc, eq, gt, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  activityEvents,
  auditEvents,
  deployments,
  memberships,
  projects,
  searchEvents,
  sessions,
  teams,
  users,
} from '../schema';

export async function isStaff(db: Db, userId: string, staffTeamSlug: string): Promise<boolean> {
  const [row] = await db
    .select({ teamId: teams.id })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.userId, userId), eq(teams.slug, staffTeamSlug)))
    .limit(1);
  return Boolean(row);
}

export interface StaffPage {
  search?: string;
  limit: number;
  offset: number;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users by e-mail, username or id, newest first, with the slugs of their teams, live sessions and 2FA. */
export async function staffListUsers(db: Db, q: StaffPage) {
  return db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      name: users.name,
      createdAt: users.createdAt,
      twoFactor: isNotNull(users.totpEnabledAt).mapWith(Boolean),
      teams: sql<
        string | null
      >`(select string_agg(t.slug, ' ' order by t.slug) from memberships m join teams t on t.id = m.team_id where m.user_id = "users"."id")`.mapWith(
        (slugs: string | null) => (slugs ? slugs.split(' ') : []),
      ),
      sessions:
        sql<number>`(select count(*) from sessions s where s.user_id = "users"."id" and s.expires_at > now())`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(
      q.search
        ? or(
            ilike(users.email, containing(q.search)),
            ilike(users.username, containing(q.search)),
            eq(users.id, q.search),
          )
        : undefined,
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1)
    .offset(q.offset);
}

/** One user with their teams (and role), the projects of those teams, their latest deployments and audit events. */
export async function staffUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const teamRows = await db
    .select({ id: teams.id, slug: teams.slug, name: teams.name, plan: teams.plan, role: memberships.role })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.userId, userId))
    .orderBy(teams.slug);
  const teamIds = teamRows.map((t) => t.id);
  const [projectRows, deploymentRows, auditRows, [live]] = await Promise.all([
    teamIds.length
      ? db
          .select({ id: projects.id, name: projects.name, teamId: projects.teamId, createdAt: projects.createdAt })
          .from(projects)
          .where(inArray(projects.teamId, teamIds))
          .orderBy(desc(projects.createdAt))
          .limit(50)
      : [],
    staffDeploymentRows(db).where(eq(deployments.creatorId, userId)).orderBy(desc(deployments.createdAt)).limit(20),
    db.select().from(auditEvents).where(eq(auditEvents.actorId, userId)).orderBy(desc(auditEvents.createdAt)).limit(20),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()))),
  ]);
  return {
    user,
    sessions: live?.n ?? 0,
    teams: teamRows,
    projects: projectRows,
    deployments: deploymentRows,
    audit: auditRows,
  };
}

/** Teams by slug, name or id, newest first, with their member and project counts. */
export async function staffListTeams(db: Db, q: StaffPage) {
  return db
    .select({
      id: teams.id,
      slug: teams.slug,
      name: teams.name,
      personal: teams.personal,
      plan: teams.plan,
      billingStatus: teams.billingStatus,
      createdAt: teams.createdAt,
      members: sql<number>`(select count(*) from memberships m where m.team_id = "teams"."id")`.mapWith(Number),
      projects: sql<number>`(select count(*) from projects p where p.team_id = "teams"."id")`.mapWith(Number),
    })
    .from(teams)
    .where(
      q.search
        ? or(ilike(teams.slug, containing(q.search)), ilike(teams.name, containing(q.search)), eq(teams.id, q.search))
        : undefined,
    )
    .orderBy(desc(teams.createdAt), desc(teams.id))
    .limit(q.limit + 1)
    .offset(q.offset);
}

/** One team by id or slug with its members and projects. */
export async function staffTeam(db: Db, idOrSlug: string) {
  const [team] = await db
    .select()
    .from(teams)
    .where(or(eq(teams.id, idOrSlug), eq(teams.slug, idOrSlug)));
  if (!team) return null;
  const [members, projectRows] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, username: users.username, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.teamId, team.id))
      .orderBy(users.email),
    db
      .select({ id: projects.id, name: projects.name, createdAt: projects.createdAt })
      .from(projects)
      .where(eq(projects.teamId, team.id))
      .orderBy(desc(projects.createdAt))
      .limit(100),
  ]);
  return { team, members, projects: projectRows };
}

function staffDeploymentRows(db: Db) {
  return db
    .select({
      id: deployments.id,
      host: deployments.host,
      name: deployments.name,
      state: deployments.state,
      target: deployments.target,
      createdAt: deployments.createdAt,
      teamId: deployments.teamId,
      teamSlug: teams.slug,
      errorMessage: deployments.errorMessage,
    })
    .from(deployments)
    .innerJoin(teams, eq(teams.id, deployments.teamId))
    .$dynamic();
}

/** Deployments of every team by id or host (the label of its URL), optionally in one state, newest first. */
export async function staffListDeployments(db: Db, q: StaffPage & { state?: string }) {
  return staffDeploymentRows(db)
    .where(
      and(
        q.search
          ? or(
              eq(deployments.id, q.search),
              ilike(deployments.host, containing(q.search.replace(/^https?:\/\//, '').split('.')[0]!)),
            )
          : undefined,
        q.state ? eq(deployments.state, q.state as (typeof deployments.$inferSelect)['state']) : undefined,
      ),
    )
    .orderBy(desc(deployments.createdAt), desc(deployments.id))
    .limit(q.limit + 1)
    .offset(q.offset);
}

export async function staffDeployment(db: Db, id: string) {
  const [row] = await staffDeploymentRows(db).where(eq(deployments.id, id));
  return row ?? null;
}

/** The searches with the most recorded events, with how many were clicks and conversions. */
export async function searchQueryTotals(db: Db, q: { limit: number; offset: number }) {
  return db
    .select({
      queryId: searchEvents.queryId,
      index: sql<string>`min(${searchEvents.indexName})`,
      events: count(),
      clicks: sql<number>`count(*) filter (where ${searchEvents.eventType} = 'click')`.mapWith(Number),
      conversions: sql<number>`count(*) filter (where ${searchEvents.eventType} = 'conversion')`.mapWith(Number),
      lastAt: sql<Date>`max(${searchEvents.occurredAt})`.mapWith((v) => new Date(v)),
    })
    .from(searchEvents)
    .where(isNotNull(searchEvents.queryId))
    .groupBy(searchEvents.queryId)
    .orderBy(desc(count()), searchEvents.queryId)
    .limit(q.limit + 1)
    .offset(q.offset);
}

/** The topics of the internal event stream, busiest first. */
export async function activityTopics(db: Db) {
  return db
    .select({ topic: activityEvents.topic, events: count() })
    .from(activityEvents)
    .groupBy(activityEvents.topic)
    .orderBy(desc(count()), activityEvents.topic)
    .limit(100);
}
