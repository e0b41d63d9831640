// Accounts: sign-up (user + personal hobby team, the "northstar" model), login, password, profile.
// Sessions are in sessions.ts, throttles in rate-limits.ts, reset links in password-resets.ts.

import { type Attribution, INVALID_EMAIL, isValidEmail, sanitizeAttribution } from '@nimbus/core';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, inArray } from 'drizzle-orm';
import { cachedAuth } from '../auth-cache';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString } from '../ids';
import { checkPassword } from '../password';
import { memberships, type Team, teams, type User, users } from '../schema';
import { recordPlanStart } from './billing';
import { revokeOtherSessions } from './sessions';
import { freeSlug } from './slugs';

export type { User } from '../schema';

// argon2id with the library's defaults (m=19 MiB, t=2): OWASP's recommended floor.
const ARGON2ID = 2;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function validateEmail(email: string): void {
  if (!isValidEmail(email)) throw new DomainError('bad_request', INVALID_EMAIL);
}

/** What a new account is made of, checked (address, name, password rule) and with the password hashed. */
export interface NewAccount {
  email: string;
  name: string | null;
  passwordHash: string;
  /** The campaign the sign-up came from, as the browser stored it (docs/architecture.md, "Tracking"). */
  attribution?: Attribution | null;
}

/** Checks a sign-up's fields the one way every sign-up is checked and hashes its password (argon2, always). */
export async function prepareAccount(input: {
  email: string;
  password: string;
  name?: string | null;
  attribution?: unknown;
}): Promise<NewAccount> {
  const email = normalizeEmail(input.email);
  validateEmail(email);
  const name = input.name?.trim() || null;
  if (name && name.length > 256) throw new DomainError('bad_request', 'Names are at most 256 characters.');
  checkPassword(input.password, [email, name]);
  const attribution = sanitizeAttribution(input.attribution);
  return { email, name, passwordHash: await hashPassword(input.password), attribution };
}

export async function registerUser(
  db: Db,
  input: { email: string; password: string; name?: string | null; attribution?: unknown },
): Promise<User> {
  // Hashed before the lookup, so a taken address answers no faster than a free one.
  return createAccount(db, await prepareAccount(input));
}

/** The user and their personal hobby team, in one transaction; `email_taken` when the address has an account. */
export async function createAccount(db: Db, { email, name, passwordHash, attribution }: NewAccount): Promise<User> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new DomainError('email_taken', 'An account with this e-mail already exists. Log in instead.');
  const username = await freeSlug(db, email.split('@')[0]!);
  const personalSlug = await freeSlug(db, personalTeamSlug(username), PERSONAL_SLUG_MAX);

  return db.transaction(async (tx) => {
    const userId = newId('usr');
    const teamId = newId('team');
    const [user] = await tx
      .insert(users)
      .values({
        id: userId,
        email,
        username,
        name,
        passwordHash,
        defaultTeamId: teamId,
        attribution: attribution ?? null,
      })
      .returning();
    const [team] = await tx.insert(teams).values({ id: teamId, slug: personalSlug, name, personal: true }).returning();
    await recordPlanStart(tx, { teamId, plan: 'hobby', status: 'active', startedAt: team!.planStartedAt });
    await tx.insert(memberships).values({ teamId, userId, role: 'OWNER' });
    return user!;
  });
}

/**
 * A personal team's slug: `<username>-projects`, as Vercel names new accounts, never the username
 * itself (the vercel CLI reads a scope equal to the username as the personal account and refuses to
 * switch to it). Migration 0009 gave existing accounts the same; the dashboard redirects the old URLs.
 */
export const personalTeamSlug = (username: string) => `${username.slice(0, 34).replace(/-+$/, '')}-projects`;
const PERSONAL_SLUG_MAX = 43;

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

// An unknown e-mail is checked against this hash, so it takes as long as a known one.
let dummyHash: Promise<string> | undefined;

/** The user when the password is theirs, else null; an unknown e-mail costs one argon2 verify like a known one. */
export async function checkLogin(db: Db, emailInput: string, password: string): Promise<User | null> {
  const email = normalizeEmail(emailInput);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  dummyHash ??= hashPassword(randomString(32));
  const ok = await verify(user?.passwordHash ?? (await dummyHash), password);
  return user && ok ? user : null;
}

export async function userByEmail(db: Db, emailInput: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(emailInput)));
  return user ?? null;
}

/** Checks the rule (password.ts), stores the new hash and ends every session but `keepSessionId`. */
export async function setPassword(db: Db, user: User, password: string, keepSessionId?: string): Promise<void> {
  checkPassword(password, [user.email, user.name, user.username]);
  const passwordHash = await hashPassword(password);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await revokeOtherSessions(db, user.id, keepSessionId ?? null);
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
