// Server code end to end: zero-config functions under api/ deployed as source are built by `vercel
// build` in the sandbox and answered by sandboxed runners through the edge, with the deployment's
// variables; failures (a throw, a hang, too much memory) get their error page and a log line while
// the server keeps serving; a function cannot reach the host.
import { schema } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let token: string;
let host: string;
let projectId: string;

const FILES = {
  'index.html': '<h1>home</h1>',
  'api/hello.js':
    "module.exports = (req, res) => { console.log('hello for', req.query.name); res.status(200).json({ hello: req.query.name ?? 'world', greeting: process.env.GREETING ?? null, own: process.env.OWN ?? null, env: process.env.VERCEL_ENV }); };",
  'api/typed.ts':
    'export function GET(request: Request): Response { const url = new URL(request.url); return Response.json({ typed: true, path: url.pathname }); }',
  'api/edge.js':
    "export const config = { runtime: 'edge' };\nexport default function handler(request) { return new Response(JSON.stringify({ runtime: typeof EdgeRuntime === 'string' ? EdgeRuntime : null, path: new URL(request.url).pathname }), { headers: { 'content-type': 'application/json' } }); }",
  'api/echo.js':
    "module.exports = (req, res) => { res.setHeader('content-type', 'text/plain'); res.send(req.method + ' ' + JSON.stringify(req.body)); };",
  'api/throws.js': "module.exports = () => { throw new Error('boom from the function'); };",
  'api/hangs.js': 'module.exports = () => {};',
  'api/hog.js':
    'module.exports = (req, res) => { const keep = []; for (;;) keep.push(Buffer.alloc(8 * 1024 * 1024, 1)); };',
  'api/escape.js': `const fs = require('fs'); const net = require('net');
module.exports = async (req, res) => {
  const tries = {};
  try { fs.writeFileSync(__filename, 'x'); tries.writeOwnCode = 'wrote'; } catch (e) { tries.writeOwnCode = e.code; }
  try { tries.passwd = fs.readFileSync('/etc/passwd', 'utf8').includes('root:x:0:0:root:/root:/bin/bash') ? 'host' : 'own'; } catch (e) { tries.passwd = e.code; }
  tries.host = await new Promise((resolve) => {
    const s = net.connect(Number(req.query.port), '127.0.0.1');
    s.on('connect', () => { s.destroy(); resolve('connected'); });
    s.on('error', (e) => resolve(e.code));
  });
  tries.uid = process.getuid();
  tries.caps = fs.readFileSync('/proc/self/status', 'utf8').match(/CapEff:\\s*(\\w+)/)[1];
  res.json(tries);
};`,
  'vercel.json': JSON.stringify({
    functions: { 'api/hangs.js': { maxDuration: 2 }, 'api/hog.js': { memory: 128 } },
  }),
};

beforeAll(async () => {
  t = await createFunctionsTestServer();
  const signed = await t.signup('fn-user@example.com', 'Fn User');
  token = signed.token;
  projectId = (await t.call('POST', '/v11/projects', { token, body: { name: 'fns' } })).json.id;
  await t.call('POST', `/v10/projects/${projectId}/env`, {
    token,
    body: { key: 'GREETING', value: 'hi from the project', target: ['preview'], type: 'encrypted' },
  });
  const res = await t.deploy(token, FILES, { name: 'fns', env: { OWN: 'from -e' } });
  expect(res.status).toBe(200);
  const ready = await t.waitFor(token, res.json.id, ['READY', 'ERROR'], 180_000);
  if (ready.readyState !== 'READY') throw new Error(await t.logText(token, res.json.id));
  host = ready.url.replace(/\.localhost.*$/, '');
}, 240_000);
afterAll(() => t?.close());

describe('zero-config functions', () => {
  it('were built by vercel build in the sandbox', async () => {
    const deployments = (await t.call('GET', `/v6/deployments?projectId=${projectId}`, { token })).json.deployments;
    const log = await t.logText(token, deployments[0].uid);
    expect(log).toMatch(/vercel build/);
  });

  it('answer a JavaScript function with its helpers, the project variables and -e values', async () => {
    const r = await t.fetchHost(host, '/api/hello?name=nimbus');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({
      hello: 'nimbus',
      greeting: 'hi from the project',
      own: 'from -e',
      env: 'preview',
    });
    expect(r.headers['x-nimbus-id']).toBeTruthy();
  });

  it('keep the variables fixed when the deployment went READY, sealed at rest, until the next deployment', async () => {
    const env = await t.call('GET', `/v10/projects/${projectId}/env`, { token });
    const greeting = env.json.envs.find((e: { key: string }) => e.key === 'GREETING');
    await t.call('DELETE', `/v9/projects/${projectId}/env/${greeting.id}`, { token });
    const r = JSON.parse((await t.fetchHost(host, '/api/hello')).text);
    expect(r.greeting).toBe('hi from the project');
    const [row] = await t.db
      .select({ runtimeEnv: schema.deployments.runtimeEnv })
      .from(schema.deployments)
      .where(eq(schema.deployments.host, host));
    expect(Object.keys(row!.runtimeEnv!).sort()).toEqual(['GREETING', 'OWN']);
    expect(JSON.stringify(row!.runtimeEnv)).not.toContain('hi from the project');
  });

  it('answer a TypeScript Web handler, and the static page beside them', async () => {
    const r = await t.fetchHost(host, '/api/typed');
    expect(JSON.parse(r.text)).toEqual({ typed: true, path: '/api/typed' });
    expect((await t.fetchHost(host, '/')).text).toBe('<h1>home</h1>');
  });

  it('answer an edge-runtime function, run in the same sandboxed runner', async () => {
    const r = await t.fetchHost(host, '/api/edge');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ runtime: 'edge-runtime', path: '/api/edge' });
  });

  it('take a request body on POST, which static deployments refuse', async () => {
    const r = await t.fetchHost(host, '/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(r.text).toBe('POST {"a":1}');
  });

  it('answer 500 with a request id when the function throws, and keep serving', async () => {
    const r = await t.fetchHost(host, '/api/throws');
    expect(r.status).toBe(500);
    expect(r.text).toContain('FUNCTION_INVOCATION_FAILED');
    expect(r.text).toContain(String(r.headers['x-nimbus-id']));
    expect((await t.fetchHost(host, '/api/hello')).status).toBe(200);
  });

  it('answer 504 when the function runs past its maxDuration', { timeout: 30_000 }, async () => {
    const started = Date.now();
    const r = await t.fetchHost(host, '/api/hangs');
    expect(r.status).toBe(504);
    expect(r.text).toContain('FUNCTION_INVOCATION_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answer 500 naming the memory limit when the function allocates past it', { timeout: 60_000 }, async () => {
    const r = await t.fetchHost(host, '/api/hog');
    expect(r.status).toBe(500);
    expect(r.text).toMatch(/memory/i);
    expect(r.text).toContain('128 MB');
    expect((await t.fetchHost(host, '/api/hello')).status).toBe(200);
  });

  it('cannot change its code, read the host, reach the host or hold capabilities', async () => {
    const port = new URL(t.url).port;
    const r = JSON.parse((await t.fetchHost(host, `/api/escape?port=${port}`)).text);
    expect(r.writeOwnCode).not.toBe('wrote');
    expect(r.passwd).toBe('own');
    expect(r.host).not.toBe('connected');
    expect(r.uid).not.toBe(0);
    expect(r.caps).toBe('0000000000000000');
  });

  it('write every request and printed line to the runtime log', { timeout: 20_000 }, async () => {
    await t.fetchHost(host, '/api/hello?name=logged');
    await t.logs.flush();
    const rows = (await t.call('GET', `/v1/projects/${projectId}/logs?limit=100`, { token })).json;
    const list = rows.logs ?? rows.rows ?? rows;
    const text = JSON.stringify(list);
    expect(text).toContain('hello for logged');
    expect(text).toContain('/api/throws');
    expect(text).toContain('FUNCTION_INVOCATION_TIMEOUT');
  });
});
