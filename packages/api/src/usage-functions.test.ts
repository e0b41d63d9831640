// Metering of server code through the real edge: function invocations and their memory × duration
// (MB-ms) from the sandboxed runners, read back from GET /v2/usage after the meter's write.
import { createMeter, type Meter } from '@nimbus/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let meter: Meter;
let token: string;
let host: string;

beforeAll(async () => {
  // The meter needs the test's database, which the server makes: it forwards to the real one made next.
  let target: Meter | null = null;
  const settlers: (() => void)[] = [];
  const proxy: Meter = {
    enabled: true,
    add: (...args) => target?.add(...args),
    counter: (teamId, projectId) => target!.counter(teamId, projectId),
    beforeWrite: (settle) => {
      settlers.push(settle);
      return () => undefined;
    },
    flush: () => target!.flush(),
    pending: () => target!.pending(),
    close: () => target!.close(),
  };
  t = await createFunctionsTestServer({}, { meter: proxy });
  target = meter = createMeter({ db: t.db, flushMs: 60_000 });
  for (const settle of settlers) meter.beforeWrite(settle);
  ({ token } = await t.signup('usage-fn@example.com'));
  const res = await t.deploy(token, {
    'index.html': '<h1>home</h1>',
    'api/hello.js': "module.exports = (req, res) => { res.status(200).json({ hello: 'world' }); };",
    'vercel.json': JSON.stringify({ functions: { 'api/hello.js': { memory: 256 } } }),
  });
  expect(res.status).toBe(200);
  const ready = await t.waitFor(token, res.json.id, ['READY', 'ERROR'], 180_000);
  if (ready.readyState !== 'READY') throw new Error(await t.logText(token, res.json.id));
  host = ready.url.replace(/\.localhost.*$/, '');
}, 240_000);
afterAll(async () => {
  await meter?.close();
  await t?.close();
});

describe('function metering', () => {
  it('counts each invocation and its memory times duration', { timeout: 60_000 }, async () => {
    const started = performance.now();
    for (let i = 0; i < 4; i++) {
      const r = await t.fetchHost(host, '/api/hello');
      expect(r.status).toBe(200);
    }
    const wall = performance.now() - started;
    await meter.flush();
    const usage = await t.call('GET', '/v2/usage', { token });
    expect(usage.json.totals.function_invocations).toBe(4);
    expect(usage.json.totals.function_mb_ms).toBeGreaterThanOrEqual(4 * 256);
    expect(usage.json.totals.function_mb_ms).toBeLessThanOrEqual(256 * Math.ceil(wall + 4));
    expect(usage.json.totals.edge_requests).toBeGreaterThanOrEqual(4);
  });
});
