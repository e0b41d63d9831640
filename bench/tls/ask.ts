// `npx tsx bench/tls/ask.ts`: how fast Nimbus answers Caddy's on-demand TLS ask, which Caddy 2.6
// sends on every handshake for a name it does not hold in memory. The real front server (API and
// edge roles) on a fresh PostgreSQL database with one deployment and a custom domain aliased to it;
// wrk loads, in the same run and after a short warm-up each, `GET /api/health` (the baseline: the
// cheapest API answer) and the ask for a deployment host, a custom domain and an unknown name,
// and prints requests/s, p50 and p99, and this process's CPU time per request (the server runs
// here; wrk does not). Goal (issue #15): a warm ask well under a millisecond.
// Options: --duration 10s --connections 32 --threads 2 --database <PostgreSQL server URL>.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { newId, schema } from '@nimbus/db';
import { startServer } from '../../apps/web/server';
import { loadConfig } from '../../apps/web/server/config';
import { createPostgresDatabase } from '../api/server';
import { fetchBytes, freePort, type WrkOptions, wrk } from '../lib/net';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '2' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const options: WrkOptions = {
  duration: values.duration,
  connections: Number(values.connections),
  threads: Number(values.threads),
};

const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-tls-'));
const database = await createPostgresDatabase(values.database);
const port = await freePort();
const nimbus = await startServer(
  loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    NIMBUS_DATA_DIR: dataDir,
    NIMBUS_ROLE: 'api,edge',
    NIMBUS_PUBLIC_URL: 'https://nimbus.example.org',
    DATABASE_URL: database.url,
  }),
);

try {
  const db = nimbus.runtime.database.db;
  const [teamId, projectId, deploymentId] = [newId('team'), newId('prj'), newId('dpl')];
  await db.insert(schema.teams).values({ id: teamId, slug: 'bench-tls' });
  await db.insert(schema.projects).values({ id: projectId, teamId, name: 'site' });
  await db
    .insert(schema.deployments)
    .values({ id: deploymentId, projectId, teamId, name: 'site', host: 'site-k3j2h1', state: 'READY' });
  await db
    .insert(schema.aliases)
    .values({ id: newId('als'), host: 'www.example.com', deploymentId, projectId, teamId });

  const host = `127.0.0.1:${port}`;
  const targets = [
    ['GET /api/health (baseline)', '/api/health'],
    ['ask: deployment host', '/api/tls/ask?domain=site-k3j2h1.localhost'],
    ['ask: custom domain', '/api/tls/ask?domain=www.example.com'],
    ['ask: unknown name (404)', '/api/tls/ask?domain=nobody.example.com'],
  ] as const;
  for (const [name, urlPath] of targets) {
    const { status } = await fetchBytes(port, host, urlPath);
    console.log(`${name}: ${status}`);
  }
  console.log(
    `wrk -t${options.threads} -c${options.connections} -d${options.duration} on 127.0.0.1; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
  );
  const rows = [];
  for (const [name, urlPath] of targets) {
    await wrk(`http://${host}${urlPath}`, host, { ...options, duration: '2s' });
    const cpu = process.cpuUsage();
    const r = await wrk(`http://${host}${urlPath}`, host, options);
    const used = process.cpuUsage(cpu);
    rows.push({
      request: name,
      'req/s': Math.round(r.requestsPerSecond),
      'p50 ms': Number(r.p50Ms.toFixed(2)),
      'p99 ms': Number(r.p99Ms.toFixed(2)),
      'CPU µs/req': Math.round((used.user + used.system) / Math.max(1, r.requests)),
      errors: r.errors ?? '',
    });
  }
  console.table(rows);
} finally {
  await nimbus.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
