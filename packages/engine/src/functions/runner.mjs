// The process that runs one Node.js function of a Build Output API v3 deployment, inside the sandbox.
// `node runner.mjs <function folder> <socket path>`: it loads the handler named by the folder's
// `.vc-config.json`, listens with node:http on a Unix socket (the sandbox has no network to the host;
// a socket file on the runner's own /tmp crosses namespaces: the host reaches it through the job's
// root, see runner-process.ts) and prints {"t":"ready"} once.
// It must run in any Node the host has and be mounted as one file, so it depends on nothing but
// Node itself; that is why Vercel's helpers (req.query, res.json ...) are written out here instead of
// imported from @vercel/node. Everything the function prints becomes one JSON line on stdout tagged
// with the request id the host sent in `x-nimbus-request-id` (pool.ts parses them).
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import Module, { register } from 'node:module';
import path from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';

const [taskDir, socketPath] = process.argv.slice(2);
const config = JSON.parse(readFileSync(path.join(taskDir, '.vc-config.json'), 'utf8'));
const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** The request being handled, found again by whatever the function runs on its behalf (logs, waitUntil). */
const storage = new AsyncLocalStorage();

const writeLine = process.stdout.write.bind(process.stdout);
const emit = (record) => writeLine(`${JSON.stringify(record)}\n`);

// console.* and direct writes both end in these two methods; each line becomes one tagged record.
for (const stream of ['stdout', 'stderr']) {
  process[stream].write = (chunk, encoding, done) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const id = storage.getStore()?.id ?? null;
    for (const line of text.replace(/\n$/, '').split('\n'))
      emit({ t: 'log', s: stream, id, m: line, time: Date.now() });
    const callback = typeof encoding === 'function' ? encoding : done;
    if (callback) process.nextTick(callback);
    return true;
  };
}

// @vercel/functions (waitUntil, geolocation ...) reads the request's context from this global.
globalThis[Symbol.for('@vercel/request-context')] = { get: () => storage.getStore()?.context };

/** waitUntil promises still running: the host drains them before it stops an idle runner. */
const pending = new Set();
function waitUntil(promise) {
  const tracked = Promise.resolve(promise).catch((err) => console.error('waitUntil promise rejected:', err));
  pending.add(tracked);
  tracked.finally(() => pending.delete(tracked));
}

// An error nobody awaited belongs to no request the runner can answer; Vercel's runtime ends the
// instance too. The host answers the requests in flight with 500 and starts a fresh runner.
for (const event of ['uncaughtException', 'unhandledRejection'])
  process.on(event, (err) => {
    console.error(`${event === 'uncaughtException' ? 'Uncaught exception' : 'Unhandled rejection'}:`, err);
    process.exit(1);
  });

// Edge functions (`runtime: edge`) are Web handlers too. Bundles written for the edge runtime register
// a `fetch` listener on `self` (Next.js's) or export a default `(request) => Response` (@vercel/node's).
// They run here, in the same sandboxed process as Node functions: that process is the boundary, not
// an in-process isolate.
const edge = config.runtime === 'edge';
const fetchListeners = [];
// Edge code is traced for bundlers, which read a package's `module` (or `browser`) entry and paths
// without their extension (the export conditions are the runner's own, set in runner-process.ts). A
// traced function may hold only what a bundler would take (Remix's @remix-run/server-runtime keeps
// dist/esm/ and not its `main`, and its @remix-run/react imports `react-router-dom/server`). An import
// Node's own rules cannot find is resolved that way.
const EDGE_RESOLVE = `
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
const isFile = (file) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
/** The file a bundler takes for a path: itself, with an extension, or a folder's entry or index. */
function bundlerFile(base, folderEntry) {
  for (const file of [base, base + '.js', base + '.mjs', base + '.cjs']) if (isFile(file)) return file;
  if (isFile(join(base, 'package.json'))) {
    const pkg = JSON.parse(readFileSync(join(base, 'package.json'), 'utf8'));
    for (const entry of [pkg.module, pkg.browser, folderEntry ? null : pkg.main])
      if (typeof entry === 'string') {
        const file = bundlerFile(join(base, entry), true);
        if (file) return file;
      }
  }
  for (const file of [join(base, 'index.js'), join(base, 'index.mjs')]) if (isFile(file)) return file;
  return null;
}
/** What a bundler finds for \`specifier\` imported from the folder \`from\`, or null. */
export function bundlerPath(specifier, from) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return null;
  if (/^\\.{0,2}\\//.test(specifier)) return bundlerFile(join(from, specifier), false);
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules', specifier.split('/')[0])))
      return bundlerFile(join(dir, 'node_modules', specifier), false);
    if (dir === dirname(dir)) return null;
  }
}
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    if (!['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'].includes(err?.code) || !context.parentURL?.startsWith('file:')) throw err;
    const file = bundlerPath(specifier, dirname(fileURLToPath(context.parentURL)));
    if (!file) throw err;
    return { url: pathToFileURL(file).href, shortCircuit: true };
  }
}`;
if (edge) {
  const resolver = `data:text/javascript,${encodeURIComponent(EDGE_RESOLVE)}`;
  register(resolver);
  // require() calls in the function's CommonJS files take the same way out (the hook sees only imports).
  const { bundlerPath } = await import(resolver);
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    try {
      return resolveFilename.call(this, request, parent, ...rest);
    } catch (err) {
      const file =
        err?.code === 'MODULE_NOT_FOUND' && parent?.filename && bundlerPath(request, path.dirname(parent.filename));
      if (!file) throw err;
      return file;
    }
  };
  globalThis.self ??= globalThis;
  globalThis.EdgeRuntime = 'edge-runtime';
  globalThis.addEventListener = (type, listener) => {
    if (type === 'fetch') fetchListeners.push(listener);
  };
}

// A module may start its own server instead of exporting a handler (an Express app's `app.listen()`,
// xmcp's HTTP transport), as Vercel's Node launcher allows: every server the function starts listening
// is noted, and the first one with a request listener takes the requests, handed over in process.
const started = [];
const listen = Server.prototype.listen;
/** Bun's node:http listens through Bun.serve(), which the wrapper below must then leave alone. */
let inNodeListen = false;
Server.prototype.listen = function (...args) {
  started.push(this);
  inNodeListen = true;
  try {
    return listen.apply(this, args);
  } finally {
    inNodeListen = false;
  }
};
/** How long a module that exported nothing gets to start its server. */
const SERVER_START_MS = 10_000;

// On Bun's runtime (`runtime: bun1.x`, this script run by bun) a module serves with `Bun.serve()` on a
// port, as Vercel's Bun runtime lets it. Each such server listens on a socket of its own beside the
// runner's instead, and the runner passes requests on to it (Bun's fetch speaks HTTP over a Unix socket).
const bunSockets = [];
if (globalThis.Bun) {
  const serve = Bun.serve.bind(Bun);
  Bun.serve = (options = {}) => {
    if (inNodeListen) return serve(options);
    const { port: _port, hostname: _hostname, unix: _unix, ...rest } = options;
    const unix = path.join(path.dirname(socketPath), `bun-${bunSockets.length}.sock`);
    rmSync(unix, { force: true });
    const server = serve({ ...rest, unix });
    bunSockets.push(unix);
    return server;
  };
}

/** A web handler that passes each request on to a Bun.serve() server on its Unix socket. */
function bunProxy(unix) {
  return async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    // The answer goes back with the encoding the server chose; Bun's fetch would decode it otherwise.
    headers.delete('accept-encoding');
    return fetch(`http://localhost${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      unix,
    });
  };
}

const handler = await loadHandler(path.join(taskDir, (edge ? config.entrypoint : config.handler) ?? 'index.js')).catch(
  (err) => {
    console.error('The function could not be loaded:', err);
    process.exit(1);
  },
);

async function loadHandler(file) {
  const ns = await import(pathToFileURL(file).href);
  // Compiled TypeScript can nest its default export (`exports.default.default`): Vercel unwraps five.
  let def = ns.default;
  for (let i = 0; i < 5 && def && typeof def === 'object' && 'default' in def && def.default; i++) def = def.default;
  const pick = (source) =>
    source && METHODS.some((m) => typeof source[m] === 'function')
      ? { web: (method) => source[method] ?? (method === 'HEAD' ? source.GET : undefined) }
      : null;
  const found =
    pick(ns) ??
    (def && typeof def === 'object' && typeof def.fetch === 'function' ? { web: () => def.fetch.bind(def) } : null) ??
    pick(typeof def === 'object' ? def : null) ??
    (typeof def === 'function' ? { node: def } : null) ??
    (isServer(def) ? serving(def) : null);
  if (fetchListeners.length) return { web: () => respondWithListener };
  if (!found) {
    const server = await startedServer();
    if (server?.unix) return { web: () => bunProxy(server.unix) };
    if (server) return serving(server);
    throw new Error(
      `${config.handler} exports no handler and started no server: export a (req, res) function or GET/POST/..., or call listen() on an HTTP server`,
    );
  }
  // `useWebApi` (Next.js's middleware launcher) and edge functions take a Request, not (req, res).
  if (found.node && (config.useWebApi || edge)) return { web: () => found.node };
  return found;
}

/**
 * A server takes each request as its 'request' event, untouched: it parses bodies itself (Express's
 * `express.json()` reads the stream), so Vercel's helpers are not added, as Vercel's launcher does.
 */
function serving(server) {
  return { node: (req, res) => server.emit('request', req, res), server: true };
}

/** An http.Server (or https) exported as the module. */
function isServer(value) {
  return value instanceof Server || (typeof value?.listen === 'function' && typeof value?.emit === 'function');
}

/** The first server the module started that handles requests, once it listens; null after the wait. */
async function startedServer() {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    const ready = started.find((s) => s.listening && s.listenerCount('request') > 0);
    if (ready) return ready;
    if (bunSockets.length) return { unix: bunSockets[0] };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return null;
}

const server = createServer((req, res) => {
  const control = req.headers['x-nimbus-control'];
  if (control === 'ping') return void res.end('pong');
  if (control === 'drain') return void Promise.allSettled([...pending]).then(() => res.end('drained'));
  const id = String(req.headers['x-nimbus-request-id'] ?? '');
  const context = { waitUntil, headers: req.headers, url: req.url };
  storage.run({ id, context }, () => handle(req, res));
});
// The host keeps connections open between requests; a short timeout would make it reconnect.
server.keepAliveTimeout = 10 * 60_000;
server.headersTimeout = 0;
server.requestTimeout = 0;

async function handle(req, res) {
  try {
    if (handler.web) await callWeb(handler.web, req, res);
    else {
      if (config.shouldAddHelpers && !handler.server) await addHelpers(req, res);
      await handler.node(req, res);
    }
  } catch (err) {
    if (err?.statusCode && err.isHelperError && !res.headersSent)
      return void res.writeHead(err.statusCode).end(err.message);
    console.error(err);
    // The host turns this into its error page with the request id; the status alone would not tell it apart.
    if (!res.headersSent) res.writeHead(500, { 'x-nimbus-error': 'FUNCTION_INVOCATION_FAILED' }).end();
    else res.destroy(err);
  }
}

/** A `fetch` event for the registered listener: resolves with what it passes to `respondWith`. */
function respondWithListener(request) {
  return new Promise((resolve, reject) => {
    const event = {
      request,
      respondWith: (answer) => Promise.resolve(answer).then(resolve, reject),
      waitUntil,
      passThroughOnException() {},
    };
    try {
      fetchListeners[0](event);
    } catch (err) {
      reject(err);
    }
  });
}

async function callWeb(select, req, res) {
  const fn = select(req.method);
  if (!fn) return void res.writeHead(405, { allow: METHODS.filter((m) => select(m)).join(', ') }).end();
  const proto = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const aborted = new AbortController();
  res.once('close', () => res.writableFinished || aborted.abort());
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(new URL(req.url, `${proto}://${req.headers.host ?? 'localhost'}`), {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : null,
    duplex: 'half',
    signal: aborted.signal,
  });
  const response = await fn(request, { waitUntil });
  // Duck-typed: a framework may answer with its own Response class.
  if (!response || typeof response.status !== 'number' || typeof response.headers?.forEach !== 'function')
    throw new Error(`The ${req.method} handler did not return a Response.`);
  const out = [];
  for (const [name, value] of response.headers) if (name !== 'set-cookie') out.push(name, value);
  for (const cookie of response.headers.getSetCookie?.() ?? []) out.push('set-cookie', cookie);
  res.writeHead(response.status, response.statusText, out);
  // Headers go out at once so a streamed body's first chunk is not held back waiting for the second.
  res.flushHeaders();
  if (!response.body) return void res.end();
  await pipeline(Readable.fromWeb(response.body), res);
}

/** An error of a helper that answers the request itself (Vercel's ApiError), such as a 400 for bad JSON. */
function helperError(statusCode, message) {
  return Object.assign(new Error(message), { statusCode, isHelperError: true });
}

function lazy(object, name, compute) {
  Object.defineProperty(object, name, {
    configurable: true,
    enumerable: true,
    get() {
      const value = compute();
      Object.defineProperty(object, name, { value, configurable: true, enumerable: true, writable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(object, name, { value, configurable: true, enumerable: true, writable: true });
    },
  });
}

function parseCookies(header) {
  const cookies = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name && !(name in cookies))
      try {
        cookies[name] = decodeURIComponent(value);
      } catch {
        cookies[name] = value;
      }
  }
  return cookies;
}

/** Vercel's body rules: parsed by content type on first read, undefined for types it does not know. */
function parseBody(body, contentType) {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  if (type === 'application/json') {
    try {
      return body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      throw helperError(400, 'Invalid JSON');
    }
  }
  if (type === 'application/octet-stream') return body;
  if (type === 'application/x-www-form-urlencoded') return parseQuery(body.toString('utf8'));
  if (type === 'text/plain') return body.toString('utf8');
  return undefined;
}

async function addHelpers(req, res) {
  lazy(req, 'query', () => parseQuery(new URL(req.url, 'http://localhost').search.slice(1)));
  lazy(req, 'cookies', () => parseCookies(req.headers.cookie));
  const contentType = req.headers['content-type'];
  const chunks = [];
  if (contentType !== undefined) for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  lazy(req, 'body', () => parseBody(body, contentType));
  res.status = (code) => {
    res.statusCode = code;
    return res;
  };
  res.send = (value) => send(req, res, value);
  res.json = (value) => {
    if (!res.getHeader('content-type')) res.setHeader('content-type', 'application/json; charset=utf-8');
    return send(req, res, JSON.stringify(value));
  };
  res.redirect = (statusOrUrl, url) => {
    const [status, location] = typeof statusOrUrl === 'string' ? [307, statusOrUrl] : [statusOrUrl, url];
    if (typeof status !== 'number' || typeof location !== 'string')
      throw new Error(
        `Invalid redirect arguments. Please use a single argument URL, e.g. res.redirect('/destination') or use a status code and URL, e.g. res.redirect(307, '/destination').`,
      );
    res.writeHead(status, { location }).end();
    return res;
  };
}

function send(req, res, value) {
  let chunk = value;
  if (Buffer.isBuffer(value)) {
    if (!res.getHeader('content-type')) res.setHeader('content-type', 'application/octet-stream');
  } else if (value instanceof Readable) {
    if (!res.getHeader('content-type')) res.setHeader('content-type', 'application/octet-stream');
    value.pipe(res);
    return res;
  } else if (typeof value === 'object' && value !== null) {
    return res.json(value);
  } else if (typeof value === 'string') {
    if (!res.getHeader('content-type')) res.setHeader('content-type', 'text/html; charset=utf-8');
  } else chunk = value === undefined || value === null ? '' : String(value);
  const bytes = Buffer.from(chunk);
  if (res.statusCode === 204 || res.statusCode === 304) {
    for (const name of ['content-type', 'content-length', 'transfer-encoding']) res.removeHeader(name);
    return (res.end(), res);
  }
  res.setHeader('content-length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
  return res;
}

rmSync(socketPath, { force: true });
server.listen(socketPath, () => emit({ t: 'ready' }));
