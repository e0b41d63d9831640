// Each team's sandbox number, which its builds and functions run under as their own host uid: no two
// teams share one, whether created now or before the number existed (its migration numbers those).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, migrateDatabase, migrationsFolder, openDatabase } from '../client';
import { createEmptyPostgresDatabase, createTestDatabase } from '../testing';
import { registerUser } from './accounts';
import { createTeam, teamSandboxUid } from './teams';

/** The migration that added teams.sandbox_uid. */
const ADDED = '0034_add_team_sandbox_uid';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('team sandbox numbers', () => {
  it('gives every new team its own, personal teams and created ones alike', async () => {
    const user = await registerUser(database.db, { email: 'uids@example.com', password: 'correct horse battery' });
    const teams = [
      user.defaultTeamId!,
      (await createTeam(database.db, user.id, { name: 'First' })).id,
      (await createTeam(database.db, user.id, { name: 'Second' })).id,
    ];
    const numbers = await Promise.all(teams.map((id) => teamSandboxUid(database.db, id)));
    expect(new Set(numbers).size).toBe(3);
    for (const n of numbers) expect(n).toBeGreaterThan(0);
  });

  it('refuses to name a number for a team that does not exist', async () => {
    await expect(teamSandboxUid(database.db, 'team_missing')).rejects.toThrow(/not found/);
  });

  it('numbers the teams that existed before the migration, and later teams after them', {
    timeout: 60_000,
  }, async () => {
    const before = await mkdtemp(path.join(tmpdir(), 'nimbus-migrations-'));
    const old = await openUnmigrated();
    try {
      // The migrations as they stood before this one.
      await cp(migrationsFolder, before, { recursive: true });
      const journalFile = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
      const cut = journal.entries.findIndex((e) => e.tag === ADDED);
      expect(cut).toBeGreaterThan(0);
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
      await migrateFrom(old, before);
      for (const id of ['team_old_a', 'team_old_b', 'team_old_c'])
        await old.execute('INSERT INTO teams (id, slug) VALUES ($1, $2)', [id, id.replaceAll('_', '-')]);

      await migrateDatabase(old);
      await old.execute("INSERT INTO teams (id, slug) VALUES ('team_new', 'team-new')");
      const { rows } = await old.execute('SELECT id, sandbox_uid FROM teams ORDER BY sandbox_uid');
      const numbers = rows.map((r) => r.sandbox_uid as number);
      expect(rows.map((r) => r.id).slice(-1)).toEqual(['team_new']);
      expect(new Set(numbers).size).toBe(4);
      for (const n of numbers) expect(n).toBeGreaterThan(0);
    } finally {
      await old.close();
      await rm(before, { recursive: true, force: true });
    }
  });
});

/** A database with no migrations applied, on the run's engine (PGlite, or PostgreSQL with DATABASE_URL). */
async function openUnmigrated(): Promise<Database> {
  if (inject('dbTemplate').kind === 'postgres')
    return openDatabase({ url: await createEmptyPostgresDatabase(), migrate: false });
  return openDatabase({ dataDir: 'memory://', migrate: false });
}

async function migrateFrom(db: Database, folder: string): Promise<void> {
  const { migrate } =
    db.kind === 'pglite'
      ? await import('drizzle-orm/pglite/migrator')
      : await import('drizzle-orm/node-postgres/migrator');
  await migrate(db.db as never, { migrationsFolder: folder });
}
