// Accounts: sign-up (user + personal hobby team, the "northstar" model), login, sessions, profile.

import { isReservedSlug, slugify } from '@nimbus/core';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cachedAuth } from '../auth-cache';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString, sha256 } from '../ids';
import { memberships, rateLimits, sessions, teams, users } from '../schema';

export type User = typeof users.$inferSelect;
type Team = typeof teams.$inferSelect;

const SESSION_DAYS = 30;
// argon2id with the library's defaults (m=19 MiB, t=2): OWASP's recommended floor.
const ARGON2ID = 2;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateEmail(email: string): void {
  if (!EMAIL.test(email) || email.length > 254) {
    throw new DomainError('bad_request', 'Enter a valid e-mail address, like you@example.com.');
  }
}

export async function registerUser(
  db: Db,
  input: { email: string; password: string; name?: string | null },
): Promise<User> {
  const email = normalizeEmail(input.email);
  validateEmail(email);
  if (input.password.length < 8) throw new DomainError('bad_request', 'Use a password of at least 8 characters.');
  if (input.password.length > 256) throw new DomainError('bad_request', 'Use a password of at most 256 characters.');
  const name = input.name?.trim() || null;
  if (name && name.length > 256) throw new DomainError('bad_request', 'Names are at most 256 characters.');
  const passwordHash = await hash(input.password, { algorithm: ARGON2ID });
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new DomainError('email_taken', 'An account with this e-mail already exists. Log in instead.');
  const username = await freeSlug(db, email.split('@')[0]!);
  const personalSlug = await freeSlug(db, personalTeamSlug(username), PERSONAL_SLUG_MAX);

  return db.transaction(async (tx) => {
    const userId = newId('usr');
    const teamId = newId('team');
    const [user] = await tx
      .insert(users)
      .values({ id: userId, email, username, name, passwordHash, defaultTeamId: teamId })
      .returning();
    await tx.insert(teams).values({ id: teamId, slug: personalSlug, name, personal: true });
    await tx.insert(memberships).values({ teamId, userId, role: 'OWNER' });
    return user!;
  });
}

/**
 * A personal team's slug: `<username>-projects`, as Vercel names new accounts, never the username
 * itself (the vercel CLI reads a scope equal to the username as the personal account and refuses to
 * switch to it). Migration 0007 gave existing accounts the same; the dashboard redirects the old URLs.
 */
export const personalTeamSlug = (username: string) => `${username.slice(0, 34).replace(/-+$/, '')}-projects`;
const PERSONAL_SLUG_MAX = 43;

/** A slug free among both usernames and team slugs, so an old personal URL (`/<username>`) never names a team. */
export async function freeSlug(db: Db, base: string, max = 40): Promise<string> {
  let stem = slugify(base).slice(0, max) || 'user';
  if (isReservedSlug(stem)) stem = `${stem}-team`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? stem : `${stem}-${randomString(4, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.slug, candidate));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate));
    if (!team && !user) return candidate;
  }
  throw new DomainError('conflict', 'Could not find a free name; try again.');
}

export async function verifyLogin(db: Db, emailInput: string, password: string): Promise<User> {
  const email = normalizeEmail(emailInput);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const ok = user ? await verify(user.passwordHash, password) : false;
  if (!user || !ok) throw new DomainError('invalid_credentials', 'The e-mail or password is not correct.');
  return user;
}

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomString(43);
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ id: newId('ses'), userId, tokenHash: sha256(token), expiresAt });
  return { token, expiresAt };
}

/** The user of a session cookie, or null when unknown or expired; kept briefly like tokens (auth-cache.ts). */
export async function userForSession(db: Db, token: string): Promise<User | null> {
  const row = await cachedAuth(db, `session:${sha256(token)}`, async () => {
    const [found] = await db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sha256(token)));
    return found ?? null;
  });
  return row && row.expiresAt.getTime() > Date.now() ? row.user : null;
}

/** The user's personal team (named after them, it carries their plan), kept briefly like tokens. */
export async function personalTeam(db: Db, userId: string): Promise<Team | null> {
  return cachedAuth(db, `personal:${userId}`, async () => {
    const [row] = await db
      .select({ team: teams })
      .from(memberships)
      .innerJoin(teams, eq(teams.id, memberships.teamId))
      .where(and(eq(memberships.userId, userId), eq(teams.personal, true)));
    return row?.team ?? null;
  });
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

export async function getUser(db: Db, id: string): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('The user');
  return user;
}

/** Usernames of the given users (deployment creators, for example), by id. */
export async function usernamesById(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function updateUser(db: Db, id: string, patch: { name?: string | null }): Promise<User> {
  const name = patch.name === undefined ? undefined : patch.name?.trim() || null;
  if (name && name.length > 256) throw new DomainError('bad_request', 'Names are at most 256 characters.');
  return db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id)).returning();
    if (!user) throw notFound('The user');
    // The personal team carries its user's name (docs/spec.md §1: a personal account is shown by the user's name).
    if (name !== undefined) {
      const personal = tx.select({ id: memberships.teamId }).from(memberships).where(eq(memberships.userId, id));
      await tx
        .update(teams)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(teams.personal, true), inArray(teams.id, personal)));
    }
    return user;
  });
}

/**
 * Counts one hit against `key` in a fixed window; returns false once `limit` is exceeded.
 * Kept in the database so every process behind a load balancer shares the count.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const now = new Date();
  const windowFloor = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowFloor} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowFloor} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= limit;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
