// Python deployed as source, as Vercel users write it: Nimbus's Python builder runs in the sandbox
// under `vercel build`, installs the requirements with the machine's pip (kept to its local index),
// and the edge serves the functions on runner.py. Vercel's own Python examples are in the real-apps
// matrix (test/apps); these are the cases their pins keep out of this machine's index (Flask from
// requirements.txt) and the build's errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPipLocal } from '../../engine/src/build/pip-testing';
import { createFunctionsTestServer } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let token: string;

beforeAll(async () => {
  expect(await keepPipLocal(), 'this machine has a local Python package index').toBe(true);
  t = await createFunctionsTestServer();
  ({ token } = await t.signup('python-user@example.com', 'Python User'));
}, 60_000);
afterAll(() => t?.close());

async function deploy(name: string, files: Record<string, string>) {
  const res = await t.deploy(token, files, { name });
  expect(res.status).toBe(200);
  const done = await t.waitFor(token, res.json.id, ['READY', 'ERROR'], 240_000);
  const log = await t.logText(token, res.json.id);
  return { done, log, host: String(done.url ?? '').replace(/\.localhost.*$/, '') };
}

describe('Python from source', () => {
  it('builds a Flask app from requirements.txt and serves every route through it', { timeout: 300_000 }, async () => {
    const { done, log, host } = await deploy('flask-site', {
      'requirements.txt': 'flask\n',
      'app.py': `import os
from flask import Flask, jsonify, request

app = Flask(__name__)

@app.get("/")
def home():
    return "Hello from Flask"

@app.post("/api/echo")
def echo():
    return jsonify(received=request.get_json(), region=os.environ.get("VERCEL_REGION", "none"))

@app.get("/users/<name>")
def user(name):
    return jsonify(name=name, page=request.args.get("page"))
`,
    });
    expect(done.readyState, log).toBe('READY');
    expect(log).toContain('Detected framework: flask.');
    expect(log).toContain('Installing required dependencies from requirements.txt...');
    expect(log).toContain('Python entrypoint: app.py (variable "app")');
    const home = await t.fetchHost(host, '/');
    expect(home.status).toBe(200);
    expect(home.text).toBe('Hello from Flask');
    const user = await t.fetchHost(host, '/users/ada?page=2');
    expect(user.status, user.text).toBe(200);
    expect(JSON.parse(user.text)).toEqual({ name: 'ada', page: '2' });
    const echo = await t.fetchHost(host, '/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'python' }),
    });
    expect(echo.status, echo.text.slice(0, 1200)).toBe(200);
    expect(JSON.parse(echo.text).received).toEqual({ hello: 'python' });
    expect((await t.fetchHost(host, '/missing')).status).toBe(404);
  });

  it('serves api/*.py beside static files, each file its own function', { timeout: 300_000 }, async () => {
    const { done, log, host } = await deploy('python-api-site', {
      'index.html': '<h1>Static home</h1>',
      'api/time.py': `from http.server import BaseHTTPRequestHandler

class handler(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"time function")
`,
      'api/hello.py': `def app(environ, start_response):
    start_response("200 OK", [("content-type", "text/plain")])
    return [b"hello function at " + environ["PATH_INFO"].encode()]
`,
    });
    expect(done.readyState, log).toBe('READY');
    expect((await t.fetchHost(host, '/')).text).toContain('Static home');
    expect((await t.fetchHost(host, '/api/time')).text).toBe('time function');
    expect((await t.fetchHost(host, '/api/hello')).text).toBe('hello function at /api/hello');
  });

  it('fails with a message that names the requirements when pip cannot install them', {
    timeout: 300_000,
  }, async () => {
    const { done, log } = await deploy('python-missing-package', {
      'requirements.txt': 'no-such-package-anywhere-nimbus==1.0\n',
      'api/index.py': 'def app(environ, start_response):\n    start_response("200 OK", [])\n    return [b""]\n',
    });
    expect(done, log).toMatchObject({ readyState: 'ERROR' });
    expect(done.errorMessage, log).toContain('pip could not install the packages requirements.txt names');
    expect(log).toContain('No matching distribution found for no-such-package-anywhere-nimbus==1.0');
  });

  it('fails with the entrypoints it tried when none defines an app', { timeout: 300_000 }, async () => {
    const { done } = await deploy('python-no-app', {
      'requirements.txt': '\n',
      'main.py': 'print("nothing to serve")\n',
    });
    expect(done).toMatchObject({ readyState: 'ERROR' });
    expect(done.errorMessage).toBe('Found main.py but none defines a top-level "app", "application" or "handler".');
  });
});
