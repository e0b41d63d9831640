// Two-factor authentication state of a user: the sealed TOTP secret, when it was turned on, the last
// accepted time step, and the hashed recovery codes. Codes are checked by the API (otplib); this
// file only stores. A recovery code is deleted by the statement that finds it, so it works once.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { randomString } from '../ids';
import { recoveryCodes, users } from '../schema';
import type { User } from './accounts';
import { revokeOtherSessions } from './sessions';

export const RECOVERY_CODE_COUNT = 10;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Recovery codes are typed by people: compare them without case, dashes or spaces. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** Keeps a new sealed secret waiting for its first code; refused while two-factor is on. */
export async function saveTotpSecret(db: Db, userId: string, sealed: string): Promise<void> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealed, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!rows.length) throw new DomainError('conflict', 'Two-factor authentication is already on. Turn it off first.');
}

/**
 * Notes that the code of `step` was used, only when no later or equal step was: false means the
 * code was already used (a replay), true that this caller is the one that used it.
 */
export async function useTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Turns two-factor on with the confirmed secret, replaces the recovery codes and ends every other
 * session: from then on each session and token of the user was made with two-factor on, which is
 * what team enforcement relies on (services/context.ts). Answers the new codes, shown once.
 */
export async function enableTwoFactor(db: Db, userId: string, keepSessionId: string | null): Promise<string[]> {
  const codes = await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt), sql`${users.totpSecret} is not null`))
      .returning({ id: users.id });
    if (!rows.length) throw new DomainError('conflict', 'Start the setup again: no secret is waiting for a code.');
    return replaceCodes(tx as unknown as Db, userId);
  });
  await revokeOtherSessions(db, userId, keepSessionId);
  return codes;
}

export async function regenerateRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  return db.transaction((tx) => replaceCodes(tx as unknown as Db, userId));
}

async function replaceCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomString(10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normalizeRecoveryCode(c)) })));
  return codes;
}

/** Uses a recovery code: true when it was one of the user's unused codes (it is gone now). */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const gone = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normalizeRecoveryCode(code)))))
    .returning({ userId: recoveryCodes.userId });
  return gone.length > 0;
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  return row?.n ?? 0;
}

export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

/** Whether the user logs in with a second factor. */
export const hasTwoFactor = (user: Pick<User, 'totpEnabledAt'>) => user.totpEnabledAt !== null;
