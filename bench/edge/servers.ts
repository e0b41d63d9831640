// The servers of the edge benchmark, each serving the same files on loopback:
// - nginx, the reference: the Debian binary from a generated config in a temp dir, in the
//   foreground as our child, with as many worker processes as the Nimbus side has processes, with
//   the usual static-file tuning (sendfile, open_file_cache, no access log);
// - the floor: a bare node:http server answering from memory with the same headers and no lookup
//   at all: what node:http alone costs. The edge's fast lane (apps/web/server/fast-lane.ts) answers
//   warm files without node:http, so the edge passes it;
// - the Nimbus edge over a fresh PGlite holding one READY deployment of the files and a local
//   store, behind the front server's fast lane and dispatch (apps/web/server/fast-lane.ts,
//   dispatch.ts), the path a request takes under `npm start`;
// - the Nimbus edge as several processes: the real server (`apps/web/server.ts --role edge
//   --processes N`) on a fresh PostgreSQL database, as it runs at scale.
import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import { classify, isEdgeHost } from '@nimbus/api';
import { type Db, newId, openDatabase, schema } from '@nimbus/db';
import { createEdge, createLocalStore, createMeter, type FileStore, type Meter, sha1 } from '@nimbus/engine';
import { lookup } from 'mime-types';
import { createFastLane } from '../../apps/web/server/fast-lane';
import { childrenOf, ownCpuMicros, procCpuMicros } from '../lib/cpu';
import { waitForPort } from '../lib/net';

/** A server under test: the Host header it answers to, the CPU time its process has used, and how to stop it. */
export interface Running {
  host: string;
  cpuMicros(): number;
  stop(): Promise<void>;
}

/** Floor and edge run in this process: while wrk loads one of them, the other is idle. */
const ownCpu = ownCpuMicros;

/** Runs `child` until stop(): resolves once `port` accepts connections, rejects if it exits first. */
async function supervise(child: ChildProcess, port: number, failure: string, timeoutMs?: number) {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([waitForPort(port, timeoutMs), exited.then(() => Promise.reject(new Error(failure)))]);
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

export async function startNginx(dir: string, root: string, port: number, workers = 1): Promise<Running> {
  const conf = path.join(dir, `nginx-${workers}.conf`);
  await writeFile(
    conf,
    `worker_processes ${workers};
error_log ${path.join(dir, 'error.log')} warn;
pid ${path.join(dir, `nginx-${workers}.pid`)};
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  open_file_cache max=1000 inactive=60s;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
  }
}
`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-p', dir, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = await supervise(child, port, `nginx exited; see ${dir}/error.log`);
  // The master only supervises; its workers answer every request.
  const pids = childrenOf(child.pid!);
  return { host: 'localhost', cpuMicros: () => pids.reduce((sum, pid) => sum + procCpuMicros(pid), 0), stop };
}

const DEPLOY_DOMAIN = 'localhost';
const DEPLOYMENT_HOST = 'bench-site-k3j2h1';

export async function startFloorServer(root: string, files: string[], port: number): Promise<Running> {
  const responses = new Map<string, { headers: string[]; body: Buffer }>();
  for (const file of files) {
    const body = await readFile(path.join(root, file));
    const headers = [
      'x-content-type-options',
      'nosniff',
      'content-type',
      String(lookup(file)),
      'cache-control',
      'public, max-age=0, must-revalidate',
    ];
    headers.push(
      'accept-ranges',
      'bytes',
      'vary',
      'Accept-Encoding',
      'etag',
      `"${sha1(body)}"`,
      'content-length',
      String(body.length),
    );
    responses.set(`/${file}`, { headers, body });
  }
  const server = await listen(port, (req, res) => {
    const response = responses.get(req.url ?? '/');
    if (!response) return void res.writeHead(404).end();
    res.writeHead(200, response.headers);
    res.end(response.body);
  });
  return { host: 'localhost', cpuMicros: ownCpu, stop: () => close(server) };
}

/** One READY deployment of `files` (read from `root`), in the database and the store. */
async function seedDeployment(
  db: Parameters<typeof createEdge>[0]['db'],
  store: FileStore,
  root: string,
  files: string[],
) {
  const teamId = newId('team');
  const projectId = newId('prj');
  const deploymentId = newId('dpl');
  await db.insert(schema.teams).values({ id: teamId, slug: 'bench' });
  await db.insert(schema.projects).values({ id: projectId, teamId, name: 'bench-site' });
  await db
    .insert(schema.deployments)
    .values({ id: deploymentId, projectId, teamId, name: 'bench-site', host: DEPLOYMENT_HOST, state: 'READY' });
  for (const file of files) {
    const data = await readFile(path.join(root, file));
    await store.put(sha1(data), data);
    await db.insert(schema.deploymentOutputs).values({ deploymentId, path: file, sha: sha1(data), size: data.length });
  }
}

export async function startEdgeServer(
  dir: string,
  root: string,
  files: string[],
  port: number,
  options: { metering?: boolean } = {},
): Promise<Running & { meter: Meter; db: Db }> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const store = createLocalStore(path.join(dir, 'files'));
  await seedDeployment(database.db, store, root, files);
  // Usage metering as the server runs it (NIMBUS_USAGE_METERING, on by default): written every 5 s.
  const meter = createMeter({ db: database.db, enabled: options.metering ?? true, flushMs: 5_000 });
  const edge = createEdge({
    db: database.db,
    store,
    deployDomain: DEPLOY_DOMAIN,
    events: new EventEmitter(),
    meter,
  });
  // The front server's composition: its fast lane answers warm files, node:http the rest.
  const lane = createFastLane({
    http: createServer((req, res) => {
      if (classify(req.headers.host, req.url ?? '/', DEPLOY_DOMAIN) === 'edge') return edge.handle(req, res);
      res.writeHead(421).end();
    }),
    isEdgeHost: (host) => isEdgeHost(host, DEPLOY_DOMAIN),
    answer: (request, socket) => edge.memoryAnswer(request.host, request.url, request.acceptEncoding, socket),
  });
  await new Promise<void>((resolve) => lane.server.listen(port, '127.0.0.1', resolve));
  return {
    host: `${DEPLOYMENT_HOST}.${DEPLOY_DOMAIN}`,
    cpuMicros: ownCpu,
    meter,
    db: database.db,
    async stop() {
      await lane.close();
      await edge.close();
      await meter.close();
      await database.close();
    },
  };
}

/**
 * The real server with only the edge role, `processes` copies of it, on a new database of the
 * PostgreSQL server at `adminUrl` (dropped at stop). Its CPU is the supervisor's and the copies'.
 */
export async function startEdgeCluster(
  dir: string,
  root: string,
  files: string[],
  port: number,
  processes: number,
  adminUrl: string,
): Promise<Running> {
  const { default: pg } = await import('pg');
  const name = `nimbus_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = path.join(dir, 'cluster');
  const database = await openDatabase({ url: url.toString() });
  await seedDeployment(database.db, createLocalStore(path.join(dataDir, 'files')), root, files);
  await database.close();

  const repo = path.resolve(import.meta.dirname, '../..');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    NIMBUS_DATA_DIR: dataDir,
    NIMBUS_DEPLOY_DOMAIN: DEPLOY_DOMAIN,
    PORT: String(port),
    HOST: '127.0.0.1',
    NIMBUS_SECRET: 'bench-secret-bench-secret-bench-secret',
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/web/server.ts', '--role', 'edge', '--processes', String(processes)],
    { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const stopServer = await supervise(child, port, 'the Nimbus edge exited before listening', 60_000);
  // Every copy listens before the bench starts: the supervisor accepts as soon as the first one does.
  for (const end = Date.now() + 60_000; childrenOf(child.pid!).length < processes && Date.now() < end; )
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 2_000));
  const pids = [child.pid!, ...childrenOf(child.pid!)];
  return {
    host: `${DEPLOYMENT_HOST}.${DEPLOY_DOMAIN}`,
    cpuMicros: () => pids.reduce((sum, pid) => sum + procCpuMicros(pid), 0),
    async stop() {
      await stopServer();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function listen(port: number, handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
