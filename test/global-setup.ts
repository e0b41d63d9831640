// Migrates one template database per test run, so each test file starts from a copy in milliseconds
// instead of migrating (docs/architecture.md: a fresh PGlite takes ~5 s). PostgreSQL when DATABASE_URL is set.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../packages/db/src/client';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const template = `nimbus_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const db = await openDatabase({ url: withDatabase(url, template) });
    await db.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    return async () => {
      const { rows } = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`, [
        `nimbus_t_${process.pid}_%`,
        template,
      ]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-test-'));
  const db = await openDatabase({ dataDir: 'memory://' });
  const dump = await db.dump!();
  await db.close();
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
