// `npx tsx bench/edge/run.ts`: nginx and the Nimbus edge serve the same two files (a small HTML
// page and a 1 MiB content-hashed script) on loopback, and wrk measures each in turn after a short
// warm-up, twice over:
// - one process each: nginx with one worker, the edge in this process on PGlite (as `npm start`
//   runs it), and a bare node:http server with the same bytes and headers: the floor no single
//   Node process can pass;
// - N processes each (--processes, default one per CPU): nginx with N workers, the real server
//   with `--role edge --processes N` on PostgreSQL (DATABASE_URL, default the local server), as it
//   runs at scale. Skipped, with the reason, when PostgreSQL is not reachable.
// The goal (issue #3) is an edge at half of nginx's requests/s or better.
// Options: --duration 10s --connections 64 --threads 2 --rounds 1 (best of n, for a noisy machine)
// --processes N.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fetchBytes, freePort, type WrkOptions, type WrkResult, wrk } from '../lib/net';
import { type Running, startEdgeCluster, startEdgeServer, startFloorServer, startNginx } from './servers';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '64' },
    threads: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
    processes: { type: 'string', default: String(availableParallelism()) },
  },
});
const options: WrkOptions = {
  duration: values.duration,
  connections: Number(values.connections),
  threads: Number(values.threads),
};
const rounds = Number(values.rounds);
const processes = Number(values.processes);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const LARGE = 'assets/app-3f2a1b9c.js';
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench</title></head><body><main>${'<p>Nimbus serves this page.</p>'.repeat(30)}</main><script src="/${LARGE}"></script></body></html>`;
let script = '';
for (let i = 0; script.length < 1 << 20; i++) script += `export function f${i}(a, b) { return a * ${i % 97} + b; }\n`;
const files: Record<string, Buffer> = {
  'index.html': Buffer.from(page),
  [LARGE]: Buffer.from(script.slice(0, 1 << 20)),
};

const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-'));
const root = path.join(dir, 'www');
for (const [name, data] of Object.entries(files)) {
  await mkdir(path.dirname(path.join(root, name)), { recursive: true });
  await writeFile(path.join(root, name), data);
}
// nginx's worker runs as `nobody` when started by root: it must be able to read the temp dir.
for (const d of [dir, root, path.join(root, 'assets')]) await chmod(d, 0o755);

interface Server {
  name: string;
  /** Processes on each side of the comparison it belongs to. */
  processes: number;
  port: number;
  running: Running;
}
const servers: Server[] = [];
const start = async (name: string, count: number, run: (port: number) => Promise<Running>) => {
  const port = await freePort();
  servers.push({ name, processes: count, port, running: await run(port) });
};
await start('nginx', 1, (port) => startNginx(dir, root, port, 1));
await start('floor', 1, (port) => startFloorServer(root, Object.keys(files), port));
await start('edge', 1, (port) => startEdgeServer(dir, root, Object.keys(files), port));
let skipped = '';
if (processes > 1) {
  try {
    await start('edge', processes, (port) =>
      startEdgeCluster(dir, root, Object.keys(files), port, processes, databaseUrl),
    );
    await start('nginx', processes, (port) => startNginx(dir, root, port, processes));
  } catch (error) {
    for (const s of servers.filter((x) => x.processes > 1)) await s.running.stop();
    servers.splice(3);
    skipped = `The ${processes}-process comparison did not run: ${(error as Error).message} (set DATABASE_URL to a PostgreSQL server).`;
  }
}
interface Best {
  run: WrkResult;
  /** The least CPU time per request of any round: contention from other processes only adds to it. */
  cpuMicrosPerRequest: number;
}
const best: Record<string, Record<string, Best>> = {};
try {
  for (const [name, data] of Object.entries(files)) {
    for (const s of servers) {
      const r = await fetchBytes(s.port, s.running.host, `/${name}`);
      if (r.status !== 200 || !r.body.equals(data))
        throw new Error(`${s.name} does not serve /${name} byte for byte (status ${r.status}).`);
    }
  }
  const load = loadavg()[0]!;
  console.log(
    `wrk -t${options.threads} -c${options.connections} -d${options.duration} on 127.0.0.1, best of ${rounds}; ${cpus().length} CPUs, load ${load.toFixed(1)}, Node ${process.version}`,
  );
  if (load > cpus().length / 2)
    console.log(
      'The machine is busy: other processes share the CPUs with wrk and the servers, so requests/s are low and noisy; CPU per request holds up better.',
    );
  for (const name of Object.keys(files)) {
    for (let round = 0; round < rounds; round++) {
      for (const s of servers) {
        const perServer: Record<string, Best> = (best[`${s.processes}\t${name}`] ??= {});
        const url = `http://127.0.0.1:${s.port}/${name}`;
        await wrk(url, s.running.host, { ...options, duration: '2s' });
        const cpuBefore = s.running.cpuMicros();
        const run = await wrk(url, s.running.host, options);
        const cpu = (s.running.cpuMicros() - cpuBefore) / run.requests;
        const prev = perServer[s.name];
        perServer[s.name] = {
          run: !prev || run.requestsPerSecond > prev.run.requestsPerSecond ? run : prev.run,
          cpuMicrosPerRequest: Math.min(cpu, prev?.cpuMicrosPerRequest ?? Infinity),
        };
      }
    }
  }
} finally {
  for (const s of servers) await s.running.stop();
  await rm(dir, { recursive: true, force: true });
}

const label = (key: string) => {
  const name = key.split('\t')[1]!;
  return `/${name} (${files[name]!.length >= 1 << 20 ? '1 MiB' : `${(files[name]!.length / 1024).toFixed(1)} KiB`})`;
};
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const rows = Object.entries(best).map(([key, r]) => ({
  processes: Number(key.split('\t')[0]),
  file: label(key),
  'nginx req/s': Math.round(r.nginx!.run.requestsPerSecond),
  'edge req/s': Math.round(r.edge!.run.requestsPerSecond),
  'edge/nginx': ratio(r.edge!.run.requestsPerSecond, r.nginx!.run.requestsPerSecond),
  'nginx p99 ms': Number(r.nginx!.run.p99Ms.toFixed(1)),
  'edge p99 ms': Number(r.edge!.run.p99Ms.toFixed(1)),
}));
console.log('Throughput (processes: nginx workers = Nimbus edge processes)');
console.table(rows);
console.log('Server CPU per request (µs): what each costs, less disturbed by other processes than requests/s');
console.table(
  Object.entries(best).map(([key, r]) => ({
    processes: Number(key.split('\t')[0]),
    file: label(key),
    nginx: Math.round(r.nginx!.cpuMicrosPerRequest),
    edge: Math.round(r.edge!.cpuMicrosPerRequest),
    'nginx/edge': ratio(r.nginx!.cpuMicrosPerRequest, r.edge!.cpuMicrosPerRequest),
    ...(r.floor
      ? {
          'node floor': Math.round(r.floor.cpuMicrosPerRequest),
          'floor/edge': ratio(r.floor.cpuMicrosPerRequest, r.edge!.cpuMicrosPerRequest),
          'floor req/s': Math.round(r.floor.run.requestsPerSecond),
        }
      : {}),
  })),
);
for (const [key, r] of Object.entries(best))
  for (const [who, x] of Object.entries(r)) if (x.run.errors) console.log(`${who} ${label(key)}: ${x.run.errors}`);
if (skipped) console.log(skipped);
for (const count of new Set(rows.map((r) => r.processes))) {
  const below = rows.filter((r) => r.processes === count && r['edge/nginx'] < 0.5);
  const side = `${count} process${count > 1 ? 'es' : ''} a side`;
  console.log(
    below.length
      ? `${side}: below the goal (edge ≥ 0.5 × nginx) for ${below.map((r) => r.file).join(', ')}.`
      : `${side}: goal met, the edge serves at least half of nginx’s requests/s on both files.`,
  );
}
