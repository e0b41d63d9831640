// Device authorization for `nimbus login` (RFC 8628): create a code pair, let a signed-in person
// approve or deny the user code, and exchange an approved device code for one API token, once.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../client';
import { DomainError } from '../errors';
import { newId, randomString, sha256 } from '../ids';
import { deviceCodes } from '../schema';
import { getTeamForUser } from './teams';
import { createToken } from './tokens';

export type DeviceCode = typeof deviceCodes.$inferSelect;
export type DevicePoll =
  | { status: 'authorization_pending' | 'slow_down' | 'expired_token' | 'access_denied' }
  | { status: 'approved'; bearerToken: string; teamId: string | null };

export const DEVICE_CODE_TTL_MS = 10 * 60_000;
export const DEVICE_POLL_INTERVAL_S = 5;
/** RFC 8628 §6.1: consonants only, so codes spell no words and hold no 0/O or 1/I look-alikes. */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
/** Network jitter may bring two polls of a well-behaved client slightly closer than the interval. */
const POLL_TOLERANCE_MS = 1000;

/** `abcd efgh`, `ABCDEFGH` and `ABCD-EFGH` all mean `ABCD-EFGH`; anything else is null. */
export function normalizeUserCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== 8 || [...letters].some((ch) => !USER_CODE_ALPHABET.includes(ch))) return null;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

export async function createDeviceCode(
  db: Db,
  input: { clientName: string },
): Promise<{ deviceCode: string; row: DeviceCode }> {
  await db.delete(deviceCodes).where(lt(deviceCodes.expiresAt, new Date()));
  const deviceCode = randomString(40);
  const clientName = input.clientName.trim().slice(0, 60) || 'unknown host';
  // A user code may collide with a live one; a fresh draw almost always succeeds.
  for (let attempt = 0; attempt < 5; attempt++) {
    const userCode = normalizeUserCode(randomString(8, USER_CODE_ALPHABET))!;
    const [row] = await db
      .insert(deviceCodes)
      .values({
        id: newId('dev'),
        deviceCodeHash: sha256(deviceCode),
        userCode,
        clientName,
        interval: DEVICE_POLL_INTERVAL_S,
        expiresAt: new Date(Date.now() + DEVICE_CODE_TTL_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return { deviceCode, row };
  }
  throw new DomainError('conflict', 'Could not allocate a device code. Try again.');
}

/** A live (not expired, not yet used) code by the code a person typed; otherwise "not found". */
export async function getPendingDeviceCode(db: Db, userCode: string): Promise<DeviceCode> {
  const code = normalizeUserCode(userCode);
  const [row] = code ? await db.select().from(deviceCodes).where(eq(deviceCodes.userCode, code)) : [];
  if (!row || row.expiresAt.getTime() <= Date.now() || row.status !== 'pending') {
    throw new DomainError(
      'not_found',
      `The code "${userCode}" is unknown, has expired or was already used. Run \`nimbus login\` again for a new code.`,
    );
  }
  return row;
}

/** Approves (for the user, optionally with a current team) or denies a pending code. */
export async function decideDeviceCode(
  db: Db,
  input: { userCode: string; userId: string; approve: boolean; team?: string },
): Promise<DeviceCode> {
  const pending = await getPendingDeviceCode(db, input.userCode);
  const teamId = input.approve && input.team ? (await getTeamForUser(db, input.userId, input.team)).id : null;
  const [row] = await db
    .update(deviceCodes)
    .set({ status: input.approve ? 'approved' : 'denied', userId: input.userId, teamId })
    .where(and(eq(deviceCodes.id, pending.id), eq(deviceCodes.status, 'pending')))
    .returning();
  if (!row) throw new DomainError('conflict', 'This code was decided a moment ago in another window.');
  return row;
}

/** One poll of the CLI. An approved code becomes exactly one token, then is consumed. */
export async function pollDeviceCode(db: Db, deviceCode: string): Promise<DevicePoll> {
  const [row] = await db
    .select()
    .from(deviceCodes)
    .where(eq(deviceCodes.deviceCodeHash, sha256(deviceCode)));
  const now = Date.now();
  if (!row || row.status === 'consumed' || row.expiresAt.getTime() <= now) return { status: 'expired_token' };
  if (row.status === 'denied') return { status: 'access_denied' };
  if (row.lastPolledAt && now - row.lastPolledAt.getTime() < row.interval * 1000 - POLL_TOLERANCE_MS) {
    await db
      .update(deviceCodes)
      .set({ lastPolledAt: new Date(now), interval: row.interval + 5 })
      .where(eq(deviceCodes.id, row.id));
    return { status: 'slow_down' };
  }
  await db
    .update(deviceCodes)
    .set({ lastPolledAt: new Date(now) })
    .where(eq(deviceCodes.id, row.id));
  if (row.status === 'pending' || !row.userId) return { status: 'authorization_pending' };
  const userId = row.userId;
  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(deviceCodes)
      .set({ status: 'consumed' })
      .where(and(eq(deviceCodes.id, row.id), eq(deviceCodes.status, 'approved')))
      .returning();
    if (!consumed) return { status: 'expired_token' } as const;
    const { bearerToken } = await createToken(tx, { userId, name: `nimbus CLI on ${row.clientName}`, origin: 'cli' });
    return { status: 'approved', bearerToken, teamId: consumed.teamId } as const;
  });
}
