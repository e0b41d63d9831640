// The function pool with real sandboxed runners: both handler styles, Vercel's helpers, streaming,
// waitUntil, environment, and every way a function can fail (throw, hang, busy loop, memory, exit).
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSandbox } from '../sandbox';
import { createFunctionPool, type FunctionLog, type FunctionRequestRecord } from './pool';
import { call, writeFunction } from './testing';

let root: string;
const logs: FunctionLog[] = [];
const records: FunctionRequestRecord[] = [];
const pool = createFunctionPool({
  network: 'none',
  maxDurationCap: 10,
  onLog: (l) => logs.push(l),
  onRequest: (r) => records.push(r),
});
const logsOf = (requestId: string) => logs.filter((l) => l.requestId === requestId).map((l) => l.message);

beforeAll(async () => {
  expect(await checkSandbox({ mode: 'on', network: 'none' })).toEqual({ isolated: true });
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-fn-test-'));
  chmodSync(root, 0o711);
});
afterAll(async () => {
  await pool.close();
  rmSync(root, { recursive: true, force: true });
});

describe('function pool: handlers', () => {
  it('runs a (req, res) handler with Vercel helpers: query, cookies, parsed body, status and json', async () => {
    const fn = writeFunction(
      root,
      {
        'index.js': `module.exports = (req, res) => {
          if (req.query.go) return res.redirect('/elsewhere');
          res.status(201).json({ query: req.query, cookies: req.cookies, body: req.body, method: req.method });
        };`,
      },
      { shouldAddHelpers: true },
    );
    const r = await call(pool, fn, {
      method: 'POST',
      url: '/api/x?a=1&a=2&b=%20c',
      headers: { cookie: 'session=abc%20d; theme=dark', 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(r.status).toBe(201);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(r.text)).toEqual({
      query: { a: ['1', '2'], b: ' c' },
      cookies: { session: 'abc d', theme: 'dark' },
      body: { hello: 'world' },
      method: 'POST',
    });
    const form = await call(pool, fn, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1&y=two',
    });
    expect(JSON.parse(form.text).body).toEqual({ x: '1', y: 'two' });
    const redirect = await call(pool, fn, { url: '/?go=1' });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.location).toBe('/elsewhere');
    const bad = await call(pool, fn, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Invalid JSON');
  });

  it('streams a large request body to the function and its answer back', async () => {
    const fn = writeFunction(root, {
      'index.js': `const { createHash } = require('node:crypto');
        module.exports = async (req, res) => {
          const hash = createHash('sha1');
          let size = 0;
          for await (const chunk of req) { hash.update(chunk); size += chunk.length; }
          res.end(JSON.stringify({ size, sha1: hash.digest('hex'), echo: 'x'.repeat(size) }));
        };`,
    });
    const body = 'x'.repeat(3 * 1024 * 1024);
    const r = await call(pool, fn, { method: 'PUT', body, headers: { 'content-length': String(body.length) } });
    const reply = JSON.parse(r.text);
    expect([reply.size, reply.sha1, reply.echo.length]).toEqual([
      body.length,
      createHash('sha1').update(body).digest('hex'),
      body.length,
    ]);
  });

  it('leaves req and res alone without helpers, as Next.js launchers expect', async () => {
    const fn = writeFunction(root, {
      'index.js': `module.exports = (req, res) => res.end(JSON.stringify({ query: req.query, status: typeof res.status }));`,
    });
    const r = await call(pool, fn, { url: '/?a=1' });
    expect(JSON.parse(r.text)).toEqual({ status: 'undefined' });
  });

  it('runs Web handlers: named method exports (ESM) and a default object with fetch (CommonJS)', async () => {
    const named = writeFunction(root, {
      'index.mjs': `export function GET(request) {
          const url = new URL(request.url);
          const headers = new Headers({ 'content-type': 'text/plain' });
          headers.append('set-cookie', 'a=1'); headers.append('set-cookie', 'b=2');
          return new Response('hello ' + url.searchParams.get('name') + ' at ' + url.pathname, { headers });
        }
        export async function POST(request) { return Response.json({ got: await request.json() }, { status: 202 }); }`,
    });
    const get = await call(pool, named, { url: '/greet?name=ada' });
    expect(get.status).toBe(200);
    expect(get.text).toBe('hello ada at /greet');
    expect(get.headers['set-cookie']).toBe('a=1, b=2');
    const post = await call(pool, named, { method: 'POST', body: '{"n":1}' });
    expect(post.status).toBe(202);
    expect(JSON.parse(post.text)).toEqual({ got: { n: 1 } });
    expect((await call(pool, named, { method: 'DELETE' })).status).toBe(405);

    const fetchStyle = writeFunction(root, {
      'index.js': `module.exports = { fetch: (request) => new Response(request.method + ' ' + request.headers.get('x-test')) };`,
    });
    expect((await call(pool, fetchStyle, { headers: { 'x-test': 'yes' } })).text).toBe('GET yes');
  });

  it('takes the server a module starts itself, after a port probe, or exports; and unwraps nested defaults', async () => {
    // As xmcp's HTTP transport does: it exports nothing, probes a port with a bare server, then listens,
    // and reads the request body from the stream itself (Vercel's helpers are on in its .vc-config.json).
    const listening = writeFunction(
      root,
      {
        'index.js': `const http = require('node:http');
        const probe = http.createServer();
        probe.once('listening', () => probe.close(() => setTimeout(() => {
          http.createServer(async (req, res) => {
            let body = '';
            for await (const chunk of req) body += chunk;
            res.end('started ' + req.url + ' ' + body + ' ' + typeof res.json);
          }).listen(3001, '127.0.0.1');
        }, 200)));
        probe.listen(3001, '127.0.0.1');`,
      },
      { shouldAddHelpers: true },
    );
    const posted = await call(pool, listening, {
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0"}',
    });
    expect(posted.text).toBe('started /mcp {"jsonrpc":"2.0"} undefined');
    const exported = writeFunction(root, {
      'index.js': `module.exports = require('node:http').createServer((req, res) => res.end('exported server'));`,
    });
    expect((await call(pool, exported)).text).toBe('exported server');
    const nested = writeFunction(root, {
      'index.js': `exports.default = { default: (req, res) => res.end('nested default') };`,
    });
    expect((await call(pool, nested)).text).toBe('nested default');
  });

  it('streams: the first chunk arrives before the handler ends, for both styles', async () => {
    const node = writeFunction(root, {
      'index.js': `module.exports = async (req, res) => {
          res.write('first');
          await new Promise((r) => setTimeout(r, 800));
          res.end('second');
        };`,
    });
    const web = writeFunction(root, {
      'index.mjs': `export const GET = () => new Response(new ReadableStream({
          async start(c) { c.enqueue(new TextEncoder().encode('first')); await new Promise((r) => setTimeout(r, 800)); c.enqueue(new TextEncoder().encode('second')); c.close(); },
        }));`,
    });
    for (const fn of [node, web]) {
      await call(pool, fn);
      const r = await pool.invoke(fn, { method: 'GET', url: '/', headers: {}, body: null });
      const started = Date.now();
      const times: number[] = [];
      const chunks: string[] = [];
      for await (const chunk of r.body as Readable) {
        chunks.push(String(chunk));
        times.push(Date.now() - started);
      }
      expect(chunks.join('')).toBe('firstsecond');
      expect(chunks[0]).toBe('first');
      expect(times[0]).toBeLessThan(400);
      expect(times.at(-1)).toBeGreaterThan(600);
    }
  });

  it('cuts a streamed response off at maxDuration, and a dropped body leaves the next request intact', async () => {
    const fn = writeFunction(
      root,
      {
        'index.js': `module.exports = async (req, res) => {
          res.write('first;');
          if (req.url === '/hang') return;
          await new Promise((r) => setTimeout(r, 300));
          res.end('second');
        };`,
      },
      { maxDuration: 1 },
    );
    const dropped = await pool.invoke(fn, { method: 'GET', url: '/', headers: {}, body: null });
    for await (const chunk of dropped.body) {
      expect(String(chunk)).toBe('first;');
      break;
    }
    expect((await call(pool, fn)).text).toBe('first;second');
    const started = Date.now();
    const cut = await call(pool, fn, { url: '/hang' });
    expect([cut.status, cut.text]).toEqual([200, 'first;']);
    expect(Date.now() - started).toBeLessThan(2500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(records.find((x) => x.requestId === cut.requestId)).toMatchObject({
      status: 504,
      error: 'FUNCTION_INVOCATION_TIMEOUT',
    });
    expect((await call(pool, fn)).text).toBe('first;second');
  });

  it('runs waitUntil work after the response, with its logs tagged by the request', async () => {
    const fn = writeFunction(root, {
      'index.js': `module.exports = (req, res) => {
          const { waitUntil } = globalThis[Symbol.for('@vercel/request-context')].get();
          waitUntil(new Promise((r) => setTimeout(r, 500)).then(() => console.log('after the response')));
          res.end('answered');
        };`,
    });
    const r = await call(pool, fn);
    expect(r.text).toBe('answered');
    expect(logsOf(r.requestId)).not.toContain('after the response');
    await expect.poll(() => logsOf(r.requestId), { timeout: 5000 }).toContain('after the response');
  });

  it('gives the function its environment variables and those of .vc-config.json, and nothing of the host', async () => {
    const fn = writeFunction(
      root,
      {
        'index.js': `module.exports = (req, res) => res.end(JSON.stringify([process.env.FROM_PROJECT, process.env.FROM_CONFIG, process.env.DATABASE_URL ?? null, process.cwd()]));`,
      },
      { environment: { FROM_CONFIG: 'config' } },
      { FROM_PROJECT: 'project' },
    );
    expect(JSON.parse((await call(pool, fn)).text)).toEqual(['project', 'config', null, '/var/task']);
  });

  it('reuses a warm runner and stops it after the idle time', async () => {
    const idle = createFunctionPool({ network: 'none', idleMs: 300 });
    const fn = writeFunction(root, {
      'index.js': `let n = 0; module.exports = (req, res) => res.end(String(++n));`,
    });
    try {
      const first = await call(idle, fn);
      const second = await call(idle, fn);
      expect([first.cold, first.text, second.cold, second.text]).toEqual([true, '1', false, '2']);
      expect(idle.stats().runners).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(idle.stats().runners).toBe(0);
      const third = await call(idle, fn);
      expect([third.cold, third.text]).toEqual([true, '1']);
    } finally {
      await idle.close();
    }
  });

  it('starts another runner when one is full, up to the limit per function', async () => {
    const busy = createFunctionPool({ network: 'none', concurrency: 2, maxRunnersPerKey: 2 });
    const fn = writeFunction(root, {
      'index.js': `module.exports = async (req, res) => { await new Promise((r) => setTimeout(r, 500)); res.end('ok'); };`,
    });
    try {
      const all = Promise.all(Array.from({ length: 6 }, () => call(busy, fn)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stats = busy.stats();
      const replies = await all;
      expect(replies.map((r) => r.text)).toEqual(Array(6).fill('ok'));
      expect(stats.runners).toBeLessThanOrEqual(2);
      expect(stats.runners + stats.queued).toBeGreaterThanOrEqual(2);
      expect(busy.stats().runners).toBe(2);
    } finally {
      await busy.close();
    }
  });
});

describe('function pool: spreading over cores', () => {
  it.skipIf(availableParallelism() < 2)(
    'starts a second runner while the first is busy, before any request waits, and serves from both',
    async () => {
      const spread = createFunctionPool({ network: 'none', spreadAt: 2, maxRunnersPerKey: 2 });
      const fn = writeFunction(root, {
        // A CPU-bound handler (as server rendering is) and an id per runner process.
        'index.js': `const id = Math.random().toString(36).slice(2);
          module.exports = (req, res) => { const end = Date.now() + 50; while (Date.now() < end); res.end(id); };`,
      });
      try {
        const first = await Promise.all(Array.from({ length: 6 }, () => call(spread, fn)));
        expect(new Set(first.map((r) => r.status))).toEqual(new Set([200]));
        for (let i = 0; i < 50 && spread.stats().runners < 2; i++) await new Promise((r) => setTimeout(r, 100));
        expect(spread.stats().runners).toBe(2);
        const second = await Promise.all(Array.from({ length: 6 }, () => call(spread, fn)));
        expect(new Set(second.map((r) => r.text)).size).toBe(2);
      } finally {
        await spread.close();
      }
    },
  );
});

describe('function pool: edge functions', () => {
  it('loads a package whose traced files hold only its `module` build, as bundlers resolve edge code', async () => {
    // Remix's edge route imports @remix-run/server-runtime, whose `main` (dist/index.js) is not traced.
    const fn = writeFunction(
      root,
      {
        'index.mjs': `import { greeting } from '@scope/esm-only';
          import { flavour } from 'conditional';
          import { createRequire } from 'node:module';
          const legacy = createRequire(import.meta.url)('./legacy.cjs');
          export default (request) => new Response([greeting, flavour, legacy, new URL(request.url).pathname].join(' '));`,
        // A CommonJS file of the bundle requires the same package: require() finds its module build too.
        'legacy.cjs': "module.exports = require('@scope/esm-only').greeting.length;",
      },
      { runtime: 'edge', entrypoint: 'index.mjs' },
    );
    const modules = path.join(fn.dir, 'node_modules');
    const files = {
      '@scope/esm-only/package.json': JSON.stringify({ main: 'dist/index.js', module: 'dist/esm/index.js' }),
      // An import without its extension, as bundlers allow.
      '@scope/esm-only/dist/esm/index.js': "export { greeting } from './greeting';",
      '@scope/esm-only/dist/esm/greeting.js': "export const greeting = 'hello from the module build';",
      // Vercel's edge runtime takes the `worker` export, as react-dom/server's Web build is chosen.
      'conditional/package.json': JSON.stringify({ exports: { worker: './web.js', default: './node.js' } }),
      'conditional/web.js': "exports.flavour = 'web';",
      'conditional/node.js': "exports.flavour = 'node';",
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(modules, name)), { recursive: true, mode: 0o755 });
      writeFileSync(path.join(modules, name), text, { mode: 0o644 });
    }
    for (const dir of ['@scope/esm-only/dist/esm', 'conditional'])
      for (let d = path.join(modules, dir); d !== fn.dir; d = path.dirname(d)) chmodSync(d, 0o755);
    const r = await call(pool, fn, { url: '/edge' });
    expect(r.text).toBe('hello from the module build web 27 /edge');
    expect(r.status).toBe(200);
  });
});

describe('function pool without bubblewrap (NIMBUS_BUILD_SANDBOX=off)', () => {
  it('runs the function in its own folder and still holds it to its memory limit', async () => {
    const plain = createFunctionPool({ network: 'none', isolate: false });
    const fn = writeFunction(
      root,
      {
        'index.js': `const kept = []; module.exports = (req, res) => {
          if (req.url === '/grow') for (;;) kept.push(Buffer.alloc(16 * 1024 * 1024, 1));
          res.end(process.cwd());
        };`,
      },
      { memory: 128 },
    );
    try {
      expect((await call(plain, fn)).text).toBe(fn.dir);
      const r = await call(plain, fn, { url: '/grow' });
      expect(r.status).toBe(500);
      expect(r.text).toMatch(/ran out of memory.*128 MB/);
    } finally {
      await plain.close();
    }
  });
});

describe('function pool: failures', () => {
  const expectFailure = async (r: Awaited<ReturnType<typeof call>>, status: number, code: string, message: RegExp) => {
    expect(r.status).toBe(status);
    expect(r.headers['x-nimbus-error']).toBe(code);
    expect(r.text).toContain(code);
    expect(r.text).toContain(r.requestId);
    expect(r.text).toMatch(message);
    expect(records.find((x) => x.requestId === r.requestId)).toMatchObject({ status, error: code });
  };

  it('answers 500 with the request id when the handler throws, logs it, and keeps serving', async () => {
    const fn = writeFunction(root, {
      'index.js': `module.exports = async (req, res) => {
          if (req.url === '/sync') throw new Error('thrown synchronously');
          if (req.url === '/async') { await null; throw new Error('rejected later'); }
          res.end('fine');
        };`,
    });
    for (const [url, message] of [
      ['/sync', 'thrown synchronously'],
      ['/async', 'rejected later'],
    ] as const) {
      const r = await call(pool, fn, { url });
      await expectFailure(r, 500, 'FUNCTION_INVOCATION_FAILED', /threw an error/);
      // The error reaches the log on the runner's stdout, which may arrive after its answer on the socket.
      await expect.poll(() => logsOf(r.requestId).join('\n'), { timeout: 5000 }).toContain(message);
      const next = await call(pool, fn);
      expect([next.status, next.text, next.cold]).toEqual([200, 'fine', false]);
    }
  });

  it('refuses a malformed response written to the raw socket, and keeps serving', async () => {
    const fn = writeFunction(root, {
      'index.js': `module.exports = (req, res) => {
          if (req.url === '/raw') return req.socket.end('HTTP/1.1 200 OK\\r\\nx-evil: a\\nset-cookie: b\\r\\n\\r\\n');
          res.end('fine');
        };`,
    });
    const r = await call(pool, fn, { url: '/raw' });
    expect(r.status).toBe(500);
    expect(r.headers['x-evil']).toBeUndefined();
    const next = await call(pool, fn);
    expect([next.status, next.text]).toEqual([200, 'fine']);
  });

  it('answers JSON errors to clients that accept JSON', async () => {
    const fn = writeFunction(root, { 'index.js': `module.exports = () => { throw new Error('no'); };` });
    const r = await call(pool, fn, { headers: { accept: 'application/json' } });
    expect(r.status).toBe(500);
    expect(JSON.parse(r.text)).toEqual({
      error: { code: 'FUNCTION_INVOCATION_FAILED', message: expect.any(String), requestId: r.requestId },
    });
  });

  it('answers 504 at maxDuration when the handler never answers; the runner stays if it still responds', async () => {
    const fn = writeFunction(
      root,
      {
        'index.js': `let n = 0; module.exports = (req, res) => { n++; if (req.url === '/hang') return; res.end(String(n)); };`,
      },
      { maxDuration: 1 },
    );
    await call(pool, fn);
    const started = Date.now();
    const r = await call(pool, fn, { url: '/hang' });
    expect(Date.now() - started).toBeLessThan(2500);
    await expectFailure(r, 504, 'FUNCTION_INVOCATION_TIMEOUT', /ran past its limit of 1 seconds/);
    expect(logsOf(r.requestId).join('\n')).toMatch(/ran past its limit/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const next = await call(pool, fn);
    expect([next.status, next.text, next.cold]).toEqual([200, '3', false]);
  });

  it('kills a runner stuck in a busy loop after its timeout; the next request gets a fresh one', async () => {
    const fn = writeFunction(
      root,
      { 'index.js': `module.exports = (req, res) => { if (req.url === '/spin') for (;;); res.end('alive'); };` },
      { maxDuration: 1 },
    );
    await call(pool, fn);
    const r = await call(pool, fn, { url: '/spin' });
    await expectFailure(r, 504, 'FUNCTION_INVOCATION_TIMEOUT', /FUNCTION_INVOCATION_TIMEOUT/);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(logsOf(r.requestId).join('\n')).toMatch(/did not answer after its time limit and was stopped/);
    const next = await call(pool, fn);
    expect([next.status, next.text, next.cold]).toEqual([200, 'alive', true]);
  });

  it('answers 500 naming the memory limit when the function allocates past it', async () => {
    const fn = writeFunction(
      root,
      {
        'index.js': `const kept = []; module.exports = (req, res) => {
          if (req.url === '/grow') for (;;) kept.push(Buffer.alloc(16 * 1024 * 1024, 1));
          res.end('small');
        };`,
      },
      { memory: 128 },
    );
    const r = await call(pool, fn, { url: '/grow' });
    await expectFailure(r, 500, 'FUNCTION_INVOCATION_FAILED', /ran out of memory.*128 MB/);
    expect(logsOf(r.requestId).join('\n')).toMatch(/out of memory/);
    const next = await call(pool, fn);
    expect([next.status, next.text, next.cold]).toEqual([200, 'small', true]);
  });

  it('answers 500 when the function calls process.exit, and starts a fresh runner', async () => {
    const fn = writeFunction(root, {
      'index.js': `module.exports = (req, res) => { if (req.url === '/exit') { console.log('leaving'); process.exit(3); } res.end('back'); };`,
    });
    const r = await call(pool, fn, { url: '/exit' });
    await expectFailure(r, 500, 'FUNCTION_INVOCATION_FAILED', /exited with code 3/);
    expect(logsOf(r.requestId)).toContain('leaving');
    const next = await call(pool, fn);
    expect([next.status, next.text, next.cold]).toEqual([200, 'back', true]);
  });

  it('answers 500 when the function cannot be loaded, with its error in the logs', async () => {
    const fn = writeFunction(root, { 'index.js': `throw new Error('broken at import');` });
    const r = await call(pool, fn);
    await expectFailure(r, 500, 'FUNCTION_INVOCATION_FAILED', /could not start|exited/);
    expect(logsOf(r.requestId).join('\n')).toContain('broken at import');
    const empty = writeFunction(root, { 'index.js': `module.exports = {};` });
    const nothing = await call(pool, empty);
    await expectFailure(nothing, 500, 'FUNCTION_INVOCATION_FAILED', /could not start|exited/);
    expect(logsOf(nothing.requestId).join('\n')).toContain('exports no handler and started no server');
  });
});
