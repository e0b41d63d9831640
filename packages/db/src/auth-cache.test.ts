// The auth cache: repeated authentication costs no query, a change made through this package counts
// from the next request, and one made by another process within AUTH_CACHE_MS.
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AUTH_CACHE_MS } from './auth-cache';
import { countingQueries, type Database, openDatabase } from './client';
import { personalTeam, registerUser, updateUser } from './queries/accounts';
import { createSession, deleteSession, userForSession } from './queries/sessions';
import { authenticateToken, createToken, revokeToken } from './queries/tokens';
import { createEmptyPostgresDatabase } from './testing';

const template = inject('dbTemplate');
let database: Database;
beforeAll(async () => {
  database =
    template.kind === 'pglite'
      ? await openDatabase({
          dataDir: 'memory://',
          loadDataDir: new Blob([await readFile(template.file)]),
          migrate: false,
          countQueries: true,
        })
      : await openDatabase({ url: await createEmptyPostgresDatabase(), countQueries: true });
});
afterAll(() => database.close());
afterEach(() => vi.restoreAllMocks());

let users = 0;
async function userWithToken() {
  const user = await registerUser(database.db, { email: `cache-${++users}@example.com`, password: 'correct horse' });
  const { token, bearerToken } = await createToken(database.db, { userId: user.id, name: 'cli' });
  return { user, token, bearerToken };
}

async function queriesOf(fn: () => Promise<unknown>): Promise<number> {
  const tally = { queries: 0 };
  await countingQueries(tally, fn);
  return tally.queries;
}

describe('auth cache', () => {
  it('answers a token, a session and the personal team again without a query', async () => {
    const { user, bearerToken } = await userWithToken();
    const { token: cookie } = await createSession(database.db, user.id);
    const all = () =>
      Promise.all([
        authenticateToken(database.db, bearerToken),
        userForSession(database.db, cookie),
        personalTeam(database.db, user.id),
      ]);
    expect(await queriesOf(all)).toBeGreaterThanOrEqual(3);
    expect(await queriesOf(all)).toBe(0);
    const [found, sessionUser, personal] = await all();
    expect(found?.user.id).toBe(user.id);
    expect(sessionUser?.id).toBe(user.id);
    expect(personal).toMatchObject({ personal: true, slug: `${user.username}-projects` });
  });

  it('shares one lookup among requests that miss together', async () => {
    const { bearerToken } = await userWithToken();
    const queries = await queriesOf(() =>
      Promise.all(Array.from({ length: 50 }, () => authenticateToken(database.db, bearerToken))),
    );
    // The lookup, and the first "last used" write.
    expect(queries).toBe(2);
  });

  it('takes revocation, logout and renames made in this process from the next call', async () => {
    const { user, token, bearerToken } = await userWithToken();
    const { token: cookie } = await createSession(database.db, user.id);
    expect(await authenticateToken(database.db, bearerToken)).not.toBeNull();
    expect(await userForSession(database.db, cookie)).not.toBeNull();
    await updateUser(database.db, user.id, { name: 'Renamed' });
    expect((await authenticateToken(database.db, bearerToken))?.user.name).toBe('Renamed');
    expect((await personalTeam(database.db, user.id))?.name).toBe('Renamed');
    await revokeToken(database.db, user.id, token.id);
    expect(await authenticateToken(database.db, bearerToken)).toBeNull();
    await deleteSession(database.db, cookie);
    expect(await userForSession(database.db, cookie)).toBeNull();
  });

  it("takes a write noted by another copy of this package (as the dashboard's bundle has) from the next call", async () => {
    const { user } = await userWithToken();
    const { token: cookie } = await createSession(database.db, user.id);
    vi.resetModules();
    const bundled = await import('./queries/sessions');
    expect((await bundled.userForSession(database.db, cookie))?.name).not.toBe('Bundled');
    await updateUser(database.db, user.id, { name: 'Bundled' });
    expect((await bundled.userForSession(database.db, cookie))?.name).toBe('Bundled');
  });

  it('takes a revocation made by another process within AUTH_CACHE_MS', async () => {
    const { token, bearerToken } = await userWithToken();
    expect(await authenticateToken(database.db, bearerToken)).not.toBeNull();
    // Raw SQL stands for another process: this one is not told of the write.
    await database.execute('DELETE FROM tokens WHERE id = $1', [token.id]);
    expect(await authenticateToken(database.db, bearerToken)).not.toBeNull();
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + AUTH_CACHE_MS + 1);
    expect(await authenticateToken(database.db, bearerToken)).toBeNull();
  });

  it('refuses a cached token once it expires', async () => {
    const user = await registerUser(database.db, { email: 'cache-expiry@example.com', password: 'correct horse' });
    const expiresAt = new Date(Date.now() + 500);
    const { bearerToken } = await createToken(database.db, { userId: user.id, name: 'soon', expiresAt });
    expect(await authenticateToken(database.db, bearerToken)).not.toBeNull();
    vi.spyOn(Date, 'now').mockReturnValue(expiresAt.getTime());
    expect(await authenticateToken(database.db, bearerToken)).toBeNull();
  });
});
