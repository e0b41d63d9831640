// The edge on a real node:http server over a test database (PGlite, or PostgreSQL when the run has
// DATABASE_URL) and a local store in a temp dir. Tests add deployments the way the build worker
// does, by writing blobs and rows, and always send a Host header (Node does not resolve *.localhost).
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, newId, schema } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import type { Collector } from '../analytics/collector';
import { createLocalStore, sha1 } from '../store/local';
import type { BodyLimits } from './bodies';
import { createEdge } from './create-edge';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface DeployInput {
  host: string;
  files?: Record<string, string | Buffer>;
  config?: Record<string, unknown>;
  state?: schema.DeploymentState;
}

export async function startEdge(
  options: { databaseUrl?: boolean; limits?: Partial<BodyLimits>; analytics?: (db: Db) => Collector } = {},
) {
  const database = await createTestDatabase();
  const db = database.db;
  const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-edge-'));
  const store = createLocalStore(dir);
  const events = new EventEmitter();
  const databaseUrl = options.databaseUrl ? await currentDatabaseUrl(database.execute) : undefined;
  const analytics = options.analytics?.(db);
  const edge = createEdge({
    db,
    store,
    deployDomain: 'localhost',
    events,
    databaseUrl,
    limits: options.limits,
    analytics,
  });
  const server = createServer(edge.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const teamId = newId('team');
  const projectId = newId('prj');
  await db.insert(schema.teams).values({ id: teamId, slug: `edge-${teamId.slice(-8).toLowerCase()}` });
  await db.insert(schema.projects).values({ id: projectId, teamId, name: 'site' });

  return {
    database,
    edge,
    events,
    projectId,
    analytics,
    /** Records a deployment with its outputs; returns its id. */
    async deploy({ host, files = {}, config = {}, state = 'READY' }: DeployInput): Promise<string> {
      const id = newId('dpl');
      await db.insert(schema.deployments).values({ id, projectId, teamId, name: 'site', host, state, config });
      const outputs = [];
      for (const [file, content] of Object.entries(files)) {
        const data = Buffer.from(content);
        await store.put(sha1(data), data);
        outputs.push({ deploymentId: id, path: file, sha: sha1(data), size: data.length });
      }
      if (outputs.length) await db.insert(schema.deploymentOutputs).values(outputs);
      return id;
    },
    /** Points a production label at a deployment, as promote does (without telling the edge). */
    async alias(host: string, deploymentId: string): Promise<void> {
      await db
        .insert(schema.aliases)
        .values({ id: newId('als'), host, deploymentId, projectId, teamId })
        .onConflictDoUpdate({ target: schema.aliases.host, set: { deploymentId } });
    },
    get(
      host: string,
      urlPath: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ): Promise<Reply> {
      return new Promise((resolve, reject) => {
        const req = request(
          { port, host: '127.0.0.1', path: urlPath, method: init.method ?? 'GET', headers: { ...init.headers, host } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end(init.body);
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await edge.close();
      await analytics?.close();
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The URL of the test's own database (NOTIFY reaches only listeners of the same database). */
async function currentDatabaseUrl(
  execute: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<string> {
  const { rows } = await execute('select current_database() as name');
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${String(rows[0]!.name)}`;
  return url.toString();
}
