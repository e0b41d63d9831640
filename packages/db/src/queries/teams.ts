// Teams and membership: every read is through the caller's membership, so a non-member sees nothing.

import { type Role, slugify, sortTeams, validateSlug, validateTeamName } from '@nimbus/core';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId } from '../ids';
import { memberships, type Team, teams, users } from '../schema';
import { recordPlanStart } from './billing';
import { freeSlug } from './slugs';

export type { Team } from '../schema';
export type TeamWithRole = Team & { role: Role };

export async function listTeams(db: Db, userId: string): Promise<TeamWithRole[]> {
  const rows = await db
    .select({ team: teams, role: memberships.role })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(eq(memberships.userId, userId));
  const [user] = await db.select({ defaultTeamId: users.defaultTeamId }).from(users).where(eq(users.id, userId));
  return sortTeams(
    rows.map((r) => ({ ...r.team, role: r.role })),
    user?.defaultTeamId,
  );
}

/** The team with `idOrSlug` as the user sees it; a team the user is not in is "not found". */
export async function getTeamForUser(db: Db, userId: string, idOrSlug: string): Promise<TeamWithRole> {
  const [row] = await db
    .select({ team: teams, role: memberships.role })
    .from(teams)
    .innerJoin(memberships, and(eq(memberships.teamId, teams.id), eq(memberships.userId, userId)))
    .where(or(eq(teams.id, idOrSlug), eq(teams.slug, idOrSlug)));
  if (!row) throw notFound(`The team "${idOrSlug}"`);
  return { ...row.team, role: row.role };
}

function checkName(name: string): string {
  const problem = validateTeamName(name);
  if (problem) throw new DomainError('invalid_name', problem);
  return name.trim();
}

async function checkSlug(db: Db, slug: string, teamId?: string): Promise<string> {
  const problem = validateSlug(slug);
  if (problem) throw new DomainError('invalid_slug', problem);
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug));
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, slug));
  if ((team && team.id !== teamId) || (user && !teamId)) {
    throw new DomainError('slug_taken', `The slug "${slug}" is already in use. Choose another one.`);
  }
  return slug;
}

export async function createTeam(
  db: Db,
  userId: string,
  input: { name: string; slug?: string | null },
): Promise<TeamWithRole> {
  const name = checkName(input.name);
  const slug = input.slug ? await checkSlug(db, input.slug) : await freeSlug(db, slugify(name) || 'team');
  const id = newId('team');
  return db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ id, slug, name }).returning();
    await tx.insert(memberships).values({ teamId: id, userId, role: 'OWNER' });
    await recordPlanStart(tx, { teamId: id, plan: 'hobby', status: 'active', startedAt: team!.planStartedAt });
    return { ...team!, role: 'OWNER' as const };
  });
}

/** The team's sandbox number: its builds and functions run as host uid NIMBUS_SANDBOX_UID_BASE + this. */
export async function teamSandboxUid(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ uid: teams.sandboxUid }).from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!row) throw notFound('The team');
  return row.uid;
}

export async function updateTeam(
  db: Db,
  teamId: string,
  patch: { name?: string; slug?: string; mfaEnforced?: boolean },
): Promise<Team> {
  const values: Partial<Team> = { updatedAt: new Date() };
  if (patch.mfaEnforced !== undefined) values.mfaEnforced = patch.mfaEnforced;
  if (patch.name !== undefined) values.name = checkName(patch.name);
  if (patch.slug !== undefined) values.slug = await checkSlug(db, patch.slug, teamId);
  const [team] = await db.update(teams).set(values).where(eq(teams.id, teamId)).returning();
  if (!team) throw notFound('The team');
  return team;
}

export async function deleteTeam(db: Db, teamId: string): Promise<void> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound('The team');
  if (team.personal) throw new DomainError('forbidden', 'A personal account cannot be deleted as a team.');
  await db.transaction(async (tx) => {
    // Members whose default was this team fall back to their personal team.
    const affected = await tx.select({ id: users.id }).from(users).where(eq(users.defaultTeamId, teamId));
    for (const { id } of affected) {
      const [personal] = await tx
        .select({ id: teams.id })
        .from(teams)
        .innerJoin(memberships, eq(memberships.teamId, teams.id))
        .where(and(eq(memberships.userId, id), eq(teams.personal, true)));
      await tx
        .update(users)
        .set({ defaultTeamId: personal?.id ?? null })
        .where(eq(users.id, id));
    }
    await tx.delete(teams).where(eq(teams.id, teamId));
  });
}

export async function setDefaultTeam(db: Db, userId: string, idOrSlug: string): Promise<Team> {
  const team = await getTeamForUser(db, userId, idOrSlug);
  await db.update(users).set({ defaultTeamId: team.id, updatedAt: new Date() }).where(eq(users.id, userId));
  return team;
}

export async function countOwners(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, 'OWNER')));
  return row?.n ?? 0;
}

export async function teamsByIds(db: Db, ids: string[]): Promise<Team[]> {
  return ids.length ? db.select().from(teams).where(inArray(teams.id, ids)) : [];
}
