// `npx tsx bench/tracing/run.ts`: what tracing costs. Two front servers (apps/web/server.ts, API role
// only, PGlite each) in this one process, one with NIMBUS_TRACING=1 and one with 0; wrk loads the
// same authenticated API route (`GET /api/v2/user`, three queries) on each in turn, twice over so
// neither side gets the quieter half of the run, and prints requests/s, p99 and the difference.
// With tracing on every request gets its spans (front server, API, each query) and about a fifth of
// them (the fetch ratio, 0.2) are written to `trace_spans`.
// Options: --duration 10s --connections 50 --threads 2.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../../apps/web/server';
import { loadConfig } from '../../apps/web/server/config';
import { SpanWriter } from '../../apps/web/server/tracing';
import { type WrkResult, wrk } from '../lib/net';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '50' },
    threads: { type: 'string', default: '2' },
  },
});
const options = { duration: values.duration, connections: Number(values.connections), threads: Number(values.threads) };

async function start(tracing: '0' | '1') {
  const dir = await mkdtemp(path.join(tmpdir(), `nimbus-bench-tracing-${tracing}-`));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    NIMBUS_DATA_DIR: dir,
    NIMBUS_PUBLIC_URL: 'http://localhost:3000',
    NIMBUS_TRACING: tracing,
    NIMBUS_SECRET: 'b'.repeat(32),
    NIMBUS_SIGNUP_LIMIT: '1000',
  });
  for (const role of ['web', 'edge', 'worker'] as const) config.roles.delete(role);
  const server = await startServer(config);
  const url = `http://127.0.0.1:${server.port}`;
  const signup = await fetch(`${url}/api/v2/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: 'bench@example.com', password: 'correct horse battery', name: 'Bench' }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = (await (
    await fetch(`${url}/api/v3/user/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({ name: 'bench' }),
    })
  ).json()) as { bearerToken: string };
  return { url, token: token.bearerToken, server, dir };
}

console.log(
  `wrk -t${options.threads} -c${options.connections} -d${options.duration}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
);
const off = await start('0');
const on = await start('1');
const runs: Record<'off' | 'on', WrkResult[]> = { off: [], on: [] };
try {
  for (const side of [off, on]) {
    const headers = { Authorization: `Bearer ${side.token}` };
    await wrk(`${side.url}/api/v2/user`, '127.0.0.1', { ...options, duration: '2s', headers });
  }
  for (const order of [
    ['off', 'on'],
    ['on', 'off'],
  ] as const) {
    for (const name of order) {
      const side = name === 'on' ? on : off;
      runs[name].push(
        await wrk(`${side.url}/api/v2/user`, '127.0.0.1', {
          ...options,
          headers: { Authorization: `Bearer ${side.token}` },
        }),
      );
    }
  }
  const spans = await on.server.runtime.database.execute('select count(*)::int as n from trace_spans');
  // The same server with kept traces thrown away instead of written: what recording spans costs alone.
  const push = SpanWriter.prototype.push;
  SpanWriter.prototype.push = () => {};
  const unstored = [
    await wrk(`${on.url}/api/v2/user`, '127.0.0.1', { ...options, headers: { Authorization: `Bearer ${on.token}` } }),
  ];
  SpanWriter.prototype.push = push;
  const summary = (results: WrkResult[]) => ({
    'req/s': Math.round(results.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results.length),
    'p99 ms': Number(Math.max(...results.map((r) => r.p99Ms)).toFixed(1)),
    errors: results.map((r) => r.errors ?? 0).join('/'),
  });
  const rows = {
    'tracing off': summary(runs.off),
    'tracing on': summary(runs.on),
    'tracing on, spans not stored': summary(unstored),
  };
  console.table(rows);
  const cost = 1 - rows['tracing on']['req/s'] / rows['tracing off']['req/s'];
  console.log(
    `Tracing costs ${(cost * 100).toFixed(1)}% of requests/s on GET /api/v2/user; ${spans.rows[0]!.n} spans stored.`,
  );
} finally {
  for (const side of [on, off]) {
    await side.server.close();
    await rm(side.dir, { recursive: true, force: true });
  }
}
