// Browser sessions: the cookie's SHA-256 is stored with the browser's User-Agent and address at
// login, so the account page can list them, mark the current one and end the others.
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { cachedAuth } from '../auth-cache';
import type { Db } from '../client';
import { notFound } from '../errors';
import { newId, randomString, sha256 } from '../ids';
import type { User } from '../schema';
import { sessions, users } from '../schema';

export type Session = typeof sessions.$inferSelect;

const SESSION_DAYS = 30;
const LAST_SEEN_EVERY_MS = 60_000;
const USER_AGENT_MAX = 512;

export async function createSession(
  db: Db,
  userId: string,
  client: { userAgent?: string | null; ip?: string | null } = {},
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomString(43);
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  const id = newId('ses');
  await db.insert(sessions).values({
    id,
    userId,
    tokenHash: sha256(token),
    expiresAt,
    userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
    ip: client.ip || null,
  });
  return { id, token, expiresAt };
}

/**
 * The user and session id of a session cookie, or null when unknown or expired; kept briefly like
 * tokens (auth-cache.ts). Last seen is written at most once a minute, by the lookup that missed the cache.
 */
export async function sessionForToken(db: Db, token: string): Promise<{ user: User; sessionId: string } | null> {
  const hash = sha256(token);
  const row = await cachedAuth(db, `session:${hash}`, async () => {
    const [found] = await db
      .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hash));
    if (found && Date.now() - found.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, found.sessionId));
    }
    return found ?? null;
  });
  return row && row.expiresAt.getTime() > Date.now() ? { user: row.user, sessionId: row.sessionId } : null;
}

/** The user of a session cookie, or null when unknown or expired. */
export async function userForSession(db: Db, token: string): Promise<User | null> {
  return (await sessionForToken(db, token))?.user ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
}

/** The user's live sessions, most recently seen first. */
export async function listSessions(db: Db, userId: string): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export async function revokeSession(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  if (!gone.length) throw notFound('The session');
}

/** Ends every session of the user but `keepId`; answers how many ended. */
export async function revokeOtherSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  const mine = eq(sessions.userId, userId);
  const gone = await db
    .delete(sessions)
    .where(keepId ? and(mine, ne(sessions.id, keepId)) : mine)
    .returning({ id: sessions.id });
  return gone.length;
}
