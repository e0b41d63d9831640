// Serves Build Output API v3 deployments: the router (router.ts) decides what answers, and this
// file answers it. Static files go through the same plans, caches and compression as classic
// deployments; functions run in sandboxed runners (../../functions), never in this process;
// prerenders come from the shared ISR cache (prerender.ts); function answers with a cache time go
// through the edge cache (edge-cache.ts); `/_next/image` and `/_vercel/image` go to the image optimiser. Everything per deployment (files, functions, compiled routes, runtime
// variables) is loaded once and kept: a READY deployment never changes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { BuildOutputConfig, FunctionConfig, PrerenderConfig } from '@nimbus/core';
import { describeError, isBuildInternal, servedPath } from '@nimbus/core';
import {
  type Cipher,
  type Db,
  type ServedDeployment,
  type StoredFunction,
  type StoredPrerender,
  servedBuildOutput,
  servedFiles,
  teamPlan,
  teamSandboxUid,
} from '@nimbus/db';
import { functionDir } from '../../functions/materialize';
import type { FunctionPool, FunctionRef, FunctionRequest, FunctionResponse } from '../../functions/pool';
import type { FileStore } from '../../store/types';
import type { Meter } from '../../usage/meter';
import type { BodyCache } from '../bodies';
import { singleFlight } from '../cache';
import { hostnameOf } from '../hosts';
import { type FilePlan, filePlan } from '../plan';
import type { OutputEntry } from '../resolve';
import { escapeHtml, NOT_FOUND_MESSAGE, NOT_FOUND_TITLE, page, pages, sendStatic } from '../responses';
import { sendPlan } from '../send';
import { bypassReason, cachePolicy, clientHeaders } from './cdn-cache-control';
import { type CacheState, createEdgeCache, type Rendered } from './edge-cache';
import { answerHeaders, bodyOf, forwardedHeaders, MAX_FUNCTION_BODY, pathOnly, writeFunction } from './function-http';
import { createImageOptimizer, IMAGE_PATHS } from './images';
import { createPrerenderCache, prerenderKey } from './prerender';
import { type CompiledRoutes, compileRoutes, type MiddlewareResponse, type RouteResult, routeRequest } from './router';

/** Who a function request belongs to, for its runtime log. */
export interface FunctionOwner {
  deploymentId: string;
  projectId: string;
  teamId: string;
  functionPath: string;
}

export interface BuildOutputServerOptions {
  db: Db;
  store: FileStore;
  cipher: Cipher;
  bodies: BodyCache;
  pool: FunctionPool;
  /** Where functions are written out for runners (one folder per bundle). */
  functionsDir: string;
  deployDomain: string;
  fail(res: ServerResponse, err: unknown): void;
  /** Counts image transformations (a cached answer is not one). */
  meter?: Meter;
}

interface BuildOutputManifest {
  deployment: ServedDeployment;
  config: BuildOutputConfig;
  files: Map<string, OutputEntry>;
  contentTypes: Map<string, string>;
  functions: Map<string, StoredFunction>;
  prerenders: Map<string, StoredPrerender>;
  routes: CompiledRoutes | Error;
  env: Record<string, string>;
  refs: Map<string, Promise<FunctionRef | null>>;
  /**
   * URL → where routing sent it, when routing reads only the URL (`routes.urlOnly`): a static file's
   * plan, or the function or prerender route result.
   */
  routed: Map<string, FilePlan | Extract<RouteResult<Readable>, { kind: 'function' | 'prerender' }>>;
}

/** URLs whose routing one deployment keeps (a crawler's made-up URLs stop adding past it). */
const MAX_ROUTED = 10_000;

export function createBuildOutputServer(options: BuildOutputServerOptions) {
  const { db, store, pool } = options;
  const images = createImageOptimizer(store);
  const prerenders = createPrerenderCache({ db, store });
  const edgeCache = createEdgeCache({ db, store });
  /** Pool keys → the deployment and function they run, for runtime logs. */
  const owners = new Map<string, FunctionOwner>();

  const manifests = singleFlight<string, BuildOutputManifest, ServedDeployment>({
    limit: { max: 200 },
    async load(_id, deployment) {
      const [rows, output] = await Promise.all([servedFiles(db, deployment.id), servedBuildOutput(db, deployment.id)]);
      const env = runtimeEnv(deployment);
      const config = deployment.buildOutput!;
      const contentTypes = new Map<string, string>();
      for (const [file, o] of Object.entries(config.overrides ?? {}))
        if (o.contentType) contentTypes.set(servedPath(file, o), o.contentType);
      let routes: CompiledRoutes | Error;
      try {
        routes = compileRoutes(config.routes ?? []);
      } catch (err) {
        routes = err as Error;
      }
      return {
        deployment,
        config,
        files: new Map(rows.filter((r) => !isBuildInternal(r.path)).map((r) => [r.path, { sha: r.sha, size: r.size }])),
        contentTypes,
        functions: new Map(output.functions.map((f) => [f.path, f])),
        prerenders: new Map(output.prerenders.map((p) => [p.path, p])),
        routes,
        env,
        refs: new Map(),
        routed: new Map(),
      };
    },
  });

  /**
   * The variables a function of this deployment sees: those fixed and sealed when it went READY (its
   * target's or custom environment's, then `-e` values; run-build.ts), and the platform's.
   */
  function runtimeEnv(d: ServedDeployment): Record<string, string> {
    const own = Object.fromEntries(
      Object.entries(d.runtimeEnv ?? {}).map(([k, v]) => [k, options.cipher.decrypt(v)] as const),
    );
    const url = `${d.host}.${options.deployDomain}`;
    return {
      ...own,
      NODE_ENV: 'production',
      NIMBUS: '1',
      VERCEL: '1',
      NIMBUS_ENV: d.target,
      VERCEL_ENV: d.target,
      NIMBUS_URL: url,
      VERCEL_URL: url,
      VERCEL_REGION: 'nmb1',
      VERCEL_DEPLOYMENT_ID: d.id,
    };
  }

  /** A function's runner reference, made once per deployment and name: a warm request costs no file system call. */
  function functionRef(m: BuildOutputManifest, path: string): Promise<FunctionRef | null> {
    let ref = m.refs.get(path);
    if (!ref) {
      ref = makeRef(m, path);
      // A failed write-out is tried again by the next request.
      ref.catch(() => m.refs.delete(path));
      m.refs.set(path, ref);
    }
    return ref;
  }

  async function makeRef(m: BuildOutputManifest, path: string): Promise<FunctionRef | null> {
    const fn = m.functions.get(path);
    if (!fn) return null;
    const [dir, plan, sandboxUid] = await Promise.all([
      functionDir(store, options.functionsDir, fn),
      // The plan caps the memory a function asks for (pool.ts); read once per function of a loaded deployment.
      teamPlan(db, m.deployment.teamId),
      // The runners run as the team's own host uid.
      teamSandboxUid(db, m.deployment.teamId),
    ]);
    const key = `${m.deployment.id}:${fn.bundle}`;
    if (!owners.has(key))
      owners.set(key, {
        deploymentId: m.deployment.id,
        projectId: m.deployment.projectId,
        teamId: m.deployment.teamId,
        functionPath: path,
      });
    return { key, dir, config: fn.config as FunctionConfig, env: m.env, plan, sandboxUid };
  }

  /** Runs function `path`; a deployment that lists a route to a missing function answers 404. */
  async function invoke(
    m: BuildOutputManifest,
    path: string,
    request: FunctionRequest,
  ): Promise<FunctionResponse | null> {
    const ref = await functionRef(m, path);
    return ref ? pool.invoke(ref, request) : null;
  }

  async function answer(m: BuildOutputManifest, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    if (m.config.images && IMAGE_PATHS.has(pathname) && (req.method === 'GET' || req.method === 'HEAD')) {
      const image = await images.optimize(
        new URLSearchParams(q < 0 ? '' : url.slice(q + 1)),
        req.headers.accept,
        m.config.images,
        m.files,
      );
      if (image.transformed)
        options.meter?.add(m.deployment.teamId, m.deployment.projectId, 'image_transformations', 1);
      res.writeHead(image.status, image.headers.flat());
      return void res.end(image.body);
    }
    if (m.routes instanceof Error) {
      return sendStatic(
        res,
        page(
          500,
          'This deployment cannot route requests',
          `Its config.json routes are invalid: ${escapeHtml(m.routes.message)}`,
        ),
      );
    }
    const declared = Number(req.headers['content-length']);
    if (declared > MAX_FUNCTION_BODY)
      return sendStatic(
        res,
        page(
          413,
          'Request body too large',
          'Functions take request bodies of at most 4.5 MB. Send less, or upload it elsewhere.',
        ),
      );

    // A URL routed before needs no routing again: routing that reads only the URL gives the same answer.
    const urlOnly = !(m.routes instanceof Error) && m.routes.urlOnly;
    const known = urlOnly ? m.routed.get(url) : undefined;
    if (known?.kind === 'file') return sendPlan(known, req, res, options.bodies, store, options.fail);
    if (known) return respond(m, known, req, res);

    const middlewareBodies: Readable[] = [];
    const result = await routeRequest<Readable>(
      m.routes,
      { method: req.method ?? 'GET', url, host: hostnameOf(req.headers.host ?? ''), headers: req.headers },
      {
        view: {
          hasStatic: (p) => m.files.has(p),
          hasFunction: (p) => m.functions.has(p),
          hasPrerender: (p) => m.prerenders.has(p),
        },
        middleware: async (path, request): Promise<MiddlewareResponse<Readable>> => {
          const name = path.replace(/^\/+/, '');
          const response = await invoke(m, name, {
            method: request.method,
            url: request.url,
            headers: { ...forwardedHeaders(req, request.headers), 'x-matched-path': `/${name}` },
            body: null,
          });
          if (!response) return { status: 200, headers: [['x-middleware-next', '1']] };
          middlewareBodies.push(response.body);
          return { status: response.status, headers: response.headers, body: response.body };
        },
      },
    );
    const used = result.kind === 'response' ? result.body : undefined;
    // Read to the end, not destroyed: a middleware that answered in full did not fail.
    for (const body of middlewareBodies) if (body !== used) body.resume();
    if (urlOnly && result.kind === 'static') {
      const plan = staticPlan(m, result);
      if (m.routed.size < MAX_ROUTED) m.routed.set(url, plan);
      return sendPlan(plan, req, res, options.bodies, store, options.fail);
    }
    if (urlOnly && (result.kind === 'function' || result.kind === 'prerender') && m.routed.size < MAX_ROUTED)
      m.routed.set(url, result);
    await respond(m, result, req, res);
  }

  function staticPlan(m: BuildOutputManifest, result: Extract<RouteResult, { kind: 'static' }>): FilePlan {
    const contentType = result.contentType ?? m.contentTypes.get(result.path);
    const entry = m.files.get(result.path)!;
    return filePlan(result.path, entry, result.status, result.headers, options.bodies.limits.maxFileBytes, contentType);
  }

  async function respond(
    m: BuildOutputManifest,
    result: RouteResult<Readable>,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    switch (result.kind) {
      case 'static':
        return sendPlan(staticPlan(m, result), req, res, options.bodies, store, options.fail);
      case 'redirect': {
        res.writeHead(result.status, [...result.headers, ['location', result.location]].flat());
        return void res.end();
      }
      case 'response': {
        res.writeHead(result.status, result.headers.flat());
        if (!result.body || req.method === 'HEAD') {
          result.body?.destroy();
          return void res.end();
        }
        result.body.pipe(res);
        return;
      }
      case 'status': {
        if (result.status === 404) {
          const notFound = result.headers.length
            ? page(404, NOT_FOUND_TITLE, NOT_FOUND_MESSAGE, result.headers)
            : pages.notFound;
          return sendStatic(res, notFound);
        }
        return sendStatic(
          res,
          page(
            result.status,
            `${result.status}: the request could not be answered`,
            escapeHtml(result.message ?? "The deployment's routes ended the request with this status."),
            result.headers,
          ),
        );
      }
      case 'proxy':
        return sendStatic(
          res,
          page(
            502,
            'External rewrites are not served',
            `This deployment rewrites the request to another origin (${escapeHtml(result.url)}). Nimbus serves a deployment's own files and functions only.`,
          ),
        );
      case 'prerender': {
        const stored = m.prerenders.get(result.path)!;
        if (req.method !== 'GET' && req.method !== 'HEAD') return runFunction(m, result, req, res);
        const config = stored.config as PrerenderConfig;
        const query = new URLSearchParams(result.query);
        const key = prerenderKey(result.path, query, config);
        const token = req.headers['x-prerender-revalidate'];
        const served = await prerenders.serve({
          deploymentId: m.deployment.id,
          teamId: m.deployment.teamId,
          builtAt: m.deployment.readyAt ?? new Date(0),
          prerender: {
            path: result.path,
            config,
            fallback: stored.fallback ? { ...stored.fallback, contentType: stored.contentType } : null,
          },
          key,
          revalidateToken: typeof token === 'string' ? token : undefined,
          render: async () => {
            const search =
              config.allowQuery === undefined
                ? result.query
                : new URLSearchParams([...query].filter(([n]) => config.allowQuery!.includes(n))).toString();
            const response = await invoke(m, result.path, {
              method: 'GET',
              url: `${result.functionPath ?? pathOnly(req.url)}${search ? `?${search}` : ''}`,
              headers: {
                ...forwardedHeaders(req, result.requestHeaders ?? req.headers),
                'x-matched-path': result.matchedPath,
                ...(config.bypassToken ? { 'x-prerender-revalidate': config.bypassToken } : {}),
              },
              body: null,
            });
            if (!response) throw new Error(`the function of prerender /${result.path} is missing`);
            return response;
          },
        });
        const headers = answerHeaders(result.headers, result.important, served.headers);
        headers.set('x-vercel-cache', served.cache);
        headers.set('cache-control', 'public, max-age=0, must-revalidate');
        headers.set('content-length', String(served.body.length));
        res.writeHead(result.status ?? served.status, Object.fromEntries(headers));
        return void res.end(req.method === 'HEAD' ? undefined : served.body);
      }
      case 'function':
        return runCachedFunction(m, result, req, res);
    }
  }

  /**
   * A function request through the edge cache: a fresh entry answers (HIT), a stale one answers and is
   * refreshed in the background (STALE), else the function runs and its answer streams to the client
   * (MISS) while the cache keeps a copy if its headers allow. Requests the cache never serves (POST,
   * Authorization, draft mode...) say BYPASS. The key is the path and query the function is called with
   * (after routes and middleware), whatever the host; entries belong to this deployment only.
   */
  async function runCachedFunction(
    m: BuildOutputManifest,
    result: Extract<RouteResult<Readable>, { kind: 'function' | 'prerender' }>,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const url = `${result.functionPath ?? pathOnly(req.url)}${result.query ? `?${result.query}` : ''}`;
    const headers = {
      ...forwardedHeaders(req, result.requestHeaders ?? req.headers),
      'x-matched-path': result.matchedPath,
    };
    const render = async (asked: string): Promise<(Rendered & { requestId: string }) | null> => {
      const response = await invoke(m, result.path, { method: asked, url, headers, body: bodyOf(req) });
      if (!response) return null;
      const merged = answerHeaders(result.headers, result.important, response.headers);
      return {
        status: result.status ?? response.status,
        headers: merged,
        body: response.body,
        requestId: response.requestId,
      };
    };
    const bypass = bypassReason(method, req.headers, result.query ?? '');
    const target = {
      deploymentId: m.deployment.id,
      projectId: m.deployment.projectId,
      teamId: m.deployment.teamId,
      key: url,
      request: req.headers,
    };
    const found = bypass ? null : await edgeCache.find(target.deploymentId, url, req.headers);
    if (found?.serve) {
      if (found.serve === 'STALE') edgeCache.refresh(target, found.entry, () => render('GET'));
      return sendEntry(req, res, found.entry, found.serve);
    }
    let rendered: Awaited<ReturnType<typeof render>>;
    try {
      rendered = await render(method);
    } catch (err) {
      if (found?.ifError) return sendEntry(req, res, found.entry, 'STALE');
      throw err;
    }
    if (!rendered) return sendStatic(res, pages.notFound);
    if (rendered.status >= 500 && found?.ifError) {
      rendered.body.destroy();
      return sendEntry(req, res, found.entry, 'STALE');
    }
    if (bypass) clientHeaders(rendered.headers, cachePolicy(rendered.status, rendered.headers));
    else edgeCache.passThrough(target, rendered);
    const out = rendered.headers;
    out.set('x-vercel-cache', bypass ? 'BYPASS' : 'MISS');
    out.set('x-nimbus-id', rendered.requestId);
    res.writeHead(rendered.status, Object.fromEntries(out));
    const body = rendered.body;
    if (method === 'HEAD') {
      body.destroy();
      return void res.end();
    }
    body.on('error', () => res.destroy());
    res.on('close', () => body.destroy());
    body.pipe(res);
  }

  /** Answers from a cache entry, with its age in seconds. */
  async function sendEntry(
    req: IncomingMessage,
    res: ServerResponse,
    entry: Parameters<typeof edgeCache.body>[0],
    state: CacheState,
  ): Promise<void> {
    const body = await edgeCache.body(entry);
    const age = Math.max(0, Math.floor((Date.now() - entry.storedAt.getTime()) / 1000));
    const headers: [string, string][] = [
      ...entry.headers,
      ['x-vercel-cache', state],
      ['age', String(age)],
      ['content-length', String(body.length)],
    ];
    res.writeHead(entry.status, headers.flat());
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function runFunction(
    m: BuildOutputManifest,
    result: Extract<RouteResult<Readable>, { kind: 'function' | 'prerender' }>,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const response = await invoke(m, result.path, {
      method: req.method ?? 'GET',
      url: `${result.functionPath ?? pathOnly(req.url)}${result.query ? `?${result.query}` : ''}`,
      headers: { ...forwardedHeaders(req, result.requestHeaders ?? req.headers), 'x-matched-path': result.matchedPath },
      body: bodyOf(req),
    });
    if (!response) return sendStatic(res, pages.notFound);
    writeFunction(res, req, response, result.headers, result.important, result.status);
  }

  return {
    /** Pool key → who a function request belongs to (runtime logs). */
    ownerOf: (key: string) => owners.get(key),
    /** The static plan `url` was routed to before, when its deployment is loaded (the fast lane's). */
    knownPlan(deployment: ServedDeployment, url: string): FilePlan | null {
      const m = manifests.get(deployment.id, deployment);
      const known = m instanceof Promise ? undefined : m.routed.get(url);
      return known?.kind === 'file' ? known : null;
    },
    handle(deployment: ServedDeployment, req: IncomingMessage, res: ServerResponse): void {
      const m = manifests.get(deployment.id, deployment);
      const go = (manifest: BuildOutputManifest) =>
        answer(manifest, req, res).catch((err: unknown) => {
          console.error(`[edge] could not answer ${req.method} ${pathOnly(req.url)}: ${describeError(err)}`);
          options.fail(res, err);
        });
      if (m instanceof Promise) m.then(go, (err: unknown) => options.fail(res, err));
      else void go(m);
    },
  };
}

export type BuildOutputServer = ReturnType<typeof createBuildOutputServer>;
