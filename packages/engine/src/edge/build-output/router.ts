// The Build Output API router: which part of a deployment answers a request, from config.json
// `routes`, with Vercel's semantics. Pure: no HTTP, no files; the edge hands in a view of the
// deployment and, for middleware, a function that runs it. Written here because Vercel's own
// router is not published; the phase order follows what the `vercel` CLI and @vercel/next write
// and document in the route tables they emit:
//
//   none ─▶ filesystem? ─hit─▶ hit routes ─▶ answer
//             │ miss
//             ▼
//           miss routes (undone unless they resolve) ─▶ routes after `handle: filesystem`
//           ─▶ `rewrite` routes ─▶ `resource` routes ─▶ 404 ─▶ `error` routes
//
// - A route that does not `continue` ends its phase; the path it leaves is looked up next. One
//   with a status of 400 or more and no destination ends routing with that status, for the
//   `error` routes of that status to name a page (Next's `resource` 404, the CLI's `/api` 404).
// - A destination's query parameters replace the request's of the same name (as Next.js merges).
// - `check`: the destination must resolve (filesystem, then `miss`, then `rewrite` routes, as
//   Next.js checks after each afterFiles rewrite); if not, the next routes see the new path, and a
//   route with a `status` ends routing with it.
// - Headers: a later route replaces an earlier value (set-cookie adds), except in the `hit` and
//   `miss` phases, which only fill gaps unless the route has `override`. `important` headers must
//   win over what a function answers.
// - A 3xx status with a Location header redirects (with `continue`, later routes of the phase may
//   still add headers); an http(s) destination is an external rewrite (`proxy`).
// - Middleware runs where its route matches (middleware.ts reads its answer); a middleware
//   rewrite moves the request on within the same phase.
// Rewrite cycles (a `check` route in the `rewrite` phase pointing back) end with 508 after
// MAX_CHECKS filesystem checks.

import type { HeaderList } from '../responses';
import type { CompiledRoute, CompiledRoutes, Group } from './compile';
import { type DeploymentView, lookup, type Target } from './filesystem';
import { type MiddlewareResponse, readMiddleware } from './middleware';
import { normalizePath, RequestState, type RouterRequest, routedPath } from './request-state';
import { fill, type Params } from './template';
import { applyTransforms } from './transforms';

export type { CompiledRoutes } from './compile';
export { compileRoutes, RoutesConfigError } from './compile';
export type { DeploymentView } from './filesystem';
export type { MiddlewareResponse } from './middleware';
export type { RouterRequest } from './request-state';

/** What middleware receives: the request as the client sent it, with the headers it now has. */
export interface MiddlewareRequest {
  method: string;
  url: string;
  host: string;
  headers: Record<string, string>;
}

export interface RouteOptions<B> {
  view: DeploymentView;
  /** Runs the middleware function `path` (e.g. `_middleware`) and returns its answer. */
  middleware?: (path: string, request: MiddlewareRequest) => Promise<MiddlewareResponse<B>>;
}

/** For functions, prerenders and proxies: route headers a function's own may replace, and those it may not. */
interface Forwarded {
  headers: HeaderList;
  /** Names in `headers` that win over the function's answer. */
  important: string[];
  /** The complete request headers to send on, when middleware or a transform changed them. */
  requestHeaders?: Record<string, string>;
  /** The path to send on instead of the one requested, from a `request.path` transform. */
  functionPath?: string;
}

export type RouteResult<B = unknown> =
  | { kind: 'static'; path: string; status: number; headers: HeaderList; contentType?: string }
  | ({ kind: 'function' | 'prerender'; path: string; status?: number; query: string; matchedPath: string } & Forwarded)
  | { kind: 'redirect'; status: number; location: string; headers: HeaderList }
  | ({ kind: 'proxy'; url: string } & Forwarded)
  | { kind: 'response'; status: number; headers: HeaderList; body?: B }
  | { kind: 'status'; status: number; headers: HeaderList; code?: string; message?: string };

type Outcome<B> = { final: RouteResult<B> } | { found: Target } | { stop: number } | 'end' | 'through';

const MAX_CHECKS = 32;

export async function routeRequest<B = unknown>(
  routes: CompiledRoutes,
  request: RouterRequest,
  options: RouteOptions<B>,
): Promise<RouteResult<B>> {
  const q = request.url.indexOf('?');
  const pathname = routedPath(q < 0 ? request.url : request.url.slice(0, q));
  if (!request.url.startsWith('/') || pathname === null)
    return failure(400, 'bad_path', 'The request path is not valid percent-encoded UTF-8. Fix the link.');
  return new Router(routes, new RequestState(request, pathname, q < 0 ? '' : request.url.slice(q + 1)), options).run();
}

class Router<B> {
  private checks = 0;
  private lookedUp: string | undefined;

  constructor(
    private readonly routes: CompiledRoutes,
    private readonly st: RequestState,
    private readonly options: RouteOptions<B>,
  ) {}

  async run(): Promise<RouteResult<B>> {
    let outcome = await this.phase('none');
    for (const next of ['miss', 'filesystem', 'rewrite', 'resource', 'error'] as const) {
      if (typeof outcome !== 'object' && this.lookedUp !== this.st.path) outcome = this.fs() ?? outcome;
      if (typeof outcome === 'object') {
        if ('final' in outcome) return outcome.final;
        if ('stop' in outcome) return this.error(outcome.stop);
        return this.hit(outcome.found);
      }
      if (next === 'error') break;
      outcome = next === 'miss' ? await this.miss() : await this.phase(next);
    }
    return this.error(this.st.status && this.st.status >= 400 ? this.st.status : 404);
  }

  /** One filesystem check at the current path, counted against the loop bound. */
  private fs(): { found: Target } | { final: RouteResult<B> } | null {
    if (++this.checks > MAX_CHECKS) {
      const message = 'The deployment routes rewrite this path in a loop. Fix the routes in config.json.';
      return { final: failure(508, 'route_loop', message) };
    }
    this.lookedUp = this.st.path;
    const found = lookup(this.routes, this.options.view, this.st.path, this.st.rewritten);
    return found && { found };
  }

  /** A `check` destination: the filesystem, then the `miss` and `rewrite` phases at that path. */
  private async resolveChecked(): Promise<Outcome<B> | null> {
    const found = this.fs();
    if (found) return found;
    const missed = await this.miss();
    if (typeof missed === 'object') return missed;
    const rewritten = await this.phase('rewrite');
    if (typeof rewritten === 'object') return rewritten;
    return rewritten === 'end' && this.lookedUp !== this.st.path ? this.fs() : null;
  }

  /** `miss` routes try alternatives for a path the filesystem lacks; what they change is undone unless one resolves. */
  private async miss(): Promise<Outcome<B>> {
    if (!this.routes.groups.miss.length) return 'through';
    const restore = this.st.snapshot();
    const lookedUp = this.lookedUp;
    const outcome = await this.phase('miss');
    if (typeof outcome === 'object') return outcome;
    restore();
    this.lookedUp = lookedUp;
    return 'through';
  }

  private async phase(group: Group): Promise<Outcome<B>> {
    const st = this.st;
    let redirecting = false;
    for (const r of this.routes.groups[group]) {
      const matched = this.match(r);
      if (!matched) continue;
      const [m, params] = matched;
      if (redirecting) {
        this.applyHeaders(r, m, params, group);
        continue;
      }
      if (r.middleware) {
        const done = await this.runMiddleware(r.middleware);
        if (done) return done;
      }
      this.applyHeaders(r, m, params, group);
      if (r.transforms) applyTransforms(st, r.transforms, m, params);
      if (r.status !== undefined) st.status = r.status;
      if (st.status !== undefined && st.status >= 300 && st.status < 400 && st.headers?.has('location')) {
        if (!r.continue) return { final: this.redirect() };
        redirecting = true;
        continue;
      }
      if (r.dest) {
        const proxy = this.applyDest(r, m, params);
        if (proxy) return proxy;
        if (r.check) {
          const resolved = group === 'miss' ? this.fs() : await this.resolveChecked();
          if (resolved) return resolved;
          if (r.status !== undefined) return { stop: r.status };
          continue;
        }
      } else if (!r.continue && r.status !== undefined && r.status >= 400) return { stop: r.status };
      if (!r.continue) return 'end';
    }
    return redirecting ? { final: this.redirect() } : 'through';
  }

  private match(r: CompiledRoute): [RegExpExecArray, Params] | null {
    if (r.methods && !r.methods.has(this.st.request.method.toUpperCase())) return null;
    const m = r.re.exec(this.st.path);
    if (!m) return null;
    let params: Params;
    for (const c of r.has ?? []) {
      const groups = this.st.condition(c);
      if (!groups) return null;
      params = params ? Object.assign(params, groups) : { ...groups };
    }
    for (const c of r.missing ?? []) if (this.st.condition(c)) return null;
    return [m, params];
  }

  private applyHeaders(r: CompiledRoute, m: RegExpExecArray, params: Params, group: Group): void {
    if (!r.headers) return;
    const keep = (group === 'hit' || group === 'miss') && !r.override;
    // A value filled from the (decoded) path may hold characters a header cannot carry.
    for (const [name, value] of r.headers)
      this.st.setHeader(
        name,
        fill(value, m, params).replace(/[^\t\x20-\x7e]+/g, encodeURIComponent),
        r.important,
        keep,
      );
  }

  /** Moves the request to the route's destination; an external one ends routing as a proxy. */
  private applyDest(r: CompiledRoute, m: RegExpExecArray, params: Params): { final: RouteResult<B> } | null {
    const dest = r.dest!;
    const query = dest.query.map(([k, v]) => [fill(k, m, params), fill(v, m, params)] as [string, string]);
    if (query.length) this.st.mergeQuery(query);
    if (dest.external) {
      const base = fill(dest.path, m, params, (s) => s.split('/').map(encodeURIComponent).join('/'));
      const search = this.st.query();
      return { final: { kind: 'proxy', url: search ? `${base}?${search}` : base, ...this.forwarded() } };
    }
    // Filled from the decoded path, so normalised but not decoded again.
    this.st.path = normalizePath(fill(dest.path, m, params));
    return null;
  }

  private async runMiddleware(name: string): Promise<Outcome<B> | null> {
    const { middleware, view } = this.options;
    if (!middleware || !view.hasFunction(name))
      return {
        final: failure(500, 'middleware_missing', `The middleware function "${name}" is not in this deployment.`),
      };
    const st = this.st;
    const { method, url, host } = st.request;
    let answer: MiddlewareResponse<B>;
    try {
      answer = await middleware(name, { method, url, host, headers: { ...st.currentHeaders() } });
    } catch (e) {
      return { final: failure(500, 'middleware_failed', `The middleware failed: ${(e as Error).message}`) };
    }
    const read = readMiddleware(answer, st.currentHeaders());
    if (read.kind === 'respond') {
      const { status, headers, body } = read;
      return {
        final: {
          kind: 'response',
          status,
          headers: [...st.headerList(), ...headers],
          ...(body !== undefined ? { body } : {}),
        },
      };
    }
    if (read.kind === 'redirect') return { final: { ...read, headers: [...st.headerList(), ...read.headers] } };
    for (const [n, v] of read.headers) st.setHeader(n, v, false, false);
    if (read.requestHeaders) st.replaceRequestHeaders(read.requestHeaders);
    if (!read.rewrite) return null;
    let target: URL;
    try {
      target = new URL(read.rewrite, `http://${host}`);
    } catch {
      return { final: failure(500, 'middleware_failed', `The middleware rewrote to an invalid URL: ${read.rewrite}`) };
    }
    if (target.hostname !== host) return { final: { kind: 'proxy', url: target.href, ...this.forwarded() } };
    const path = routedPath(target.pathname);
    if (path === null)
      return { final: failure(400, 'bad_path', `The middleware rewrote to an invalid path: ${read.rewrite}`) };
    st.path = path;
    st.replaceQuery(target.search);
    return null;
  }

  /** The `hit` phase adds its headers to whatever was found, then the answer is built. */
  private hit(target: Target): RouteResult<B> {
    const st = this.st;
    for (const r of this.routes.groups.hit) {
      const matched = this.match(r);
      if (matched) this.applyHeaders(r, matched[0], matched[1], 'hit');
    }
    if (target.kind === 'static')
      return {
        kind: 'static',
        path: target.path,
        status: st.status ?? 200,
        headers: st.headerList(),
        ...(target.contentType ? { contentType: target.contentType } : {}),
      };
    const matchedPath = st.headers?.get('x-matched-path');
    return {
      kind: target.kind,
      path: target.path,
      ...(st.status !== undefined ? { status: st.status } : {}),
      query: st.query(),
      matchedPath: typeof matchedPath === 'string' ? matchedPath : target.path === 'index' ? '/' : `/${target.path}`,
      ...this.forwarded(),
    };
  }

  /** The `error` phase: routes for this status may name a page to answer with. */
  private error(status: number): RouteResult<B> {
    const st = this.st;
    st.status = status;
    for (const r of this.routes.groups.error) {
      if (r.status !== undefined && r.status !== status) continue;
      const matched = this.match(r);
      if (!matched) continue;
      this.applyHeaders(r, matched[0], matched[1], 'error');
      if (r.dest) {
        const proxy = this.applyDest(r, matched[0], matched[1]);
        if (proxy) return proxy.final;
        const found = lookup(this.routes, this.options.view, st.path, st.rewritten);
        if (found) return this.hit(found);
      }
      if (!r.continue) break;
    }
    return { kind: 'status', status, headers: st.headerList() };
  }

  private redirect(): RouteResult<B> {
    const st = this.st;
    const raw = st.headers!.get('location')!;
    st.headers!.delete('location');
    let location = (Array.isArray(raw) ? raw[0]! : raw).replace(/[^\x21-\x7e]+/g, encodeURIComponent);
    // Redirects carry the request's query string along, after the destination's own.
    const q = st.request.url.indexOf('?');
    const search = q < 0 ? '' : st.request.url.slice(q + 1);
    if (search) location += (location.includes('?') ? '&' : '?') + search;
    return { kind: 'redirect', status: st.status!, location, headers: st.headerList() };
  }

  private forwarded(): Forwarded {
    const st = this.st;
    return {
      headers: st.headerList(),
      important: st.important ? [...st.important] : [],
      ...(st.requestHeaders ? { requestHeaders: st.requestHeaders } : {}),
      ...(st.functionPath ? { functionPath: st.functionPath } : {}),
    };
  }
}

function failure<B>(status: number, code: string, message: string): RouteResult<B> {
  return { kind: 'status', status, headers: [], code, message };
}
