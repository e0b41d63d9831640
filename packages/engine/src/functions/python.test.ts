// Python functions in the pool, on real sandboxed runners (runner.py): the three kinds of handler
// Vercel's Python runtime serves (a BaseHTTPRequestHandler class, WSGI, ASGI with its lifespan), in the
// folder layout the Python builder writes (its trampoline, `_vendor`), with bodies both ways, streaming,
// logs tagged by request, the project's environment, and failures.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSandbox } from '../sandbox';
import { createFunctionPool, type FunctionLog } from './pool';
import { call, writePythonFunction } from './testing';

let root: string;
const logs: FunctionLog[] = [];
const pool = createFunctionPool({ network: 'none', maxDurationCap: 10, onLog: (l) => logs.push(l) });
const logsOf = (requestId: string) => logs.filter((l) => l.requestId === requestId).map((l) => l.message);
const pythonFunction = (
  files: Record<string, string>,
  found: { entrypoint: string; variable: string },
  env?: Record<string, string>,
) => writePythonFunction(root, files, found, env);

beforeAll(async () => {
  expect(await checkSandbox({ mode: 'on', network: 'none' })).toEqual({ isolated: true });
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-py-test-'));
  chmodSync(root, 0o711);
});
afterAll(async () => {
  await pool.close();
  rmSync(root, { recursive: true, force: true });
});

describe('Python functions', () => {
  it('serves a BaseHTTPRequestHandler class named handler, with its body, headers and logs', async () => {
    const fn = pythonFunction(
      {
        'api/index.py': `from http.server import BaseHTTPRequestHandler
import os

class handler(BaseHTTPRequestHandler):
    def do_GET(self):
        print("visited", self.path)
        self.send_response(200)
        self.send_header("Content-type", "text/plain")
        self.end_headers()
        self.wfile.write(f"Hello from {self.path} with {os.environ['GREETING']}".encode())

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(201)
        self.send_header("x-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body.upper())
`,
      },
      { entrypoint: 'api/index.py', variable: 'handler' },
      { GREETING: 'a project variable' },
    );
    const r = await call(pool, fn, { url: '/api?x=1' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain');
    expect(r.text).toBe('Hello from /api?x=1 with a project variable');
    await expect.poll(() => logsOf(r.requestId), { timeout: 5000 }).toContain('visited /api?x=1');
    const posted = await call(pool, fn, { method: 'POST', url: '/api', body: 'shout this' });
    expect(posted.status).toBe(201);
    expect(posted.headers['x-length']).toBe('10');
    expect(posted.text).toBe('SHOUT THIS');
  });

  it('serves a WSGI app: environ from the request, a streamed body read in pieces, a streamed answer', async () => {
    const fn = pythonFunction(
      {
        'main.py': `import json, time

def app(environ, start_response):
    if environ["PATH_INFO"] == "/stream":
        start_response("200 OK", [("Content-Type", "text/plain")])
        def chunks():
            for i in range(3):
                yield f"part {i}\\n".encode()
                time.sleep(0.2)
        return chunks()
    body = environ["wsgi.input"].read()
    start_response("200 OK", [("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")])
    return [json.dumps({
        "method": environ["REQUEST_METHOD"],
        "path": environ["PATH_INFO"],
        "query": environ["QUERY_STRING"],
        "host": environ["HTTP_HOST"],
        "type": environ.get("CONTENT_TYPE"),
        "body": body.decode(),
    }).encode()]
`,
      },
      { entrypoint: 'main.py', variable: 'app' },
    );
    const r = await call(pool, fn, {
      method: 'PUT',
      url: '/items/caf%C3%A9?q=1',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(200_000),
    });
    expect(r.status).toBe(200);
    expect(r.headers['set-cookie']).toBe('a=1, b=2');
    expect(JSON.parse(r.text)).toEqual({
      method: 'PUT',
      path: '/items/cafÃ©',
      query: 'q=1',
      host: 'example.test',
      type: 'text/plain',
      body: 'x'.repeat(200_000),
    });

    const started = Date.now();
    const streamed = await pool.invoke(fn, { method: 'GET', url: '/stream', headers: { host: 'x' }, body: null });
    const arrivals: number[] = [];
    let text = '';
    for await (const chunk of streamed.body) {
      arrivals.push(Date.now() - started);
      text += Buffer.from(chunk).toString();
    }
    expect(text).toBe('part 0\npart 1\npart 2\n');
    // The first part arrives before the app has finished sleeping between parts.
    expect(arrivals[0]!).toBeLessThan(arrivals.at(-1)! - 250);
  });

  it('serves an ASGI app after its lifespan startup, with a chunked request body and a streamed answer', async () => {
    const fn = pythonFunction(
      {
        'app/server.py': `import asyncio

state = {"started": False}

async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                state["started"] = True
                await send({"type": "lifespan.startup.complete"})
            else:
                return
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    print("asgi got", len(body))
    await send({"type": "http.response.start", "status": 202, "headers": [(b"content-type", b"text/plain")]})
    for word in [b"started=" + str(state["started"]).encode(), b" path=" + scope["path"].encode(), b" body=" + body]:
        await send({"type": "http.response.body", "body": word, "more_body": True})
        await asyncio.sleep(0.05)
    await send({"type": "http.response.body", "body": b""})
`,
      },
      { entrypoint: 'app/server.py', variable: 'app' },
    );
    const r = await pool.invoke(fn, {
      method: 'POST',
      url: '/submit',
      headers: { host: 'example.test', 'content-type': 'text/plain' },
      body: Readable.from([Buffer.from('one,'), Buffer.from('two')]),
    });
    let text = '';
    for await (const chunk of r.body) text += Buffer.from(chunk).toString();
    expect(r.status).toBe(202);
    expect(text).toBe('started=True path=/submit body=one,two');
    await expect.poll(() => logsOf(r.requestId), { timeout: 5000 }).toContain('asgi got 7');
  });

  it('answers 500 with the traceback in the logs when the app raises, and keeps serving', async () => {
    const fn = pythonFunction(
      {
        'index.py': `def app(environ, start_response):
    if environ["PATH_INFO"] == "/boom":
        raise ValueError("no such thing")
    start_response("200 OK", [])
    return [b"fine"]
`,
      },
      { entrypoint: 'index.py', variable: 'app' },
    );
    const failed = await call(pool, fn, { url: '/boom' });
    expect(failed.status).toBe(500);
    // The traceback comes on the runner's stdout, which may be read after the answer.
    await expect
      .poll(() => logsOf(failed.requestId).join('\n'), { timeout: 5000 })
      .toContain('ValueError: no such thing');
    expect((await call(pool, fn, { url: '/' })).text).toBe('fine');
  });

  it('reports a module that fails to import, with its error', async () => {
    const fn = pythonFunction(
      { 'index.py': 'import not_installed_anywhere\napp = None\n' },
      { entrypoint: 'index.py', variable: 'app' },
    );
    const r = await call(pool, fn, { url: '/' });
    expect(r.status).toBeGreaterThanOrEqual(500);
    await expect
      .poll(() => logs.map((l) => l.message).join('\n'), { timeout: 5000 })
      .toContain("No module named 'not_installed_anywhere'");
  });

  it('imports packages from _vendor before the system ones', async () => {
    const fn = pythonFunction(
      {
        '_vendor/greeting/__init__.py': 'WORDS = "vendored hello"\n',
        'index.py': `import greeting

def app(environ, start_response):
    start_response("200 OK", [("content-type", "text/plain")])
    return [greeting.WORDS.encode()]
`,
      },
      { entrypoint: 'index.py', variable: 'app' },
    );
    expect((await call(pool, fn)).text).toBe('vendored hello');
  });

  it('runs a function prebuilt by the Vercel Python builder, whose vendored vercel_runtime it does not load', async () => {
    // The trampoline as @vercel/python 25 writes it, beside the vercel-runtime package it vendors.
    const fn = pythonFunction(
      {
        '_vendor/vercel_runtime/__init__.py': '',
        '_vendor/vercel_runtime/vc_init.py': 'raise RuntimeError("Vercel\'s own runtime was loaded")\n',
        'main.py': `def app(environ, start_response):
    start_response("200 OK", [("content-type", "text/plain")])
    return [b"prebuilt by Vercel"]
`,
      },
      { entrypoint: 'main.py', variable: 'app' },
    );
    writeFileSync(
      path.join(fn.dir, 'vc__handler__python.py'),
      `
import importlib
import os
import os.path
import site
import sys
import time

# Cold start baseline, read back by vercel_runtime.vc_init
_vc_boot_start_ms = int(time.monotonic() * 1000)

_here = os.path.dirname(__file__)

os.environ.update({
  "__VC_PY_BOOT_START_MS": str(_vc_boot_start_ms),
  "__VC_HANDLER_MODULE_NAME": "main",
  "__VC_HANDLER_ENTRYPOINT": "main.py",
  "__VC_HANDLER_ENTRYPOINT_ABS": os.path.join(_here, "main.py"),
  "__VC_HANDLER_VENDOR_DIR": "_vendor",
  "__VC_HANDLER_VARIABLE_NAME": "app"
})

_vendor_rel = '_vendor'
_vendor = os.path.normpath(os.path.join(_here, _vendor_rel))

if os.path.isdir(_vendor):
    site.addsitedir(_vendor)
    try:
        while _vendor in sys.path:
            sys.path.remove(_vendor)
    except ValueError:
        pass
    idx = 1 if (sys.path and sys.path[0] in ('', _here)) else 0
    sys.path.insert(idx, _vendor)
    importlib.invalidate_caches()

from vercel_runtime.vc_init import vc_handler
`,
    );
    const r = await call(pool, fn);
    expect(r.status, r.text).toBe(200);
    expect(r.text).toBe('prebuilt by Vercel');
  });
});
