// `npx tsx bench/edge-cache/run.ts`: what the edge cache saves on a server-rendered page. The app is
// the Next.js test fixture (test/fixtures/next-app, built once with `vercel build` by
// test/framework-builds.ts), deployed to Nimbus with `vercel deploy --prebuilt`. Its force-dynamic
// page `/dynamic` is measured three ways with wrk in the same run: through Nimbus with a cache time
// (a config.json route adds `Vercel-CDN-Cache-Control: max-age=3600` when the query has `cached`, so
// every request after the first is an x-vercel-cache HIT), through Nimbus without one (every request
// runs the page's function in its sandboxed runner), and `next start` of the same build.
// Options: --duration 10s --connections 32 --threads 2 --database <PostgreSQL server URL>.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createToken, registerUser } from '@nimbus/db';
import { startServer } from '../../apps/web/server';
import { loadConfig } from '../../apps/web/server/config';
import { builtFixture, VERCEL_BIN } from '../../test/framework-builds';
import { createPostgresDatabase } from '../api/server';
import { fetchBytes, freePort, type WrkOptions, waitForPort, wrk } from '../lib/net';

const run = promisify(execFile);
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

const built = await builtFixture('next-app', 'nextjs');

// The deployed copy: the build hard-linked (its function links must stay inside the tree, so no
// symbolic links to it), and one route added in front that gives `/dynamic?cached=1` a CDN cache
// time (Next.js sends no-store for a dynamic page; Vercel-CDN-Cache-Control overrides it for the CDN
// alone). Files written here are removed first, so the build's own copies stay as they are.
const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-edge-cache-'));
await run('cp', ['-al', `${built}/.`, dir]);
const configPath = path.join(dir, '.vercel/output/config.json');
const config = JSON.parse(await readFile(configPath, 'utf8'));
config.routes.unshift({
  src: '^/dynamic$',
  has: [{ type: 'query', key: 'cached' }],
  headers: { 'Vercel-CDN-Cache-Control': 'max-age=3600' },
  continue: true,
});
await rm(configPath);
await writeFile(configPath, JSON.stringify(config));

const nextPort = await freePort();
const next = spawn(
  process.execPath,
  [path.join(built, 'node_modules/next/dist/bin/next'), 'start', '-p', String(nextPort)],
  { cwd: built, env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' }, stdio: 'ignore' },
);
await waitForPort(nextPort, 60_000);

// Nimbus: the API, edge and worker roles on a fresh data dir and a fresh PostgreSQL database.
const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-edge-cache-data-'));
const database = await createPostgresDatabase(values.database);
const nimbusPort = await freePort();
const nimbus = await startServer(
  loadConfig({
    ...process.env,
    PORT: String(nimbusPort),
    NIMBUS_DATA_DIR: dataDir,
    NIMBUS_ROLE: 'api,edge,worker',
    NIMBUS_PUBLIC_URL: `http://localhost:${nimbusPort}`,
    DATABASE_URL: database.url,
  }),
);
const db = nimbus.runtime.database.db;
const user = await registerUser(db, { email: 'bench-cache@example.com', password: 'correct horse battery' });
const { bearerToken: token } = await createToken(db, { userId: user.id, name: 'bench' });
const api = `http://127.0.0.1:${nimbusPort}`;
const call = async (method: string, urlPath: string, body?: unknown) =>
  (
    await fetch(`${api}/api${urlPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    })
  ).json();
const teamId = (await call('GET', '/v2/user')).user.defaultTeamId;
const project = await call('POST', '/v11/projects', { name: 'bench-edge-cache' });
await rm(path.join(dir, '.vercel', 'project.json'), { force: true });
await writeFile(
  path.join(dir, '.vercel', 'project.json'),
  JSON.stringify({ projectId: project.id, orgId: teamId, settings: { framework: 'nextjs' } }),
);
const home = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-edge-cache-home-'));
const { stdout, stderr } = await run(
  process.execPath,
  [VERCEL_BIN, 'deploy', '--prebuilt', '--yes', '--api', api, '--token', token, '-Q', home],
  { cwd: dir, env: { ...process.env, HOME: home, VERCEL_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' } },
);
const label = `${stdout}\n${stderr}`.match(/https?:\/\/([a-z0-9-]+)\.localhost/)?.[1];
if (!label) throw new Error(`no deployment URL in:\n${stdout}\n${stderr}`);
const host = `${label}.localhost`;

/** The x-vercel-cache a GET gets, to check each row measures what it says. */
function cacheOf(urlPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: nimbusPort, path: urlPath, headers: { host } }, (res) => {
      res.resume();
      resolve(`${res.statusCode} ${res.headers['x-vercel-cache'] ?? 'no x-vercel-cache'}`);
    });
    req.on('error', reject);
    req.end();
  });
}

try {
  await fetchBytes(nimbusPort, host, '/dynamic?cached=1');
  console.log(
    `checks: /dynamic?cached=1 → ${await cacheOf('/dynamic?cached=1')}, /dynamic → ${await cacheOf('/dynamic')}`,
  );
  console.log(
    `wrk -t${options.threads} -c${options.connections} -d${options.duration}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
  );
  const results: { server: string; 'req/s': number; 'p99 ms': number; errors: string }[] = [];
  for (const [server, port, asked, urlPath] of [
    ['Nimbus, edge cache (HIT)', nimbusPort, host, '/dynamic?cached=1'],
    ['Nimbus, uncached (function)', nimbusPort, host, '/dynamic'],
    ['next start', nextPort, '127.0.0.1', '/dynamic'],
  ] as const) {
    const url = `http://127.0.0.1:${port}${urlPath}`;
    await wrk(url, asked, { ...options, duration: '3s' });
    const r = await wrk(url, asked, options);
    results.push({
      server,
      'req/s': Math.round(r.requestsPerSecond),
      'p99 ms': Number(r.p99Ms.toFixed(1)),
      errors: r.errors ?? '',
    });
  }
  console.table(results);
  const ratio = results[0]!['req/s'] / results[1]!['req/s'];
  console.log(`The edge cache serves ${ratio.toFixed(1)} × the uncached page.`);
} finally {
  next.kill();
  await nimbus.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
  await database.drop();
}
