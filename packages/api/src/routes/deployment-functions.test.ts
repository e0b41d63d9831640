// GET /v1/deployments/{id}/functions: the functions of a prebuilt Build Output tree sent through the
// plain API, with the limits the edge gives them (the config's, else the server's defaults, capped),
// read by id or URL, empty for a static deployment, and a 404 for another team's deployment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;

// A server configured for 2 GB runners and a 120 s cap (NIMBUS_FUNCTION_MEMORY, NIMBUS_FUNCTION_MAX_DURATION).
beforeAll(async () => {
  t = await createEngineTestApi({
    worker: {},
    api: { functionLimits: { defaultMemoryMb: 2048, memoryMaxMb: 4096, defaultMaxDuration: 60, maxDurationCap: 120 } },
  });
  ({ token } = await t.signup('functions-list@example.com'));
});
afterAll(() => t.close());

const vcConfig = (config: Record<string, unknown>) =>
  JSON.stringify({ runtime: 'nodejs22.x', handler: 'index.js', ...config });

const TREE = {
  '.vercel/output/config.json': JSON.stringify({ version: 3 }),
  '.vercel/output/functions/api/hello.func/.vc-config.json': vcConfig({ memory: 512, maxDuration: 10 }),
  '.vercel/output/functions/api/hello.func/index.js': 'module.exports = (req, res) => res.end("hello");',
  '.vercel/output/functions/api/slow.func/.vc-config.json': vcConfig({ maxDuration: 900 }),
  '.vercel/output/functions/api/slow.func/index.js': 'module.exports = (req, res) => res.end("slow");',
  '.vercel/output/functions/edge.func/.vc-config.json': JSON.stringify({ runtime: 'edge', entrypoint: 'index.js' }),
  '.vercel/output/functions/edge.func/index.js': 'export default () => new Response("edge");',
};

async function ready(files: Record<string, string>, query = '') {
  const res = await t.deploy(token, files, {}, query);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const done = await t.waitFor(token, res.json.id);
  expect(done.readyState, await t.logText(token, done.id)).toBe('READY');
  return done;
}

describe('GET /v1/deployments/{id}/functions', () => {
  it('lists a prebuilt deployment’s functions with their limits, by id and by URL', async () => {
    const done = await ready(TREE, '?prebuilt=1');
    const res = await t.call('GET', `/v1/deployments/${done.id}/functions`, { token });
    expect(res.status).toBe(200);
    expect(res.json.functions).toEqual([
      {
        path: '/api/hello',
        runtime: 'nodejs22.x',
        memory: 512,
        maxDuration: 10,
        configured: { memory: 512, maxDuration: 10 },
        regions: null,
      },
      {
        path: '/api/slow',
        runtime: 'nodejs22.x',
        memory: 2048,
        maxDuration: 120,
        configured: { memory: null, maxDuration: 900 },
        regions: null,
      },
      {
        path: '/edge',
        runtime: 'edge',
        memory: 2048,
        maxDuration: 60,
        configured: { memory: null, maxDuration: null },
        regions: null,
      },
    ]);
    const byUrl = await t.call('GET', `/v1/deployments/${encodeURIComponent(`https://${done.url}`)}/functions`, {
      token,
    });
    expect(byUrl.json).toEqual(res.json);
  });

  it('caps the memory a function asks for by its team’s plan, and the build log says so', async () => {
    const done = await ready(
      {
        '.vercel/output/config.json': JSON.stringify({ version: 3 }),
        '.vercel/output/functions/api/x.func/.vc-config.json': vcConfig({ memory: 16384 }),
        '.vercel/output/functions/api/x.func/index.js': 'module.exports = (req, res) => res.end("x");',
      },
      '?prebuilt=1',
    );
    const res = await t.call('GET', `/v1/deployments/${done.id}/functions`, { token });
    expect(res.json.functions[0]).toMatchObject({ path: '/api/x', memory: 2048, configured: { memory: 16384 } });
    expect(await t.logText(token, done.id)).toContain(
      'Function api/x asks for 16384 MB; the Hobby plan allows 2048 MB, so it runs with 2048 MB.',
    );
  });

  it('answers an empty list for a static deployment', async () => {
    const done = await ready({ 'index.html': '<h1>static</h1>' });
    const res = await t.call('GET', `/v1/deployments/${done.id}/functions`, { token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ functions: [] });
  });

  it('answers 404 for another team’s deployment and 403 without a token', async () => {
    const done = await ready(TREE, '?prebuilt=1');
    const other = await t.signup('functions-other@example.com');
    const res = await t.call('GET', `/v1/deployments/${done.id}/functions`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
    expect(JSON.stringify(res.json)).not.toContain('api/hello');
    expect((await t.call('GET', `/v1/deployments/${done.id}/functions`)).status).toBe(403);
  });
});
