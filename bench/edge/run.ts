// `npx tsx bench/edge/run.ts`: nginx and the Nimbus edge serve the same two files (a small HTML
// page and a 1 MiB content-hashed script) on loopback, and wrk measures each in turn after a short
// warm-up. A bare node:http server with the same bytes and headers runs too: the floor no Node edge
// can pass. The goal (issue #3) is an edge at half of nginx's requests/s or better.
// Options: --duration 10s --connections 64 --threads 2 --rounds 1 (best of n, for a noisy machine).
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fetchBytes, freePort, wrk, type WrkOptions, type WrkResult } from './net';
import { startEdgeServer, startFloorServer, startNginx } from './servers';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '64' },
    threads: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '1' },
  },
});
const options: WrkOptions = { duration: values.duration, connections: Number(values.connections), threads: Number(values.threads) };
const rounds = Number(values.rounds);

const LARGE = 'assets/app-3f2a1b9c.js';
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench</title></head><body><main>${'<p>Nimbus serves this page.</p>'.repeat(30)}</main><script src="/${LARGE}"></script></body></html>`;
let script = '';
for (let i = 0; script.length < 1 << 20; i++) script += `export function f${i}(a, b) { return a * ${i % 97} + b; }\n`;
const files: Record<string, Buffer> = { 'index.html': Buffer.from(page), [LARGE]: Buffer.from(script.slice(0, 1 << 20)) };

const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-'));
const root = path.join(dir, 'www');
for (const [name, data] of Object.entries(files)) {
  await mkdir(path.dirname(path.join(root, name)), { recursive: true });
  await writeFile(path.join(root, name), data);
}
// nginx's worker runs as `nobody` when started by root: it must be able to read the temp dir.
for (const d of [dir, root, path.join(root, 'assets')]) await chmod(d, 0o755);

const ports = { nginx: await freePort(), floor: await freePort(), edge: await freePort() };
const nginx = await startNginx(dir, root, ports.nginx);
const floor = await startFloorServer(root, Object.keys(files), ports.floor);
const edge = await startEdgeServer(dir, root, Object.keys(files), ports.edge);
const servers = [
  { name: 'nginx', port: ports.nginx, host: nginx.host, running: nginx },
  { name: 'floor', port: ports.floor, host: floor.host, running: floor },
  { name: 'edge', port: ports.edge, host: edge.host, running: edge },
] as const;
interface Best {
  run: WrkResult;
  /** The least CPU time per request of any round: contention from other processes only adds to it. */
  cpuMicrosPerRequest: number;
}
const best: Record<string, Record<string, Best>> = {};
try {
  for (const [name, data] of Object.entries(files)) {
    for (const s of servers) {
      const r = await fetchBytes(s.port, s.host, `/${name}`);
      if (r.status !== 200 || !r.body.equals(data)) throw new Error(`${s.name} does not serve /${name} byte for byte (status ${r.status}).`);
    }
  }
  const load = loadavg()[0]!;
  console.log(`wrk -t${options.threads} -c${options.connections} -d${options.duration} on 127.0.0.1, best of ${rounds}; ${cpus().length} CPUs, load ${load.toFixed(1)}, Node ${process.version}`);
  if (load > cpus().length / 2) console.log('The machine is busy: other processes share the CPUs with wrk and the servers, so requests/s are low and noisy; CPU per request holds up better.');
  for (const name of Object.keys(files)) {
    const perServer: Record<string, Best> = (best[name] = {});
    for (let round = 0; round < rounds; round++) {
      for (const s of servers) {
        const url = `http://127.0.0.1:${s.port}/${name}`;
        await wrk(url, s.host, { ...options, duration: '2s' });
        const cpuBefore = s.running.cpuMicros();
        const run = await wrk(url, s.host, options);
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
  await edge.stop();
  await floor.stop();
  await nginx.stop();
  await rm(dir, { recursive: true, force: true });
}

const label = (name: string) => `/${name} (${files[name]!.length >= 1 << 20 ? '1 MiB' : `${(files[name]!.length / 1024).toFixed(1)} KiB`})`;
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
const rows = Object.entries(best).map(([name, r]) => ({
  file: label(name),
  'nginx req/s': Math.round(r.nginx!.run.requestsPerSecond),
  'edge req/s': Math.round(r.edge!.run.requestsPerSecond),
  'edge/nginx': ratio(r.edge!.run.requestsPerSecond, r.nginx!.run.requestsPerSecond),
  'nginx p99 ms': Number(r.nginx!.run.p99Ms.toFixed(1)),
  'edge p99 ms': Number(r.edge!.run.p99Ms.toFixed(1)),
}));
console.log('Throughput');
console.table(rows);
console.log('Server CPU per request (µs): what each costs, less disturbed by other processes than requests/s');
console.table(
  Object.entries(best).map(([name, r]) => ({
    file: label(name),
    nginx: Math.round(r.nginx!.cpuMicrosPerRequest),
    edge: Math.round(r.edge!.cpuMicrosPerRequest),
    'node floor': Math.round(r.floor!.cpuMicrosPerRequest),
    'nginx/edge': ratio(r.nginx!.cpuMicrosPerRequest, r.edge!.cpuMicrosPerRequest),
    'floor/edge': ratio(r.floor!.cpuMicrosPerRequest, r.edge!.cpuMicrosPerRequest),
    'floor req/s': Math.round(r.floor!.run.requestsPerSecond),
  })),
);
for (const [name, r] of Object.entries(best)) for (const [who, x] of Object.entries(r)) if (x.run.errors) console.log(`${who} /${name}: ${x.run.errors}`);
const below = rows.filter((r) => r['edge/nginx'] < 0.5);
console.log(below.length ? `Below the goal (edge ≥ 0.5 × nginx) for ${below.map((r) => r.file).join(', ')}.` : 'Goal met: the edge serves at least half of nginx’s requests/s on both files.');
