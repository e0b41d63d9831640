// What a routed path names in a Build Output deployment: a static file, a prerender or a function.
// Static files first (a `config.json` override also serves `about.html` at `/about`; the file keeps
// its own path, which cleanUrls redirects and SPA rewrites to `/index.html` rely on), then a prerender, then a function of the same name (a prerender is rendered by
// its function, so it must win to be served from cache). A directory is served by its index:
// `docs/index.html`, or a function or prerender named `index` (`index` serves `/`). With a trailing
// slash (`trailingSlash: true` deployments) the name without it is tried last. A route that rewrites
// to `/` names the output `index`: there a function or prerender `index` comes before `index.html`
// (Vercel's Bun and backend builders route every path to `/` beside a public/index.html).
import type { CompiledRoutes } from './compile';

/** The deployment as the router sees it; paths have no leading slash. */
export interface DeploymentView {
  hasStatic(path: string): boolean;
  hasFunction(path: string): boolean;
  hasPrerender(path: string): boolean;
}

export type Target =
  | { kind: 'static'; path: string; contentType?: string }
  | { kind: 'function' | 'prerender'; path: string };

export function lookup(
  routes: CompiledRoutes,
  view: DeploymentView,
  pathname: string,
  rewritten = false,
): Target | null {
  const key = pathname.slice(1);
  if (key === '' && rewritten) return named(routes, view, 'index') ?? staticFile(routes, view, 'index.html');
  if (key === '' || key.endsWith('/')) {
    const dir = key.slice(0, -1);
    return (
      staticFile(routes, view, `${key}index.html`) ??
      named(routes, view, key === '' ? 'index' : `${dir}/index`) ??
      (key === '' ? null : named(routes, view, dir))
    );
  }
  return (
    named(routes, view, key) ?? staticFile(routes, view, `${key}/index.html`) ?? named(routes, view, `${key}/index`)
  );
}

function named(routes: CompiledRoutes, view: DeploymentView, name: string): Target | null {
  const file = staticFile(routes, view, name);
  if (file) return file;
  if (view.hasPrerender(name)) return { kind: 'prerender', path: name };
  if (view.hasFunction(name)) return { kind: 'function', path: name };
  return null;
}

function staticFile(routes: CompiledRoutes, view: DeploymentView, at: string): Target | null {
  const override = routes.servedAs.get(at);
  if (override && view.hasStatic(override.file))
    return {
      kind: 'static',
      path: override.file,
      ...(override.contentType ? { contentType: override.contentType } : {}),
    };
  if (view.hasStatic(at)) return { kind: 'static', path: at };
  return null;
}
