// `npx tsx bench/functions/front.ts`: a warm function through the server as `npm start` runs it (the
// front server with tracing and metering, the api, edge and worker roles on PGlite, a Build Output
// deployment whose `api/hello` function runs in a sandboxed runner, its runtime logs written) against
// a bare node:http server running the same handler in this process, in the same run. Prints
// requests/s and the CPU each request cost (this process and the runners it started). The goal
// (issue #30) is 0.5× bare node:http. Beside them, the two-hop floor (bench/lib/floors.ts): a bare
// node:http front forwarding to the same handler in a second process, the least any design pays
// where a front process sees each request and another process runs the function.
// Options: --duration 8s --connections 32 --threads 2 --tracing 1|0.
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { newId, schema } from '@nimbus/db';
import { sha1 } from '@nimbus/engine';
import { startServer } from '../../apps/web/server';
import { loadConfig } from '../../apps/web/server/config';
import { treeCpuMicros } from '../lib/cpu';
import { startTwoHopFloor } from '../lib/floors';
import { HELLO_HANDLER } from '../lib/hello-function';
import { fetchBytes, freePort, wrk } from '../lib/net';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8s' },
    connections: { type: 'string', default: '32' },
    threads: { type: 'string', default: '2' },
    tracing: { type: 'string', default: '1' },
  },
});
const options = { duration: values.duration, connections: Number(values.connections), threads: Number(values.threads) };

const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-fn-front-'));
// The runners' sandbox user passes through to the functions folder inside.
await chmod(dir, 0o711);
const nimbus = await startServer(
  (() => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      NIMBUS_DATA_DIR: path.join(dir, 'data'),
      NIMBUS_PUBLIC_URL: 'http://localhost:3000',
      NIMBUS_TRACING: values.tracing,
      NIMBUS_SECRET: 'f'.repeat(32),
      NIMBUS_FUNCTIONS_DIR: path.join(dir, 'functions'),
    });
    config.roles.delete('web');
    return config;
  })(),
);
const { db } = nimbus.runtime.database;
const teamId = newId('team');
const projectId = newId('prj');
const deploymentId = newId('dpl');
await db.insert(schema.teams).values({ id: teamId, slug: 'bench-fn' });
await db.insert(schema.projects).values({ id: projectId, teamId, name: 'bench-fn' });
await db.insert(schema.deployments).values({
  id: deploymentId,
  projectId,
  teamId,
  name: 'bench-fn',
  host: 'bench-fn',
  state: 'READY',
  buildOutput: { version: 3, routes: [{ handle: 'filesystem' }] },
});
const source = Buffer.from(`module.exports = ${HELLO_HANDLER};\n`);
await nimbus.runtime.engine.store.put(sha1(source), source);
const config = { runtime: 'nodejs20.x', handler: 'index.js' };
await db.insert(schema.deploymentFunctions).values({
  deploymentId,
  path: 'api/hello',
  config,
  files: [{ path: 'index.js', sha: sha1(source), size: source.length, mode: 0o644 }],
  bundle: createHash('sha1').update(sha1(source)).update(JSON.stringify(config)).digest('hex'),
});

// biome-ignore lint/security/noGlobalEval: the bare server runs the very source the function runs.
const bare = createServer((0, eval)(`(${HELLO_HANDLER})`));
const barePort = await freePort();
await new Promise<void>((resolve) => bare.listen(barePort, '127.0.0.1', resolve));

const floorPort = await freePort();
const floor = await startTwoHopFloor(floorPort, HELLO_HANDLER);

const sides = {
  'bare node:http': { port: barePort, host: '127.0.0.1' },
  'two-hop floor': { port: floorPort, host: '127.0.0.1' },
  [`npm start (tracing ${values.tracing === '0' ? 'off' : 'on'})`]: { port: nimbus.port, host: 'bench-fn.localhost' },
};
console.log(
  `wrk -t${options.threads} -c${options.connections} -d${options.duration}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
);
const rows: Record<string, { 'req/s': number; 'CPU µs/req': number; 'p99 ms': number; errors: string }> = {};
try {
  for (const [name, side] of Object.entries(sides)) {
    const check = await fetchBytes(side.port, side.host, '/api/hello');
    if (check.status !== 200 || !check.body.toString().startsWith('Hello from a Nimbus function'))
      throw new Error(`${name} answered ${check.status}: ${check.body.toString().slice(0, 200)}`);
    await wrk(`http://127.0.0.1:${side.port}/api/hello`, side.host, { ...options, duration: '2s' });
    const before = treeCpuMicros(process.pid);
    const run = await wrk(`http://127.0.0.1:${side.port}/api/hello`, side.host, options);
    rows[name] = {
      'req/s': Math.round(run.requestsPerSecond),
      'CPU µs/req': Math.round((treeCpuMicros(process.pid) - before) / run.requests),
      'p99 ms': Number(run.p99Ms.toFixed(1)),
      errors: run.errors ?? '',
    };
  }
} finally {
  bare.close();
  await floor.stop();
  await nimbus.close();
  await rm(dir, { recursive: true, force: true });
}
console.table(rows);
const [base, twoHops, front] = Object.values(rows) as [
  (typeof rows)[string],
  (typeof rows)[string],
  (typeof rows)[string],
];
const against = (side: (typeof rows)[string]) =>
  `${(side['req/s'] / base['req/s']).toFixed(2)} × bare node:http by requests/s, ${(base['CPU µs/req'] / side['CPU µs/req']).toFixed(2)} by CPU per request`;
console.log(`two-hop floor: ${against(twoHops)}`);
console.log(`warm function: ${against(front)} (goal 0.5)`);
process.exit(0);
