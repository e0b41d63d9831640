// `npx tsx bench/functions/run.ts`: what running a function in a sandboxed runner costs.
// - warm: wrk against a node:http front server in this process that hands every request to the
//   function pool (over the runner's Unix socket, into the sandbox and back), and against the same
//   handler on a bare node:http server, in the same run. Goal: pool ≥ 0.5 × bare.
// - cold: ~20 cold starts (a fresh runner each: sandbox, Node, loading the handler, first answer),
//   median and p95. Goal: median ≤ 300 ms.
// Options: --duration 10s --connections 64 --threads 2 --cold 20 --network none|public; --check R
// exits 1 when the warm ratio is below R (CI's short run: a big regression, not the goal).
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createFunctionPool, type FunctionRef } from '../../packages/engine/src/functions';
import type { NetworkMode } from '../../packages/engine/src/sandbox';
import { treeCpuMicros } from '../lib/cpu';
import { HELLO_HANDLER } from '../lib/hello-function';
import { freePort, type WrkOptions, wrk } from '../lib/net';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '64' },
    threads: { type: 'string', default: '2' },
    cold: { type: 'string', default: '20' },
    network: { type: 'string', default: 'none' },
    check: { type: 'string' },
  },
});
const options: WrkOptions = {
  duration: values.duration,
  connections: Number(values.connections),
  threads: Number(values.threads),
};
const network = values.network as NetworkMode;

const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-fn-'));
await chmod(dir, 0o711);
const funcDir = path.join(dir, 'hello.func');
await mkdir(funcDir, { mode: 0o755 });
await writeFile(path.join(funcDir, 'index.js'), `module.exports = ${HELLO_HANDLER};\n`, { mode: 0o644 });
await writeFile(path.join(funcDir, '.vc-config.json'), JSON.stringify({ runtime: 'nodejs20.x', handler: 'index.js' }));
const fn: FunctionRef = {
  key: 'hello',
  dir: funcDir,
  config: { runtime: 'nodejs20.x', handler: 'index.js' },
  env: {},
  sandboxUid: 1,
};

const pool = createFunctionPool({ network, concurrency: 64, maxRunnersPerKey: 1 });
const listen = async (handler: RequestListener): Promise<{ server: Server; port: number }> => {
  const port = await freePort();
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
};
// biome-ignore lint/security/noGlobalEval: the bare server runs the very source the function runs.
const bare = await listen((0, eval)(`(${HELLO_HANDLER})`));
const front = await listen(async (req, res) => {
  const r = await pool.invoke(fn, { method: req.method!, url: req.url!, headers: req.headers, body: req });
  res.writeHead(r.status, r.headers.flat());
  r.body.pipe(res);
});

const ms = (n: number) => `${n.toFixed(1)} ms`;

try {
  console.log(
    `wrk -t${options.threads} -c${options.connections} -d${options.duration} on 127.0.0.1; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}, network ${network}`,
  );
  const results: Record<string, { rps: number; p99: number; errors: string | null; cpu: number }> = {};
  for (const [name, port] of [
    ['bare node:http', bare.port],
    ['function pool', front.port],
  ] as const) {
    const url = `http://127.0.0.1:${port}/hello`;
    await wrk(url, '127.0.0.1', { ...options, duration: '2s' });
    const before = treeCpuMicros(process.pid);
    const run = await wrk(url, '127.0.0.1', options);
    const cpu = (treeCpuMicros(process.pid) - before) / run.requests;
    results[name] = { rps: run.requestsPerSecond, p99: run.p99Ms, errors: run.errors, cpu };
  }
  console.table(
    Object.entries(results).map(([name, r]) => ({
      server: name,
      'req/s': Math.round(r.rps),
      'p99 ms': Number(r.p99.toFixed(1)),
      'server CPU µs/req': Math.round(r.cpu),
      errors: r.errors ?? '',
    })),
  );
  const ratio = results['function pool']!.rps / results['bare node:http']!.rps;
  const cpuRatio = results['bare node:http']!.cpu / results['function pool']!.cpu;
  // On a busy machine requests/s swing with other processes; CPU per request (front and runner together) holds up better.
  console.log(`CPU per request: the pool costs ${(1 / cpuRatio).toFixed(1)} × bare (bare/pool ${cpuRatio.toFixed(2)})`);
  console.log(
    `warm: ${ratio.toFixed(2)} × bare node:http ${ratio >= 0.5 ? '(goal met: ≥ 0.5)' : '(goal missed: < 0.5)'}`,
  );

  // Each cold start is a new key: a runner of its own, started by its first request, stopped right after.
  const coldPool = createFunctionPool({ network, idleMs: 1 });
  const cold: number[] = [];
  for (let i = 0; i <= Number(values.cold); i++) {
    const started = performance.now();
    const r = await coldPool.invoke({ ...fn, key: `cold-${i}` }, { method: 'GET', url: '/', headers: {}, body: null });
    for await (const _ of r.body);
    if (!r.cold || r.status !== 200) throw new Error(`cold start ${i} answered ${r.status} (cold: ${r.cold})`);
    // The first start also loads what every later one finds cached (the sandbox's /etc, node's pages).
    if (i > 0) cold.push(performance.now() - started);
  }
  await coldPool.close();
  cold.sort((a, b) => a - b);
  const p50 = cold[Math.floor(cold.length / 2)]!;
  const p95 = cold[Math.min(cold.length - 1, Math.floor(cold.length * 0.95))]!;
  console.log(`cold start over ${cold.length} starts: p50 ${ms(p50)}  p95 ${ms(p95)}  min ${ms(cold[0]!)}`);
  console.log(p50 <= 300 ? 'cold: goal met (p50 ≤ 300 ms)' : 'cold: goal missed (p50 > 300 ms)');
  if (values.check !== undefined && ratio < Number(values.check)) {
    console.error(`warm ratio ${ratio.toFixed(2)} is below ${values.check}: the function path regressed`);
    process.exitCode = 1;
  }
} finally {
  bare.server.close();
  front.server.close();
  await pool.close();
  await rm(dir, { recursive: true, force: true });
}
