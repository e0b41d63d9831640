// Migrations on PostgreSQL take an advisory lock: processes starting together on a fresh database
// (NIMBUS_PROCESSES, several machines) must not apply the same migration twice.
import { afterAll, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { createEmptyPostgresDatabase } from './testing';

const template = inject('dbTemplate');
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

it.skipIf(template.kind !== 'postgres')('lets four processes migrate one fresh database at once', async () => {
  const url = await createEmptyPostgresDatabase();
  const results = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ url })));
  for (const result of results) if (result.status === 'fulfilled') opened.push(result.value);
  expect(
    results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
  ).toEqual([]);
  const { rows } = await opened[0]!.execute('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  const { rows: tables } = await opened[0]!.execute(
    "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'deployments'",
  );
  expect(tables[0]!.n).toBe(1);
  expect(rows[0]!.n).toBeGreaterThan(0);
});
