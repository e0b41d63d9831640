// `npx tsx bench/api/run.ts`: how fast the authenticated API answers. The real API (createApi) on a
// fresh database, served over node:http with the front server's `/api` prefix handling, one user
// with a token; wrk loads `GET /api/v2/user` with that token beside the bare `GET /api/health` in
// the same run, after a short warm-up each, and prints requests/s, p99, timeouts and errors, plus
// the database queries one `/v2/user` call makes and the server's CPU time per request (this
// process serves the API; on a busy machine that figure holds up better than requests/s).
// Databases: PGlite in a temp dir always; PostgreSQL too when DATABASE_URL is set or with
// --postgres (a fresh database on that server, default postgres://postgres@127.0.0.1:5432/test,
// dropped at the end). The goal (issue #10): /v2/user at 2,000 req/s or more, p99 under 100 ms.
// Options: --duration 10s --connections 200 --threads 2 --postgres --no-pglite.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type WrkOptions, type WrkResult, wrk } from '../lib/net';
import { type ApiServer, startApi } from './server';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '200' },
    threads: { type: 'string', default: '2' },
    postgres: { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
  },
});
const options: WrkOptions = {
  duration: values.duration,
  connections: Number(values.connections),
  threads: Number(values.threads),
};
const postgresUrl = process.env.DATABASE_URL ?? (values.postgres ? 'postgres://postgres@127.0.0.1:5432/test' : null);
const GOAL = { requestsPerSecond: 2000, p99Ms: 100 };

const kinds: ('pglite' | 'postgres')[] = [];
if (!values['no-pglite']) kinds.push('pglite');
if (postgresUrl) kinds.push('postgres');

console.log(
  `wrk -t${options.threads} -c${options.connections} -d${options.duration} on 127.0.0.1; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
);
const rows: Record<string, string | number>[] = [];
const verdicts: string[] = [];
for (const kind of kinds) {
  const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-api-'));
  let api: ApiServer | null = null;
  try {
    api = await startApi(kind === 'pglite' ? { dataDir: path.join(dir, 'db') } : { serverUrl: postgresUrl! });
    const auth = { Authorization: `Bearer ${api.token}` };
    const queries = await api.queriesOf('/api/v2/user', auth);
    const results: [string, WrkResult, number][] = [];
    for (const [label, urlPath, headers] of [
      ['GET /api/health', '/api/health', {}],
      ['GET /api/v2/user (token)', '/api/v2/user', auth],
    ] as const) {
      await wrk(`${api.url}${urlPath}`, '127.0.0.1', { ...options, duration: '2s', headers });
      const cpu = process.cpuUsage();
      const run = await wrk(`${api.url}${urlPath}`, '127.0.0.1', { ...options, headers });
      const used = process.cpuUsage(cpu);
      results.push([label, run, (used.user + used.system) / run.requests]);
    }
    for (const [label, r, cpuMicros] of results) {
      rows.push({
        database: kind,
        request: label,
        'req/s': Math.round(r.requestsPerSecond),
        'p99 ms': Number(r.p99Ms.toFixed(1)),
        timeouts: r.timeouts,
        'CPU µs/req': Math.round(cpuMicros),
        queries: label.includes('user') ? queries : 0,
        errors: r.errors ?? '',
      });
    }
    const user = results[1]![1];
    const met = user.requestsPerSecond >= GOAL.requestsPerSecond && user.p99Ms < GOAL.p99Ms && !user.errors;
    verdicts.push(
      `${kind}: ${met ? 'goal met' : 'below the goal'} (/v2/user ≥ ${GOAL.requestsPerSecond} req/s, p99 < ${GOAL.p99Ms} ms, no errors).`,
    );
  } finally {
    await api?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
console.table(rows);
for (const line of verdicts) console.log(line);
