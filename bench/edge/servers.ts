// The three servers of the edge benchmark, each serving the same files on loopback:
// - nginx, the reference: the Debian binary from a generated config in a temp dir, in the
//   foreground as our child, one worker process like the one Node process of the edge, with the
//   usual static-file tuning (sendfile, open_file_cache, no access log);
// - the floor: a bare node:http server answering from memory with the same headers and no lookup
//   at all. No Node edge can pass it, so it tells how much of a gap to nginx is Node itself;
// - the Nimbus edge over a fresh PGlite holding one READY deployment of the files and a local
//   store, behind the front server's own dispatch (apps/web/server/dispatch.ts), the path a
//   request takes under `npm start`.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import { lookup } from 'mime-types';
import { newId, openDatabase, schema } from '@nimbus/db';
import { createEdge, createLocalStore, sha1 } from '@nimbus/engine';
import { classify } from '../../apps/web/server/dispatch';
import { waitForPort } from './net';

/** A server under test: the Host header it answers to, the CPU time its process has used, and how to stop it. */
export interface Running {
  host: string;
  cpuMicros(): number;
  stop(): Promise<void>;
}

/** Floor and edge run in this process: while wrk loads one of them, the other is idle. */
const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** utime + stime of a process, from /proc (in clock ticks of 10 ms on Linux). */
function procCpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export async function startNginx(dir: string, root: string, port: number): Promise<Running> {
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `worker_processes 1;
error_log ${path.join(dir, 'error.log')} warn;
pid ${path.join(dir, 'nginx.pid')};
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
  const child = spawn('/usr/sbin/nginx', ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([waitForPort(port), exited.then(() => Promise.reject(new Error(`nginx exited; see ${dir}/error.log`)))]);
  // The master only supervises; its one worker answers every request.
  const worker = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]);
  return {
    host: 'localhost',
    cpuMicros: () => procCpuMicros(worker),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startFloorServer(root: string, files: string[], port: number): Promise<Running> {
  const responses = new Map<string, { headers: string[]; body: Buffer }>();
  for (const file of files) {
    const body = await readFile(path.join(root, file));
    const headers = ['x-content-type-options', 'nosniff', 'content-type', String(lookup(file)), 'cache-control', 'public, max-age=0, must-revalidate'];
    headers.push('accept-ranges', 'bytes', 'vary', 'Accept-Encoding', 'etag', `"${sha1(body)}"`, 'content-length', String(body.length));
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

const DEPLOY_DOMAIN = 'localhost';
const DEPLOYMENT_HOST = 'bench-site-k3j2h1';

export async function startEdgeServer(dir: string, root: string, files: string[], port: number): Promise<Running> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  const store = createLocalStore(path.join(dir, 'files'));
  const teamId = newId('team');
  const projectId = newId('prj');
  const deploymentId = newId('dpl');
  await db.insert(schema.teams).values({ id: teamId, slug: 'bench' });
  await db.insert(schema.projects).values({ id: projectId, teamId, name: 'bench-site' });
  await db.insert(schema.deployments).values({ id: deploymentId, projectId, teamId, name: 'bench-site', host: DEPLOYMENT_HOST, state: 'READY' });
  for (const file of files) {
    const data = await readFile(path.join(root, file));
    await store.put(sha1(data), data);
    await db.insert(schema.deploymentOutputs).values({ deploymentId, path: file, sha: sha1(data), size: data.length });
  }
  const edge = createEdge({ db, store, deployDomain: DEPLOY_DOMAIN, events: new EventEmitter() });
  const server = await listen(port, (req, res) => {
    if (classify(req.headers.host, req.url ?? '/', DEPLOY_DOMAIN) === 'edge') return edge.handle(req, res);
    res.writeHead(421).end();
  });
  return {
    host: `${DEPLOYMENT_HOST}.${DEPLOY_DOMAIN}`,
    cpuMicros: ownCpu,
    async stop() {
      await close(server);
      await edge.close();
      await database.close();
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
