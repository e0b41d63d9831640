// Sign-ups waiting for their address to be confirmed, when Nimbus can send mail (docs/architecture.md,
// "Identity and scope"). The link's secret is random, stored as SHA-256, valid for an hour and once;
// a new sign-up with the same address replaces the older one, and expired rows go with the next sign-up.
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { newId, randomString, sha256 } from '../ids';
import { pendingSignups } from '../schema';
import { createAccount, type NewAccount, type User } from './accounts';

export const SIGNUP_CONFIRM_MINUTES = 60;

/** Keeps the account-to-be until its address is confirmed; returns the secret for the link. */
export async function savePendingSignup(db: Db, account: NewAccount): Promise<string> {
  const secret = randomString(43);
  const tokenHash = sha256(secret);
  const expiresAt = new Date(Date.now() + SIGNUP_CONFIRM_MINUTES * 60_000);
  await db.delete(pendingSignups).where(lte(pendingSignups.expiresAt, new Date()));
  await db
    .insert(pendingSignups)
    .values({ id: newId('psu'), ...account, tokenHash, expiresAt })
    .onConflictDoUpdate({
      target: pendingSignups.email,
      set: {
        name: account.name,
        passwordHash: account.passwordHash,
        attribution: account.attribution ?? null,
        tokenHash,
        expiresAt,
        createdAt: new Date(),
      },
    });
  return secret;
}

/**
 * Creates the account a live secret stands for, once: the row is claimed (deleted) in the same
 * statement that finds it, so two uses racing get one account. `email_taken` when the address got
 * an account meanwhile.
 */
export async function confirmPendingSignup(db: Db, secret: string): Promise<User> {
  const [pending] = await db
    .delete(pendingSignups)
    .where(and(eq(pendingSignups.tokenHash, sha256(secret)), gt(pendingSignups.expiresAt, new Date())))
    .returning();
  if (!pending)
    throw new DomainError(
      'signup_invalid',
      'This sign-up link has expired or was already used. Sign up again to get a new one.',
    );
  return createAccount(db, {
    email: pending.email,
    name: pending.name,
    passwordHash: pending.passwordHash,
    attribution: pending.attribution,
  });
}
