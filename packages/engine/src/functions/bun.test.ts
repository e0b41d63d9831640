// Functions on Bun's runtime (`runtime: bun1.x`, Vercel's `bunVersion`): runner.mjs run by bun from the
// build image, in the same sandbox. A module that calls Bun.serve() on a port is served through its own
// socket, and Bun's own APIs (Bun.file, Bun.version) work.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSandbox } from '../sandbox';
import { createFunctionPool, type FunctionLog } from './pool';
import { call, writeFunction } from './testing';

let root: string;
const logs: FunctionLog[] = [];
const pool = createFunctionPool({ network: 'none', maxDurationCap: 10, onLog: (l) => logs.push(l) });

beforeAll(async () => {
  expect(await checkSandbox({ mode: 'on', network: 'none' })).toEqual({ isolated: true });
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-bun-test-'));
  chmodSync(root, 0o711);
});
afterAll(async () => {
  await pool.close();
  rmSync(root, { recursive: true, force: true });
});

describe('Bun functions', () => {
  it('serves a module that calls Bun.serve() with routes and a fetch fallback', { timeout: 180_000 }, async () => {
    const fn = writeFunction(
      root,
      {
        'server.mjs': `Bun.serve({
  port: 3000,
  routes: {
    "/": new Response(Bun.file(new URL("./page.html", import.meta.url)), { headers: { "content-type": "text/html" } }),
    "/api/hello": (request) => Response.json({ message: "Hello from Bun " + Bun.version.split(".")[0], path: new URL(request.url).pathname }),
    "/users/:id": (request) => Response.json({ id: request.params.id }),
  },
  fetch(request) {
    console.log("fallback for", new URL(request.url).pathname);
    return new Response("fallback " + request.method, { status: 404 });
  },
});
`,
        'page.html': '<h1>Bun page</h1>',
      },
      { runtime: 'bun1.x', handler: 'server.mjs' },
    );
    const page = await call(pool, fn, { url: '/' });
    expect(page.status, page.text).toBe(200);
    expect(page.text).toBe('<h1>Bun page</h1>');
    expect(JSON.parse((await call(pool, fn, { url: '/api/hello' })).text)).toEqual({
      message: 'Hello from Bun 1',
      path: '/api/hello',
    });
    expect(JSON.parse((await call(pool, fn, { url: '/users/42' })).text)).toEqual({ id: '42' });
    const missing = await call(pool, fn, { method: 'POST', url: '/nope', body: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('fallback POST');
    await expect.poll(() => logs.map((l) => l.message), { timeout: 5000 }).toContain('fallback for /nope');
  });

  it('serves a default export with fetch, as Bun runs a server module', { timeout: 180_000 }, async () => {
    const fn = writeFunction(
      root,
      { 'index.mjs': 'export default { fetch: (request) => new Response("bun default " + typeof Bun) };\n' },
      { runtime: 'bun1.x', handler: 'index.mjs' },
    );
    expect((await call(pool, fn)).text).toBe('bun default object');
  });
});
