// API tokens: `nmb_` + 40 characters of [A-Za-z0-9], shown once and stored as SHA-256.
import { and, desc, eq } from 'drizzle-orm';
import { cachedAuth } from '../auth-cache';
import type { Db } from '../client';
import { DomainError, notFound } from '../errors';
import { newId, randomString, sha256 } from '../ids';
import { tokens, users } from '../schema';
import type { User } from './accounts';

export type Token = typeof tokens.$inferSelect;
export const TOKEN_PREFIX = 'nmb_';
const LAST_USED_EVERY_MS = 60_000;

export async function createToken(
  db: Db,
  input: { userId: string; name: string; teamId?: string | null; expiresAt?: Date | null; origin?: string },
): Promise<{ token: Token; bearerToken: string }> {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new DomainError('bad_request', 'Give the token a name of 1 to 100 characters.');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw new DomainError('bad_request', 'The expiry date must be in the future.');
  }
  const bearerToken = TOKEN_PREFIX + randomString(40);
  const [token] = await db
    .insert(tokens)
    .values({
      id: newId('tok'),
      userId: input.userId,
      name,
      tokenHash: sha256(bearerToken),
      prefix: bearerToken.slice(0, 8),
      teamId: input.teamId ?? null,
      expiresAt: input.expiresAt ?? null,
      origin: input.origin ?? 'manual',
    })
    .returning();
  return { token: token!, bearerToken };
}

export async function listTokens(db: Db, userId: string): Promise<Token[]> {
  return db.select().from(tokens).where(eq(tokens.userId, userId)).orderBy(desc(tokens.createdAt));
}

export async function getToken(db: Db, userId: string, id: string): Promise<Token> {
  const [token] = await db
    .select()
    .from(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.id, id)));
  if (!token) throw notFound('The token');
  return token;
}

export async function revokeToken(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(tokens)
    .where(and(eq(tokens.userId, userId), eq(tokens.id, id)))
    .returning();
  if (!deleted.length) throw notFound('The token');
}

/**
 * The user and token behind a bearer value, or null when unknown or expired. One query joins the
 * token to its user, and its answer is kept briefly (auth-cache.ts gives the bounds), so a client
 * calling in a loop costs no query per call.
 */
export async function authenticateToken(db: Db, bearer: string): Promise<{ token: Token; user: User } | null> {
  if (!/^[A-Za-z0-9_]+$/.test(bearer)) return null;
  const hash = sha256(bearer);
  const row = await cachedAuth(db, `token:${hash}`, async () => {
    const [found] = await db
      .select({ token: tokens, user: users })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(eq(tokens.tokenHash, hash));
    // Last use is written at most once a minute per token: reads stay reads. The lookup is shared by
    // every request that missed the cache together, so they write it once.
    if (found && (!found.token.lastUsedAt || Date.now() - found.token.lastUsedAt.getTime() > LAST_USED_EVERY_MS)) {
      await db.update(tokens).set({ lastUsedAt: new Date() }).where(eq(tokens.id, found.token.id));
    }
    return found ?? null;
  });
  if (!row || (row.token.expiresAt && row.token.expiresAt.getTime() <= Date.now())) return null;
  return row;
}
