// Password reset links: a random secret mailed to the address, stored as SHA-256, valid for an
// hour and once. Using one sets the new password and ends every session of the account.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { newId, randomString, sha256 } from '../ids';
import { checkPassword } from '../password';
import { passwordResets, users } from '../schema';
import { setPassword, type User } from './accounts';

export const RESET_MINUTES = 60;

/** A new reset secret for the user; earlier unused ones keep working until they expire. */
export async function createPasswordReset(db: Db, userId: string): Promise<string> {
  const secret = randomString(43);
  const expiresAt = new Date(Date.now() + RESET_MINUTES * 60_000);
  await db.insert(passwordResets).values({ id: newId('pwr'), userId, tokenHash: sha256(secret), expiresAt });
  return secret;
}

const invalid = () =>
  new DomainError('reset_invalid', 'This reset link has expired or was already used. Ask for a new one.');

/** The account a live, unused reset secret belongs to. */
export async function userForPasswordReset(db: Db, secret: string): Promise<User> {
  const [row] = await db
    .select({ user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(secret)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    );
  if (!row) throw invalid();
  return row.user;
}

/**
 * Sets the new password with a reset secret, once. The password is checked before the secret is
 * claimed, so a rejected choice can be corrected with the same link; claiming every open link of
 * the account in one statement makes the secret single-use even when two requests race.
 */
export async function resetPassword(db: Db, secret: string, password: string): Promise<User> {
  const user = await userForPasswordReset(db, secret);
  checkPassword(password, [user.email, user.name, user.username]);
  const claimed = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)))
    .returning({ tokenHash: passwordResets.tokenHash });
  if (!claimed.some((row) => row.tokenHash === sha256(secret))) throw invalid();
  await setPassword(db, user, password);
  return user;
}
