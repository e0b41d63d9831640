// Opens the one database of a Nimbus process: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { countQuery, queryLogger } from './query-log';
import { traceClient } from './query-spans';
import * as schema from './schema';

export { countingQueries, type QueryTally } from './query-log';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw SQL for the few places drizzle has no builder (LISTEN/NOTIFY, advisory locks). */
  execute(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PostgreSQL only: runs `fn` on one connection of the pool (session state such as advisory locks). */
  withSession?<T>(fn: (query: (sql: string, params?: unknown[]) => Promise<unknown>) => Promise<T>): Promise<T>;
  /** PGlite only: a gzip dump of the data directory, loadable through `loadDataDir`. */
  dump?(): Promise<Blob>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

export interface OpenOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** Folder of the PGlite data files; `memory://` keeps it in memory. */
  dataDir?: string;
  /** A PGlite data dump (from `dumpDataDir`) to start from, used by tests to skip migrations. */
  loadDataDir?: Blob | File;
  migrate?: boolean;
  /** PostgreSQL connections of this process (NIMBUS_DB_POOL, read by the server's configuration). */
  poolSize?: number;
  /** Count queries per request for `countingQueries` (benches, debugging); off by default. */
  countQueries?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.url
    ? await openPostgres(options.url, options.poolSize, options.countQueries)
    : await openPglite(options);
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.dataDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : dir, {
    loadDataDir: options.loadDataDir,
  });
  traceClient(client, ['query', 'exec']);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: Parameters<Parameters<typeof client.transaction>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => fn(traceClient(tx, ['query', 'exec'])))) as typeof client.transaction;
  return {
    db: drizzle(client, { schema, logger: queryLogger(!!options.countQueries) }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    execute: async (sql, params) => {
      if (options.countQueries) countQuery();
      return { rows: (await client.query(sql, params)).rows as Record<string, unknown>[] };
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string, poolSize = 10, countQueries = false): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  traceClient(pool);
  // Transactions and sessions run on a client of the pool; each client is wrapped once.
  const connect = pool.connect.bind(pool) as (
    callback?: (...args: unknown[]) => void,
  ) => Promise<import('pg').PoolClient>;
  pool.connect = ((callback?: (error: unknown, client?: import('pg').PoolClient, done?: unknown) => void) =>
    callback
      ? connect((error, client, done) =>
          callback(error, client ? traceClient(client as import('pg').PoolClient) : undefined, done),
        )
      : connect().then((client) => traceClient(client))) as typeof pool.connect;
  return {
    db: drizzle(pool, { schema, logger: queryLogger(countQueries) }) as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
    execute: async (sql, params) => {
      if (countQueries) countQuery();
      return { rows: (await pool.query(sql, params)).rows };
    },
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn((sql, params) => client.query(sql, params));
      } finally {
        client.release();
      }
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await database.withSession!(async (session) => {
      // Processes starting together (NIMBUS_PROCESSES, several machines) take turns: the first
      // applies the migrations, the others wait on this lock and then find nothing left to do.
      await session('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migrate(database.db as never, { migrationsFolder });
      } finally {
        await session('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    });
  }
}

/** The advisory lock key of migrations ("nimbus" in ASCII, as a number). */
const MIGRATION_LOCK = 0x6e696d627573;
