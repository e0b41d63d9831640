// The parts of an account its owner changes besides name and password: the username, the uploaded
// avatar, and deleting the account with its teams handed over or deleted.
import { validateSlug } from '@nimbus/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { memberships, teams, users } from '../schema';
import type { User } from './accounts';
import { deleteTeam } from './teams';

/**
 * A new username: the rule of team slugs (lowercase letters, digits, dashes, not reserved), and
 * taken neither by a user nor by a team slug (the Vercel CLI reads a scope equal to the username
 * as the personal account). The personal team keeps its slug: links and linked projects keep working.
 */
export async function setUsername(db: Db, userId: string, username: string): Promise<User> {
  const problem = validateSlug(username);
  if (problem)
    throw new DomainError('invalid_slug', problem.replace(/Slugs/g, 'Usernames').replace(/slug/gi, 'username'));
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.slug, username));
  if ((user && user.id !== userId) || team)
    throw new DomainError('slug_taken', `The username "${username}" is already in use. Choose another one.`);
  const [row] = await db.update(users).set({ username, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  if (!row) throw notFound('The user');
  return row;
}

export async function setAvatar(db: Db, userId: string, digest: string | null): Promise<void> {
  await db.update(users).set({ avatarDigest: digest, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Whether some user's avatar is the blob `digest`: only those blobs are served as avatars. */
export async function isAvatarDigest(db: Db, digest: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.avatarDigest, digest)).limit(1);
  return Boolean(row);
}

/** The digest of the user's uploaded avatar, if any. */
export async function usersAvatar(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ digest: users.avatarDigest }).from(users).where(eq(users.id, userId));
  return row?.digest ?? null;
}

/** The teams only this user owns, with the other members who could take them over. */
export async function soleOwnedTeams(db: Db, userId: string) {
  const owned = await db
    .select({ id: teams.id, slug: teams.slug, name: teams.name })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.userId, userId), eq(memberships.role, 'OWNER'), eq(teams.personal, false)));
  if (!owned.length) return [];
  const rows = await db
    .select({ teamId: memberships.teamId, userId: users.id, username: users.username, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inArray(
          memberships.teamId,
          owned.map((t) => t.id),
        ),
        ne(memberships.userId, userId),
      ),
    );
  return owned
    .filter((t) => !rows.some((r) => r.teamId === t.id && r.role === 'OWNER'))
    .map((t) => ({
      ...t,
      members: rows.filter((r) => r.teamId === t.id).map((r) => ({ id: r.userId, username: r.username })),
    }));
}

/**
 * Deletes the user. Each team only they own goes to the member named in `handover` (made OWNER) or
 * is deleted; the personal team is deleted; sessions, tokens, memberships and recovery codes go with
 * the user (foreign keys). Every handover is checked before anything changes.
 */
export async function deleteAccount(db: Db, userId: string, handover: Record<string, string>): Promise<void> {
  const sole = await soleOwnedTeams(db, userId);
  for (const [teamId, heir] of Object.entries(handover)) {
    const team = sole.find((t) => t.id === teamId);
    if (!team)
      throw new DomainError('bad_request', `You are not the only owner of team ${teamId}: nothing to hand over.`);
    if (!team.members.some((m) => m.id === heir))
      throw new DomainError('bad_request', `Hand "${team.slug}" over to one of its members.`);
  }
  const personal = await db
    .select({ id: teams.id })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(and(eq(memberships.userId, userId), eq(teams.personal, true)));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const team of sole) {
      const heir = handover[team.id];
      if (heir)
        await t
          .update(memberships)
          .set({ role: 'OWNER' })
          .where(and(eq(memberships.teamId, team.id), eq(memberships.userId, heir)));
      else await deleteTeam(t, team.id);
    }
    if (personal.length)
      await t.delete(teams).where(
        inArray(
          teams.id,
          personal.map((p) => p.id),
        ),
      );
    await t.delete(users).where(eq(users.id, userId));
  });
}
