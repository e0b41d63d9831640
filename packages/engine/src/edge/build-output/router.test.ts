// The Build Output API router on route tables `vercel build` wrote (fixtures/*.json: the routes,
// the overrides and the files of each build): a static site with cleanUrls, redirects, rewrites,
// headers and has conditions; trailingSlash; legacy `routes` with methods, caseSensitive,
// missing, host and query conditions and every phase; a Next.js 16 app with middleware; and Vercel's
// Bun starter, whose one function takes every path through a rewrite to `/`.

import type { BuildOutputRoute } from '@nimbus/core';
import { describe, expect, it } from 'vitest';
import astroApp from './fixtures/astro-app.json';
import bunApp from './fixtures/bun-app.json';
import cleanUrls from './fixtures/clean-urls.json';
import legacy from './fixtures/legacy-routes.json';
import nextApp from './fixtures/next-app.json';
import trailing from './fixtures/trailing-slash.json';
import {
  compileRoutes,
  type DeploymentView,
  type MiddlewareRequest,
  type MiddlewareResponse,
  type RouteResult,
  RoutesConfigError,
  routeRequest,
} from './router';

interface Fixture {
  routes: unknown[];
  overrides?: Record<string, { path?: string; contentType?: string }>;
  static: string[];
  functions: string[];
  prerenders: string[];
}

interface Ask {
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  middleware?: (path: string, request: MiddlewareRequest) => Promise<MiddlewareResponse<string>>;
}

function deployment(fixture: Fixture) {
  const compiled = compileRoutes(fixture.routes as BuildOutputRoute[], { overrides: fixture.overrides });
  const asked: string[] = [];
  const has = (list: string[]) => {
    const set = new Set(list);
    return (path: string) => (asked.push(path), set.has(path));
  };
  const view: DeploymentView = {
    hasStatic: has(fixture.static),
    hasFunction: has(fixture.functions),
    hasPrerender: has(fixture.prerenders),
  };
  const go = (url: string, ask: Ask = {}): Promise<RouteResult<string>> =>
    routeRequest<string>(
      compiled,
      { method: ask.method ?? 'GET', url, host: ask.host ?? 'site.localhost', headers: ask.headers ?? {} },
      { view, ...(ask.middleware ? { middleware: ask.middleware } : {}) },
    );
  return { go, asked };
}

const header = (result: RouteResult<string>, name: string) =>
  'headers' in result ? result.headers.filter(([n]) => n === name).map(([, v]) => v) : [];

describe('a static site with cleanUrls, redirects, rewrites and headers (clean-urls.json)', () => {
  const { go } = deployment(cleanUrls);

  it('serves files at their clean URLs through config.json overrides, with the header rules', async () => {
    expect(await go('/')).toMatchObject({ kind: 'static', path: 'index.html', status: 200 });
    expect(await go('/about')).toMatchObject({ kind: 'static', path: 'about.html', status: 200 });
    expect(await go('/docs')).toMatchObject({ kind: 'static', path: 'docs/index.html' });
    expect(header(await go('/about'), 'x-frame-options')).toEqual(['DENY']);
  });

  it('redirects .html, index and trailing-slash URLs, keeping the query string', async () => {
    expect(await go('/about.html?ref=x')).toMatchObject({ kind: 'redirect', status: 308, location: '/about?ref=x' });
    expect(await go('/docs/index')).toMatchObject({ kind: 'redirect', location: '/docs' });
    expect(await go('/about/')).toMatchObject({ kind: 'redirect', location: '/about' });
    expect(await go('/api/hello.js')).toMatchObject({ kind: 'redirect', location: '/api/hello' });
  });

  it('fills $1 from the source and $name from a has condition in a redirect', async () => {
    expect(await go('/old/caf%C3%A9')).toMatchObject({ kind: 'redirect', status: 308, location: '/new/caf%C3%A9' });
    expect(await go('/go')).toMatchObject({ status: 307, location: 'https://example.com/landing?ref=nimbus' });
    const beta = await go('/beta', { headers: { cookie: 'other=1; beta=yes' } });
    expect(beta).toMatchObject({ kind: 'redirect', status: 307, location: '/about?flag=yes' });
    expect(await go('/beta', { headers: { cookie: 'beta=no' } })).toMatchObject({ kind: 'static', path: 'index.html' });
  });

  it('rewrites to a function with the destination query merged over the request query', async () => {
    const result = await go('/greet/bob?name=eve&lang=fr');
    expect(result).toMatchObject({ kind: 'function', path: 'api/hello', matchedPath: '/api/hello' });
    expect(new URLSearchParams((result as { query: string }).query)).toEqual(new URLSearchParams('lang=fr&name=bob'));
    expect(header(await go('/api/hello'), 'cache-control')).toEqual(['no-store']);
  });

  it('checks a rewrite destination against the filesystem, and falls back to the SPA page', async () => {
    expect(await go('/docs-alias')).toMatchObject({ kind: 'static', path: 'docs/index.html' });
    expect(await go('/no/such/page')).toMatchObject({ kind: 'static', path: 'index.html', status: 200 });
  });

  it('applies a header condition with a named group, and skips the rewrite without it', async () => {
    const phone = await go('/mobile', { headers: { 'x-device': 'phone' } });
    expect(phone).toMatchObject({ kind: 'function', path: 'api/hello', query: 'device=phone&kind=phone' });
    expect(await go('/mobile', { headers: { 'x-device': 'watch' } })).toMatchObject({ path: 'index.html' });
  });

  it('returns an absolute destination as an external rewrite with the query merged', async () => {
    expect(await go('/proxy/a%20b/c?x=1')).toMatchObject({
      kind: 'proxy',
      url: 'https://upstream.example.com/a%20b/c?x=1',
    });
  });

  it('serves the SPA page for unknown /api paths too: the catch-all rewrite comes first', async () => {
    const result = await go('/api/nope');
    expect(result).toMatchObject({ kind: 'static', path: 'index.html' });
    expect(header(result, 'x-frame-options')).toEqual(['DENY']);
  });
});

describe('trailingSlash: true (trailing-slash.json)', () => {
  const { go } = deployment(trailing);

  it('redirects to the slashed URL and serves files and functions there', async () => {
    expect(await go('/blog')).toMatchObject({ kind: 'redirect', status: 308, location: '/blog/' });
    expect(await go('/about.html/')).toMatchObject({ kind: 'redirect', location: '/about.html' });
    expect(await go('/api/hello/')).toMatchObject({ kind: 'function', path: 'api/hello' });
    const post = await go('/blog/post.html');
    expect(post).toMatchObject({ kind: 'static', path: 'blog/post.html' });
    expect(header(post, 'x-blog')).toEqual(['yes']);
  });

  it('leaves /.well-known alone and resolves a miss through the miss phase', async () => {
    expect(await go('/.well-known/acme')).toMatchObject({ kind: 'status', status: 404 });
    expect(await go('/api/hello.js')).toMatchObject({ kind: 'function', path: 'api/hello' });
    expect(await go('/legacy/x/')).toMatchObject({ kind: 'redirect', status: 301, location: '/blog/x/' });
    expect(await go('/api/nope/')).toMatchObject({ kind: 'status', status: 404 });
  });
});

describe('legacy routes with every phase (legacy-routes.json)', () => {
  const { go, asked } = deployment(legacy);

  it('matches case-insensitively unless caseSensitive, and fills named groups', async () => {
    expect(await go('/OLD-API/a/b')).toMatchObject({ kind: 'function', query: 'via=old&rest=a%2Fb' });
    expect(await go('/Case')).toMatchObject({ kind: 'function', query: 'case=exact' });
    expect(await go('/case')).toMatchObject({ kind: 'static', path: 'gone.html', status: 404 });
  });

  it('honours methods', async () => {
    expect(await go('/only-post', { method: 'POST' })).toMatchObject({ kind: 'function', path: 'api/hello' });
    expect(await go('/only-post')).toMatchObject({ kind: 'static', path: 'gone.html', status: 404 });
  });

  it('reads missing cookies, host and query conditions', async () => {
    expect(await go('/admin/x')).toMatchObject({ kind: 'status', status: 403 });
    expect(await go('/admin/x', { headers: { cookie: 'session=1' } })).toMatchObject({ status: 404 });
    expect(await go('/host-only', { host: 'shop.example.com' })).toMatchObject({ kind: 'function', query: 'sub=shop' });
    expect(await go('/host-only', { host: 'shop.example.org' })).toMatchObject({ path: 'gone.html', status: 404 });
    expect(await go('/search?q=shoes')).toMatchObject({ kind: 'function', query: 'q=shoes&term=shoes' });
    expect(await go('/search?q=SHOES!')).toMatchObject({ path: 'gone.html', status: 404 });
  });

  it('serves a route status with its destination', async () => {
    const gone = await go('/gone-page');
    expect(gone).toMatchObject({ kind: 'static', path: 'gone.html', status: 410 });
    expect(header(gone, 'x-hit')).toEqual(['1']);
  });

  it('adds hit headers only where none is set, unless the route overrides', async () => {
    const index = await go('/index.html');
    expect(header(index, 'x-powered-by')).toEqual(['nimbus']);
    expect(header(index, 'cache-control')).toEqual(['public, max-age=60']);
    const gone = await go('/gone.html');
    expect(header(gone, 'x-powered-by')).toEqual(['hit']);
    expect(header(gone, 'x-hit')).toEqual(['1']);
  });

  it('undoes what miss routes changed when none of them resolves', async () => {
    const result = await go('/assets/logo.png');
    expect(result).toMatchObject({ kind: 'static', path: 'gone.html', status: 404 });
    expect(header(result, 'x-missing-asset')).toEqual([]);
  });

  it('ends a rewrite cycle with 508 instead of looping', async () => {
    asked.length = 0;
    expect(await go('/loop-a')).toMatchObject({ kind: 'status', status: 508, code: 'route_loop' });
    // A few dozen filesystem checks, not thousands: the bound is what ends it.
    expect(asked.length).toBeLessThan(300);
    expect(await go('/spin/x')).toMatchObject({ kind: 'status', status: 508 });
  });
});

describe('a Next.js 16 app (next-app.json)', () => {
  const { go } = deployment(nextApp);
  const never = async (): Promise<MiddlewareResponse<string>> => {
    throw new Error('middleware must not run here');
  };

  it('serves /, the ISR page, the dynamic page and the route handler with x-matched-path', async () => {
    const home = await go('/', { middleware: never });
    expect(home).toMatchObject({ kind: 'prerender', path: 'index', matchedPath: '/' });
    expect(home).toMatchObject({ important: expect.arrayContaining(['x-matched-path']) });
    expect(await go('/isr')).toMatchObject({ kind: 'prerender', path: 'isr', matchedPath: '/isr' });
    expect(await go('/dynamic?a=1')).toMatchObject({ kind: 'function', path: 'dynamic', query: 'a=1' });
    expect(await go('/api/hello')).toMatchObject({ kind: 'function', path: 'api/hello', matchedPath: '/api/hello' });
    expect(await go('/dynamic/')).toMatchObject({ kind: 'redirect', status: 308, location: '/dynamic' });
  });

  it('lets later routes add headers to a continuing redirect, but runs no middleware for it', async () => {
    const result = await go('/rewritten/', { headers: { rsc: '1' }, middleware: never });
    expect(result).toMatchObject({ kind: 'redirect', status: 308, location: '/rewritten' });
    expect(header(result, 'vary')[0]).toContain('next-router-state-tree');
  });

  it('routes RSC and segment prefetch requests to their outputs', async () => {
    const rsc = await go('/dynamic', { headers: { rsc: '1' } });
    expect(rsc).toMatchObject({ kind: 'function', path: 'dynamic.rsc' });
    expect(header(rsc, 'vary')[0]).toContain('next-router-state-tree');
    expect(await go('/', { headers: { rsc: '1' } })).toMatchObject({ kind: 'prerender', path: 'index.rsc' });
    const segment = await go('/isr', {
      headers: { rsc: '1', 'next-router-prefetch': '1', 'next-router-segment-prefetch': '/_tree' },
    });
    expect(segment).toMatchObject({ kind: 'prerender', path: 'isr.segments/_tree.segment.rsc' });
  });

  it('serves /_next/static with immutable caching, and a missing asset as not-found.txt with 404', async () => {
    const chunk = await go('/_next/static/chunks/092r-mewpaf3q.js');
    expect(chunk).toMatchObject({ kind: 'static', path: '_next/static/chunks/092r-mewpaf3q.js', status: 200 });
    expect(header(chunk, 'cache-control')).toEqual(['public,max-age=31536000,immutable']);
    const missing = await go('/_next/static/chunks/nope.js');
    expect(missing).toMatchObject({ kind: 'static', path: '_next/static/not-found.txt', status: 404 });
    expect(header(missing, 'content-type')).toEqual(['text/plain; charset=utf-8']);
  });

  it('answers a missing page with the 404 page through the error phase', async () => {
    const result = await go('/no-such-page', { middleware: never });
    expect(result).toMatchObject({
      kind: 'static',
      path: '404.html',
      status: 404,
      contentType: 'text/html; charset=utf-8',
    });
    expect(header(result, 'x-next-error-status')).toEqual(['404']);
    expect(await go('/404')).toMatchObject({ kind: 'static', path: '404.html', status: 404 });
    // Anchored sources: `/500` is not `/5000`.
    expect(await go('/5000')).toMatchObject({ path: '404.html', status: 404 });
    expect(await go('/500')).toMatchObject({ path: '500.html', status: 500 });
  });

  it('runs the middleware and routes on at its x-middleware-rewrite', async () => {
    const calls: [string, MiddlewareRequest][] = [];
    const result = await go('/rewritten?x=1', {
      headers: { 'user-agent': 'test' },
      middleware: async (path, request) => {
        calls.push([path, request]);
        return {
          status: 200,
          headers: new Headers([
            ['x-middleware-rewrite', 'http://site.localhost/dynamic?from=proxy'],
            ['x-from-middleware', 'yes'],
          ]),
        };
      },
    });
    expect(calls).toEqual([
      [
        '_middleware',
        { method: 'GET', url: '/rewritten?x=1', host: 'site.localhost', headers: { 'user-agent': 'test' } },
      ],
    ]);
    expect(result).toMatchObject({ kind: 'function', path: 'dynamic', query: 'from=proxy', matchedPath: '/dynamic' });
    expect(header(result, 'x-from-middleware')).toEqual(['yes']);
    expect(header(result, 'x-middleware-rewrite')).toEqual([]);
  });

  it("passes on the middleware's request headers and cookies, and adds its response headers", async () => {
    const headers = new Headers([
      ['x-middleware-next', '1'],
      ['x-middleware-override-headers', 'x-user,accept'],
      ['x-middleware-request-x-user', 'ada'],
      ['x-middleware-request-accept', 'text/html'],
      ['x-middleware-set-cookie', 'theme=dark; Path=/'],
    ]);
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    const result = await go('/rewritten', {
      headers: { cookie: 'secret=1', accept: '*/*' },
      middleware: async () => ({ status: 200, headers }),
    });
    // /rewritten is no page: the 404 page answers, with the middleware's cookies.
    expect(result).toMatchObject({ kind: 'static', path: '404.html', status: 404 });
    expect(header(result, 'set-cookie')).toEqual(['a=1', 'b=2']);
    const rewrite = await go('/rewritten', {
      headers: { cookie: 'secret=1', accept: '*/*' },
      middleware: async () => ({
        status: 200,
        headers: [...headers, ['x-middleware-rewrite', '/dynamic']] as [string, string][],
      }),
    });
    expect(rewrite).toMatchObject({
      kind: 'function',
      path: 'dynamic',
      requestHeaders: { 'x-user': 'ada', accept: 'text/html', 'x-middleware-set-cookie': 'theme=dark; Path=/' },
    });
  });

  it('returns what middleware answers itself, its redirects, and other origins as proxies', async () => {
    const respond = await go('/rewritten', {
      middleware: async () => ({ status: 401, headers: [['content-type', 'text/plain']], body: 'no' }),
    });
    expect(respond).toEqual({ kind: 'response', status: 401, headers: [['content-type', 'text/plain']], body: 'no' });
    const redirect = await go('/rewritten', {
      middleware: async () => ({ status: 307, headers: [['location', 'https://site.localhost/login']] }),
    });
    expect(redirect).toMatchObject({ kind: 'redirect', status: 307, location: 'https://site.localhost/login' });
    const proxy = await go('/rewritten', {
      middleware: async () => ({ status: 200, headers: [['x-middleware-rewrite', 'https://api.example.com/v1?a=1']] }),
    });
    expect(proxy).toMatchObject({ kind: 'proxy', url: 'https://api.example.com/v1?a=1' });
  });

  it('reports a middleware that fails, and skips it for revalidation requests', async () => {
    const failed = await go('/rewritten', {
      middleware: async () => {
        throw new Error('boom');
      },
    });
    expect(failed).toMatchObject({ kind: 'status', status: 500, code: 'middleware_failed' });
    const revalidate = await go('/rewritten', {
      headers: { 'x-prerender-revalidate': '46deaf87e1254d60bfb615d95ee56080' },
      middleware: never,
    });
    expect(revalidate).toMatchObject({ kind: 'static', path: '404.html' });
  });
});

describe('an Astro 5 app (astro-app.json)', () => {
  const { go } = deployment(astroApp);

  it('serves the prerendered page as a file and on-demand routes from one function, dest without a slash', async () => {
    expect(await go('/')).toMatchObject({ kind: 'static', path: 'index.html' });
    expect(await go('/now')).toMatchObject({ kind: 'function', path: '_render', matchedPath: '/_render' });
    expect(await go('/api/ping/?n=1')).toMatchObject({ kind: 'function', path: '_render', query: 'n=1' });
  });

  it('answers 404 when the error route names no file', async () => {
    expect(await go('/missing')).toMatchObject({ kind: 'status', status: 404 });
  });
});

describe("Vercel's Bun starter (bun-app.json)", () => {
  const { go } = deployment(bunApp);

  it('serves public/index.html at /, and every other path from the function a rewrite to / names', async () => {
    expect(await go('/')).toMatchObject({ kind: 'static', path: 'index.html' });
    expect(await go('/api/hello?x=1')).toMatchObject({ kind: 'function', path: 'index', query: 'x=1' });
    expect(await go('/api/stream')).toMatchObject({ kind: 'function', path: 'index', matchedPath: '/' });
  });

  it("tells the function the path asked for, through the route's request.path transform", async () => {
    expect(await go('/api/hello')).toMatchObject({ kind: 'function', functionPath: '/api/hello' });
  });
});

describe('route transforms', () => {
  const { go } = deployment({
    routes: [
      {
        src: '^/t/(?<name>[^/]+)$',
        dest: '/fn',
        transforms: [
          { type: 'request.headers', op: 'set', target: { key: 'X-Name' }, args: '$name' },
          { type: 'request.headers', op: 'append', target: { key: 'accept' }, args: 'text/x-extra' },
          { type: 'request.headers', op: 'delete', target: { key: { pre: 'x-secret-' } } },
          { type: 'request.query', op: 'set', target: { key: 'page' }, args: ['1', '2'] },
          { type: 'request.query', op: 'delete', target: { key: 'debug' } },
          { type: 'response.headers', op: 'set', target: { key: 'X-Served-By' }, args: 'nimbus' },
          { type: 'request.path', op: 'set', args: '/inner/$1' },
        ],
      },
    ],
    static: [],
    functions: ['fn'],
    prerenders: [],
  });

  it('edits the request headers, query and path and the response headers, filled from the match', async () => {
    const result = await go('/t/ada?page=9&debug=1&keep=y', {
      headers: { accept: 'text/html', 'x-secret-token': 'hidden', 'x-secret-other': 'hidden', 'user-agent': 'ua' },
    });
    expect(result).toMatchObject({
      kind: 'function',
      path: 'fn',
      functionPath: '/inner/ada',
      query: 'keep=y&page=1&page=2',
    });
    if (result.kind !== 'function') throw new Error('not a function');
    expect(result.requestHeaders).toEqual({ accept: 'text/html, text/x-extra', 'user-agent': 'ua', 'x-name': 'ada' });
    expect(header(result, 'x-served-by')).toEqual(['nimbus']);
  });

  it('refuses a transform it cannot apply, naming the route', () => {
    const bad = (transforms: unknown[]) => () =>
      compileRoutes([{ src: '/x', transforms } as unknown as BuildOutputRoute]);
    expect(bad([{ type: 'request.cookies', op: 'set' }])).toThrow(/route 0 has transform 0 with an unknown type/);
    expect(bad([{ type: 'request.headers', op: 'set', target: { key: 'a' }, args: 'v', env: ['SECRET'] }])).toThrow(
      /reads env/,
    );
    expect(bad([{ type: 'request.headers', op: 'set', target: { key: { pre: 'x-' } }, args: 'v' }])).toThrow(
      /without a key name/,
    );
  });
});

describe('request paths', () => {
  const { go, asked } = deployment(cleanUrls);

  it('decodes once and folds .. so a path never leaves the deployment', async () => {
    asked.length = 0;
    expect(await go('/docs/../about')).toMatchObject({ kind: 'static', path: 'about.html' });
    expect(await go('/..%2f..%2fetc/passwd')).toMatchObject({ kind: 'static', path: 'index.html' });
    expect(await go('/%252e%252e/about')).toMatchObject({ kind: 'static', path: 'index.html' });
    expect(asked.filter((p) => p.split('/').includes('..'))).toEqual([]);
  });

  it('refuses bad percent-encoding and NUL bytes with 400', async () => {
    expect(await go('/%E0%A4%A')).toMatchObject({ kind: 'status', status: 400, code: 'bad_path' });
    expect(await go('/a%00b')).toMatchObject({ kind: 'status', status: 400 });
  });
});

describe('compileRoutes', () => {
  it('refuses invalid regular expressions and handles once, naming the route', () => {
    const routes = [...nextApp.routes] as BuildOutputRoute[];
    routes[3] = { src: '^/(unclosed', dest: '/x' };
    routes[7] = { handle: 'sideways' as 'hit' };
    const error = (() => {
      try {
        compileRoutes(routes);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RoutesConfigError);
    expect((error as RoutesConfigError).issues).toEqual([
      expect.stringMatching(/^route 3 src "\^\/\(unclosed" is not a valid regular expression/),
      'route 7 has an unknown handle "sideways"',
    ]);
  });

  it('accepts PCRE named groups', async () => {
    const compiled = compileRoutes([{ src: '/u/(?P<id>\\d+)', dest: '/api/hello?id=$id' }]);
    const view: DeploymentView = {
      hasStatic: () => false,
      hasFunction: (p) => p === 'api/hello',
      hasPrerender: () => false,
    };
    const result = await routeRequest(compiled, { method: 'GET', url: '/u/42', host: 'h', headers: {} }, { view });
    expect(result).toMatchObject({ kind: 'function', query: 'id=42' });
  });
});

describe('routes that read only the URL (their static answers are kept per URL)', () => {
  const urlOnly = (routes: unknown) => compileRoutes(routes as BuildOutputRoute[]).urlOnly;

  it('holds for the static sites and apps whose routes read no header, cookie, host or method', () => {
    expect(urlOnly(trailing.routes)).toBe(true);
    expect(urlOnly(astroApp.routes)).toBe(true);
    expect(urlOnly([{ src: '/a', has: [{ type: 'query', key: 'x' }], dest: '/b' }])).toBe(true);
  });

  it.each([
    ['a header condition', { src: '/(.*)', has: [{ type: 'header', key: 'rsc' }], dest: '/x' }],
    ['a missing cookie', { src: '/(.*)', missing: [{ type: 'cookie', key: 'c' }], dest: '/x' }],
    ['a host condition', { src: '/(.*)', has: [{ type: 'host', value: 'a.com' }], dest: '/x' }],
    ['a method list', { src: '/(.*)', methods: ['GET'], dest: '/x' }],
    ['middleware', { src: '/(.*)', middlewarePath: 'middleware', continue: true }],
  ])('does not hold with %s', (_why, route) => {
    expect(urlOnly([route, { handle: 'filesystem' }])).toBe(false);
  });

  it('does not hold for a Next.js app (its routes read the RSC headers) or a cookie-gated page', () => {
    expect(urlOnly(nextApp.routes)).toBe(false);
    expect(urlOnly(cleanUrls.routes)).toBe(false);
  });
});
