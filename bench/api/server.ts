// The API under test: createApi on a fresh, migrated database (PGlite in a data dir, or a new
// database on a PostgreSQL server), served over node:http on a free loopback port the way the front
// server serves it (apps/web/server.ts: the `/api` prefix stripped, Hono's node listener), with one
// user and an API token of theirs.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApi, stripApiPrefix } from '@nimbus/api';
import { countingQueries, createToken, openDatabase, registerUser } from '@nimbus/db';
import { freePort } from '../lib/net';

export interface ApiServer {
  url: string;
  token: string;
  /** The database queries one GET of `urlPath` makes. */
  queriesOf(urlPath: string, headers: Record<string, string>): Promise<number>;
  stop(): Promise<void>;
}

type Where = { dataDir: string } | { serverUrl: string };

export async function startApi(where: Where): Promise<ApiServer> {
  const created = 'serverUrl' in where ? await createPostgresDatabase(where.serverUrl) : null;
  const database = await openDatabase({
    ...(created ? { url: created.url } : { dataDir: (where as { dataDir: string }).dataDir }),
    countQueries: true,
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = createApi({ db: database.db, publicUrl: url, deployDomain: 'localhost', staffTeam: 'bench-staff' });
  const user = await registerUser(database.db, { email: 'bench-api@example.com', password: 'correct horse battery' });
  const { bearerToken } = await createToken(database.db, { userId: user.id, name: 'bench' });

  const listener = getRequestListener(app.fetch);
  // wrk leaves requests queued when it stops: they finish before the database closes.
  const inFlight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    req.url = stripApiPrefix(req.url ?? '/');
    const done = Promise.resolve(listener(req, res)).finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const first = await fetch(`${url}/api/v2/user`, { headers: { authorization: `Bearer ${bearerToken}` } });
  if (first.status !== 200) throw new Error(`GET /api/v2/user answered ${first.status}: ${await first.text()}`);

  return {
    url,
    token: bearerToken,
    async queriesOf(urlPath, headers) {
      const tally = { queries: 0 };
      const res = await countingQueries(tally, () => app.request(`${url}${stripApiPrefix(urlPath)}`, { headers }));
      if (res.status !== 200) throw new Error(`GET ${urlPath} answered ${res.status}`);
      return tally.queries;
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled(inFlight);
      server.closeAllConnections();
      await closed;
      await database.close();
      await created?.drop();
    },
  };
}

/** A new database on the server of `serverUrl`, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string) {
  const { default: pg } = await import('pg');
  const name = `nimbus_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
