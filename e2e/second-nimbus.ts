// A second Nimbus for journeys that need other settings than the suite's server (no sandbox, a mail
// server): same built web app, its own port and fresh PGlite data directory, or its own PostgreSQL
// database (startSecondNimbusOnPostgres). Started once per spec.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '@nimbus/db';
import pg from 'pg';

export interface SecondNimbus {
  origin: string;
  stop(): Promise<void>;
}

/** Starts it on E2E_PORT + `offset` with `env` on top of the suite's settings; resolves once /api/health answers. */
export async function startSecondNimbus(offset: number, env: Record<string, string>): Promise<SecondNimbus> {
  const port = Number(process.env.E2E_PORT ?? 3210) + offset;
  const origin = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-e2e-second-'));
  const server: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      NIMBUS_DATA_DIR: dataDir,
      NIMBUS_PUBLIC_URL: origin,
      NIMBUS_ENV: 'development',
      NIMBUS_TRUST_PROXY: '1',
      DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 400) throw new Error(`the second Nimbus did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    origin,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SecondNimbusOnPostgres extends SecondNimbus {
  /** A connection to its database, for journeys that write or read rows another process would. */
  database: Database;
}

/**
 * A second Nimbus on a fresh PostgreSQL database of its own (`nimbus_e2e_<label>_<random>` on
 * E2E_POSTGRES_URL's server), with a connection to that database; `stop` drops the database too.
 */
export async function startSecondNimbusOnPostgres(
  offset: number,
  label: string,
  env: Record<string, string> = {},
): Promise<SecondNimbusOnPostgres> {
  const server = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `nimbus_e2e_${label}_${randomBytes(4).toString('hex')}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const second = await startSecondNimbus(offset, { DATABASE_URL: url.href, ...env });
  const database = await openDatabase({ url: url.href, poolSize: 2 });
  return {
    origin: second.origin,
    database,
    async stop() {
      await database.close();
      await second.stop();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
