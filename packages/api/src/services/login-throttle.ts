// Login throttling that slows an attacker without locking the owner out. Failures are counted per
// (account, address) pair and per address; past a few free failures each further attempt waits
// twice as long as the last (1 s, 2 s, 4 s ... up to 15 minutes), counted from the last failure.
// - The owner at another address is never slowed by an attacker's failures: the pair is theirs.
// - An address many people share (an office, a carrier NAT) is slowed as a whole, except for a
//   correct password from an account that has logged in from that address before.
// - A successful login forgets the pair's failures.
// Counters live in the database (queries/rate-limits.ts), so every process shares them.
import * as db from '@nimbus/db';

const PAIR_FREE = 5;
const ADDRESS_FREE = 20;
const MAX_WAIT_MS = 15 * 60_000;
/** Failures are forgotten a day after the last one; a known address is remembered for 90 days. */
const FORGET_MS = 24 * 60 * 60_000;
const KNOWN_MS = 90 * 24 * 60 * 60_000;

const keys = (email: string, ip: string) => {
  const account = db.normalizeEmail(email);
  return { pair: `login:pair:${account}|${ip}`, address: `login:ip:${ip}`, known: `login:known:${account}|${ip}` };
};

/** How long after the last of `count` failures the next attempt must wait. */
export function waitAfter(count: number, free: number): number {
  return count < free ? 0 : Math.min(1000 * 2 ** (count - free), MAX_WAIT_MS);
}

async function waitLeft(database: db.Db, key: string, free: number): Promise<number> {
  const row = await db.readRateLimit(database, key);
  return row ? Math.max(0, row.updatedAt.getTime() + waitAfter(row.count, free) - Date.now()) : 0;
}

function tooMany(ms: number): db.DomainError {
  const seconds = Math.ceil(ms / 1000);
  return new db.DomainError(
    'rate_limited',
    `Too many failed logins. Try again in ${seconds} second${seconds === 1 ? '' : 's'}, or reset your password.`,
    { retryAfter: seconds },
  );
}

/**
 * Checks the throttles, then the password (`check` answers the user or null). Throws 429 while
 * this attempt must wait, 401 for a wrong password; answers the user otherwise.
 */
export async function throttledLogin(
  database: db.Db,
  email: string,
  ip: string,
  check: () => Promise<db.User | null>,
): Promise<db.User> {
  const k = keys(email, ip);
  const pairWait = await waitLeft(database, k.pair, PAIR_FREE);
  if (pairWait > 0) throw tooMany(pairWait);
  const addressWait = await waitLeft(database, k.address, ADDRESS_FREE);
  if (addressWait > 0 && !(await db.readRateLimit(database, k.known))) throw tooMany(addressWait);

  const user = await check();
  if (!user) {
    await db.noteFailure(database, k.pair, FORGET_MS);
    await db.noteFailure(database, k.address, FORGET_MS);
    throw new db.DomainError('invalid_credentials', 'The e-mail or password is not correct.');
  }
  await db.clearRateLimit(database, k.pair);
  await db.rememberKey(database, k.known, KNOWN_MS);
  return user;
}

/**
 * The second step of a login, and the proofs asked before changing two-factor settings: failures
 * are counted per account (the password was right, so the address no longer matters), with the
 * same doubling wait. `check` answers whether the code or password was right; `failure` is thrown if not.
 */
export async function throttledSecondFactor(
  database: db.Db,
  userId: string,
  check: () => Promise<boolean>,
  failure: db.DomainError,
): Promise<void> {
  const key = `login:second-factor:${userId}`;
  const wait = await waitLeft(database, key, PAIR_FREE);
  if (wait > 0) throw tooMany(wait);
  if (!(await check())) {
    await db.noteFailure(database, key, FORGET_MS);
    throw failure;
  }
  await db.clearRateLimit(database, key);
}
