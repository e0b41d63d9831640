// `npx tsx bench/analytics/ingest.ts`: Web Analytics ingest on one process, as `npm start` runs it
// (the edge over PGlite, behind the front server's dispatch). wrk posts page views to /hfi/events on
// a deployment host whose project has Web Analytics on, and, as the baseline measured in the same
// run on the same server, GETs the deployment's index.html. Then the queue is flushed and the rows
// that landed are counted beside the requests answered and the rows the bounded queue dropped.
// Options: --duration 10s --connections 64 --threads 2.
import { EventEmitter } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { classify } from '@nimbus/api';
import { newId, openDatabase, schema, setAnalyticsSwitches } from '@nimbus/db';
import { createCollector, createEdge, createLocalStore, sha1 } from '@nimbus/engine';
import { count } from 'drizzle-orm';
import { fetchBytes, freePort, type WrkOptions, wrk } from '../lib/net';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10s' },
    connections: { type: 'string', default: '64' },
    threads: { type: 'string', default: '2' },
  },
});
const options: WrkOptions = {
  duration: values.duration,
  connections: Number(values.connections),
  threads: Number(values.threads),
  headers: {
    'User-Agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
};
const DOMAIN = 'localhost';
const HOST = `bench-site.${DOMAIN}`;
const page = Buffer.from(
  `<!doctype html><title>Bench</title><script defer src="/_nimbus/insights/script.js"></script>${'<p>Nimbus serves this page.</p>'.repeat(30)}`,
);
const view = JSON.stringify({
  o: `http://${HOST}/pricing?utm_source=bench`,
  r: 'https://www.example.com/',
  dp: '/pricing',
  sdkn: 'nimbus',
});

const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-analytics-'));
const database = await openDatabase({ dataDir: 'memory://' });
const db = database.db;
const store = createLocalStore(path.join(dir, 'files'));
const teamId = newId('team');
const projectId = newId('prj');
const deploymentId = newId('dpl');
await db.insert(schema.teams).values({ id: teamId, slug: 'bench' });
await db.insert(schema.projects).values({ id: projectId, teamId, name: 'bench-site' });
await setAnalyticsSwitches(db, projectId, { webAnalytics: true });
await store.put(sha1(page), page);
await db
  .insert(schema.deployments)
  .values({ id: deploymentId, projectId, teamId, name: 'bench-site', host: 'bench-site', state: 'READY' });
await db
  .insert(schema.deploymentOutputs)
  .values({ deploymentId, path: 'index.html', sha: sha1(page), size: page.length });

const analytics = createCollector({ db });
const edge = createEdge({ db, store, deployDomain: DOMAIN, events: new EventEmitter(), analytics });
const server = createServer((req, res) => {
  if (classify(req.headers.host, req.url ?? '/', DOMAIN, req) === 'edge') return edge.handle(req, res);
  res.writeHead(421).end();
});
const port = await freePort();
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
const lua = path.join(dir, 'post.lua');
await writeFile(
  lua,
  `wrk.method = "POST"\nwrk.body = ${JSON.stringify(view)}\nwrk.headers["Content-Type"] = "text/plain;charset=UTF-8"\n`,
);

try {
  if ((await fetchBytes(port, HOST, '/')).status !== 200) throw new Error('The edge does not serve the bench page.');
  const load = loadavg()[0]!;
  console.log(
    `wrk -t${options.threads} -c${options.connections} -d${options.duration} on 127.0.0.1; ${cpus().length} CPUs, load ${load.toFixed(1)}, Node ${process.version}, PGlite in process`,
  );
  const url = `http://127.0.0.1:${port}`;
  await wrk(`${url}/`, HOST, { ...options, duration: '2s' });
  const baseline = await wrk(`${url}/`, HOST, options);
  await wrk(`${url}/hfi/events`, HOST, { ...options, duration: '2s', script: lua });
  await analytics.flush();
  const before = (await db.select({ n: count() }).from(schema.webEvents))[0]!.n;
  const droppedBefore = analytics.queue.stats.dropped;
  const ingest = await wrk(`${url}/hfi/events`, HOST, { ...options, script: lua });
  const started = Date.now();
  await analytics.flush();
  const drainMs = Date.now() - started;
  const landed = (await db.select({ n: count() }).from(schema.webEvents))[0]!.n - before;
  console.table([
    {
      request: 'GET / (static file, baseline)',
      'req/s': Math.round(baseline.requestsPerSecond),
      'p99 ms': baseline.p99Ms,
      errors: baseline.errors ?? '',
    },
    {
      request: 'POST /hfi/events (page view)',
      'req/s': Math.round(ingest.requestsPerSecond),
      'p99 ms': ingest.p99Ms,
      errors: ingest.errors ?? '',
    },
  ]);
  console.log(
    `events/s: ${Math.round(ingest.requestsPerSecond)} (${((ingest.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}% of static requests/s); ` +
      `${ingest.requests} answered, ${landed} rows landed, ${analytics.queue.stats.dropped - droppedBefore} dropped by the bounded queue, ` +
      `${analytics.queue.stats.failed} in failed writes; the queue drained ${drainMs} ms after the run.`,
  );
} finally {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await edge.close();
  await analytics.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
