// Personal teams are `<username>-projects`, never the username: the vercel CLI refuses a scope equal to
// the username. Accounts made before that are renamed by migration 0009.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { teams } from '../schema';
import { createTestDatabase } from '../testing';
import { personalTeam, registerUser } from './accounts';
import { createTeam } from './teams';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('personal teams', () => {
  it('a new account gets <username>-projects, and its username stays free of teams', async () => {
    const user = await registerUser(database.db, { email: 'ada@example.com', password: 'correct horse battery' });
    expect(user.username).toBe('ada');
    expect((await personalTeam(database.db, user.id))?.slug).toBe('ada-projects');
    const other = await registerUser(database.db, {
      email: 'ada-projects@example.com',
      password: 'correct horse battery',
    });
    expect(other.username).not.toBe('ada-projects');
    expect((await personalTeam(database.db, other.id))?.slug).toMatch(/-projects$/);
  });

  it('migration 0009 renames personal teams named after their user, and no other team', async () => {
    const user = await registerUser(database.db, { email: 'grace@example.com', password: 'correct horse battery' });
    const personal = (await personalTeam(database.db, user.id))!;
    await database.db.update(teams).set({ slug: 'grace' }).where(eq(teams.id, personal.id));
    const team = await createTeam(database.db, user.id, { name: 'Grace Labs', slug: 'grace-labs' });
    const sql = await readFile(
      path.join(import.meta.dirname, '../../migrations/0009_rename_personal_teams.sql'),
      'utf8',
    );
    await database.execute(sql);
    const [renamed] = await database.db.select().from(teams).where(eq(teams.id, personal.id));
    const [kept] = await database.db.select().from(teams).where(eq(teams.id, team.id));
    expect(renamed!.slug).toBe('grace-projects');
    expect(kept!.slug).toBe('grace-labs');
  });
});
