// `npx tsx bench/functions/next.ts`: a Next.js 16 server-rendered page (force-dynamic) served by
// Nimbus, against `next start` of the same build, in the same run. The app is the test fixture
// (test/fixtures/next-app), built once with `vercel build`; Nimbus gets it by `vercel deploy
// --prebuilt` and runs it in sandboxed runners behind the edge. Goal: Nimbus ≥ 0.8 × next start.
// Options: --duration 10s --connections 32 --threads 2 --path /dynamic --database <PostgreSQL server URL>.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { createToken, registerUser } from '@nimbus/db';
import { startServer } from '../../apps/web/server';
import { loadConfig } from '../../apps/web/server/config';
import { builtFixture, VERCEL_BIN } from '../../test/framework-builds';
import { createPostgresDatabase } from '../api/server';
import { freePort, type WrkOptions, waitForPort, wrk } from '../lib/net';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '2' },
    path: { type: 'string', default: '/dynamic' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const options: WrkOptions = {
  duration: values.duration,
  connections: Number(values.connections),
  threads: Number(values.threads),
};

const dir = await builtFixture('next-app', 'nextjs');

// Baseline: next start on the build vercel build left in .next.
const nextPort = await freePort();
const next = spawn(
  process.execPath,
  [path.join(dir, 'node_modules/next/dist/bin/next'), 'start', '-p', String(nextPort)],
  {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  },
);
await waitForPort(nextPort, 60_000);

// Nimbus: the front server with the API, edge and worker roles (no dashboard) on a fresh data dir,
// and the same app deployed prebuilt.
// Running some roles needs PostgreSQL (--database, default the local server): a fresh database for this run.
const dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-next-data-'));
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
const user = await registerUser(db, { email: 'bench-next@example.com', password: 'correct horse battery' });
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
const project = await call('POST', '/v11/projects', { name: 'bench-next' });
await writeFile(
  path.join(dir, '.vercel', 'project.json'),
  JSON.stringify({ projectId: project.id, orgId: teamId, settings: { framework: 'nextjs' } }),
);
const home = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-next-'));
const { stdout, stderr } = await run(
  process.execPath,
  [VERCEL_BIN, 'deploy', '--prebuilt', '--yes', '--api', api, '--token', token, '-Q', home],
  { cwd: dir, env: { ...process.env, HOME: home, VERCEL_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' } },
);
const label = `${stdout}\n${stderr}`.match(/https?:\/\/([a-z0-9-]+)\.localhost/)?.[1];
if (!label) throw new Error(`no deployment URL in:\n${stdout}\n${stderr}`);

try {
  console.log(
    `wrk -t${options.threads} -c${options.connections} -d${options.duration} ${values.path}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
  );
  const results: { server: string; 'req/s': number; 'p99 ms': number; errors: string }[] = [];
  for (const [server, port, host] of [
    ['next start', nextPort, '127.0.0.1'],
    ['Nimbus (edge + sandboxed runner)', nimbusPort, `${label}.localhost`],
  ] as const) {
    const url = `http://127.0.0.1:${port}${values.path}`;
    await wrk(url, host, { ...options, duration: '3s' });
    const r = await wrk(url, host, options);
    results.push({
      server,
      'req/s': Math.round(r.requestsPerSecond),
      'p99 ms': Number(r.p99Ms.toFixed(1)),
      errors: r.errors ?? '',
    });
  }
  console.table(results);
  const ratio = results[1]!['req/s'] / results[0]!['req/s'];
  console.log(
    `Nimbus serves ${ratio.toFixed(2)} × next start ${ratio >= 0.8 ? '(goal met: ≥ 0.8)' : '(goal missed: < 0.8)'}`,
  );
} finally {
  next.kill();
  await nimbus.close();
  await rm(dataDir, { recursive: true, force: true });
  await database.drop();
}
