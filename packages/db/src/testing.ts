// Test databases: each call gets its own copy of the migrated template made by test/global-setup.ts,
// on PGlite by default and on PostgreSQL when the run has DATABASE_URL.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from './client';

export async function createTestDatabase(): Promise<Database> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.file);
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([dump]), migrate: false });
  }
  return openDatabase({ url: await createPostgresDatabase(`TEMPLATE ${template.template}`), migrate: false });
}

/**
 * PostgreSQL runs only: the URL of a new, empty database (not migrated), for tests of what happens
 * on a first start. Dropped with the run's other databases by test/global-setup.ts.
 */
export async function createEmptyPostgresDatabase(): Promise<string> {
  return createPostgresDatabase('');
}

async function createPostgresDatabase(options: string): Promise<string> {
  const template = inject('dbTemplate');
  if (template.kind !== 'postgres') throw new Error('This test needs a PostgreSQL run (DATABASE_URL).');
  const { default: pg } = await import('pg');
  const name = `nimbus_t_${template.template.split('_')[2]}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ${options}`);
  } finally {
    await admin.end();
  }
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return url.toString();
}
