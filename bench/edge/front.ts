// `npx tsx bench/edge/front.ts`: a static page through the server as `npm start` runs it (the front
// server with its dispatch, request ids, tracing, metering and the api, edge and worker roles on
// PGlite) against nginx with one worker, in the same run, wrk after a short warm-up, each twice in
// alternating order. Tracing on (the default) and off are measured separately, so the figure shows
// what tracing costs a request it does not sample. The goal (issue #30) is 0.8× nginx per core.
// Beside them, Node.js's net floor (bench/lib/floors.ts): a net.Server writing one fixed reply per
// read, the least any Node.js server spends on a request here.
// Options: --duration 8s --connections 32 --threads 2; --check R exits 1 when nginx's CPU per
// request ÷ that of `npm start` with tracing on is below R (CI's short run: a big regression, not the goal).
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { newId, schema } from '@nimbus/db';
import { sha1 } from '@nimbus/engine';
import { startServer } from '../../apps/web/server';
import { loadConfig } from '../../apps/web/server/config';
import { ownCpuMicros } from '../lib/cpu';
import { startNetFloor } from '../lib/floors';
import { fetchBytes, freePort, type WrkResult, wrk } from '../lib/net';
import { startNginx } from './servers';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8s' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '2' },
    check: { type: 'string' },
  },
});
const options = { duration: values.duration, connections: Number(values.connections), threads: Number(values.threads) };
const HOST = 'bench-front-k3j2h1';
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench</title></head><body><main>${'<p>Nimbus serves this page.</p>'.repeat(30)}</main></body></html>`;

const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-front-'));
const root = path.join(dir, 'www');
await mkdir(root, { recursive: true });
await writeFile(path.join(root, 'index.html'), page);
// nginx's worker runs as `nobody` when started by root: it must be able to read the temp dir.
for (const d of [dir, root]) await chmod(d, 0o755);

/** The server as `npm start` runs it, minus the dashboard's pages (which this path never reaches), with one deployment. */
async function front(tracing: '0' | '1') {
  const data = path.join(dir, `data-${tracing}`);
  const config = loadConfig({
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    NIMBUS_DATA_DIR: data,
    NIMBUS_PUBLIC_URL: 'http://localhost:3000',
    NIMBUS_TRACING: tracing,
    NIMBUS_SECRET: 'b'.repeat(32),
  });
  config.roles.delete('web');
  const started = await startServer(config);
  const db = started.runtime.database.db;
  const teamId = newId('team');
  const projectId = newId('prj');
  const deploymentId = newId('dpl');
  await db.insert(schema.teams).values({ id: teamId, slug: `bench-${tracing}` });
  await db.insert(schema.projects).values({ id: projectId, teamId, name: 'bench-site' });
  await db
    .insert(schema.deployments)
    .values({ id: deploymentId, projectId, teamId, name: 'bench-site', host: HOST, state: 'READY' });
  const bytes = Buffer.from(page);
  await started.runtime.engine.store.put(sha1(bytes), bytes);
  await db
    .insert(schema.deploymentOutputs)
    .values({ deploymentId, path: 'index.html', sha: sha1(bytes), size: bytes.length });
  return { port: started.port, host: `${HOST}.localhost`, cpuMicros: ownCpuMicros, stop: () => started.close() };
}

console.log(
  `wrk -t${options.threads} -c${options.connections} -d${options.duration}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
);
const nginxPort = await freePort();
const nginx = await startNginx(dir, root, nginxPort, 1);
const floorPort = await freePort();
const floor = await startNetFloor(floorPort, Buffer.from(page), 'text/html; charset=utf-8');
const sides = {
  nginx: { port: nginxPort, host: 'localhost', cpuMicros: nginx.cpuMicros, stop: () => nginx.stop() },
  'Node.js net floor': { port: floorPort, host: 'localhost', cpuMicros: floor.cpuMicros, stop: () => floor.stop() },
  'npm start, tracing on': await front('1'),
  'npm start, tracing off': await front('0'),
};
const results: Record<string, (WrkResult & { cpuPerRequest: number })[]> = {};
try {
  for (const [name, side] of Object.entries(sides)) {
    const check = await fetchBytes(side.port, side.host, '/');
    if (check.status !== 200 || !check.body.equals(Buffer.from(page)))
      throw new Error(`${name} answered ${check.status}`);
    await wrk(`http://127.0.0.1:${side.port}/`, side.host, { ...options, duration: '2s' });
  }
  const names = Object.keys(sides);
  for (const order of [names, [...names].reverse()])
    for (const name of order) {
      const side = sides[name as keyof typeof sides];
      const cpu = side.cpuMicros();
      const run = await wrk(`http://127.0.0.1:${side.port}/`, side.host, options);
      (results[name] ??= []).push({ ...run, cpuPerRequest: (side.cpuMicros() - cpu) / run.requests });
    }
} finally {
  for (const side of Object.values(sides)) await side.stop();
  await rm(dir, { recursive: true, force: true });
}
const best = (name: string) => Math.max(...results[name]!.map((r) => r.requestsPerSecond));
/** CPU per request, the lower of the two runs: load from other processes only adds to it. */
const cpu = (name: string) => Math.min(...results[name]!.map((r) => r.cpuPerRequest));
const base = best('nginx');
console.table(
  Object.fromEntries(
    Object.keys(results).map((name) => [
      name,
      {
        'req/s (best of 2)': Math.round(best(name)),
        '× nginx': Number((best(name) / base).toFixed(2)),
        'CPU µs/req': Number(cpu(name).toFixed(1)),
        'nginx CPU ÷ this': Number((cpu('nginx') / cpu(name)).toFixed(2)),
      },
    ]),
  ),
);
// Requests/s on two cores shared with wrk swing by a third between runs; CPU per request holds, so
// the check reads it: what a request costs Nimbus against what it costs nginx.
const ratio = cpu('nginx') / cpu('npm start, tracing on');
if (values.check !== undefined && ratio < Number(values.check)) {
  console.error(
    `npm start spends ${(1 / ratio).toFixed(1)} × nginx's CPU on a static page (ratio ${ratio.toFixed(2)}, below ${values.check}): the static path regressed`,
  );
  process.exit(1);
}
process.exit(0);
