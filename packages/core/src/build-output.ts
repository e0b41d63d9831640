// The Build Output API v3: the one format of a deployment that runs code. A `.vercel/output` tree
// holds `config.json` (routes, overrides, images, crons), `static/` (served as files),
// `functions/<path>.func/` (a function: its files and `.vc-config.json`) and, beside a function,
// `<path>.prerender-config.json` with its `<path>.prerender-fallback.<ext>` (a prerendered page and
// how it is revalidated). The shapes follow what the builders of the `vercel` package write and
// Vercel's public description of the format; fields Nimbus does not use are kept as they come.

/** A `has` / `missing` condition of a route. */
export interface RouteCondition {
  type: 'header' | 'cookie' | 'query' | 'host';
  key?: string;
  value?: string;
}

export type RoutePhase = 'filesystem' | 'hit' | 'miss' | 'rewrite' | 'error' | 'resource';

/** One entry of `config.json` `routes`: either a phase marker (`handle`) or a source route. */
export interface BuildOutputRoute {
  handle?: RoutePhase;
  src?: string;
  dest?: string;
  headers?: Record<string, string>;
  methods?: string[];
  continue?: boolean;
  override?: boolean;
  caseSensitive?: boolean;
  check?: boolean;
  important?: boolean;
  status?: number;
  has?: RouteCondition[];
  missing?: RouteCondition[];
  /** The function that runs as middleware for requests this route matches. */
  middlewarePath?: string;
  middlewareRawSrc?: string[];
  locale?: { redirect?: Record<string, string>; cookie?: string };
  /** Edits to the request and response (@vercel/routing-utils `Transform`), checked when compiled. */
  transforms?: unknown[];
}

export interface ImagesConfig {
  sizes: number[];
  domains?: string[];
  remotePatterns?: { protocol?: string; hostname: string; port?: string; pathname?: string; search?: string }[];
  localPatterns?: { pathname?: string; search?: string }[];
  qualities?: number[];
  minimumCacheTTL?: number;
  formats?: ('image/avif' | 'image/webp')[];
  dangerouslyAllowSVG?: boolean;
  contentSecurityPolicy?: string;
  contentDispositionType?: 'inline' | 'attachment';
}

export interface CronJob {
  path: string;
  schedule: string;
}

/** `.vercel/output/config.json`. */
export interface BuildOutputConfig {
  version: 3;
  routes?: BuildOutputRoute[];
  /** Static file → the URL path it is served at and its content type. */
  overrides?: Record<string, { path?: string; contentType?: string }>;
  images?: ImagesConfig;
  wildcard?: { domain: string; value: string }[];
  crons?: CronJob[];
  cache?: string[];
  framework?: { version: string; slug?: string };
  [key: string]: unknown;
}

/** A function's `.vc-config.json` (`runtime: nodejs*` or `edge`). */
export interface FunctionConfig {
  runtime: string;
  /** Node.js functions: the file that exports the handler, relative to the function's root. */
  handler?: string;
  /** Edge functions: the file that registers the handler. */
  entrypoint?: string;
  /** MB. */
  memory?: number;
  /** Seconds. */
  maxDuration?: number;
  environment?: Record<string, string>;
  launcherType?: string;
  shouldAddHelpers?: boolean;
  supportsResponseStreaming?: boolean;
  /** Runtime path in the function → path of the file relative to the project root (Next.js). */
  filePathMap?: Record<string, string>;
  [key: string]: unknown;
}

/** `<path>.prerender-config.json`. */
export interface PrerenderConfig {
  /** Seconds until the cached page is stale; false: never. */
  expiration: number | false;
  group?: number;
  /** Requests carrying it in `x-prerender-revalidate` regenerate the page at once. */
  bypassToken?: string;
  /** The fallback file, relative to the config's folder. */
  fallback?: string | { type: 'FileFsRef'; mode: number; fsPath: string };
  /** Query parameters that make distinct cache entries; others are dropped. */
  allowQuery?: string[];
  passQuery?: boolean;
  initialHeaders?: Record<string, string>;
  initialStatus?: number;
  sourcePath?: string;
  [key: string]: unknown;
}

/**
 * The path a static file of a Build Output tree is served at (no leading slash): its `overrides` path,
 * else its own. An empty path is the root, where SvelteKit and Nuxt put a prerendered home page; that
 * file is kept as `index.html`, the name `/` is served from.
 */
export function servedPath(file: string, override: { path?: string } | undefined): string {
  const at = override?.path ?? file;
  return at === '' ? 'index.html' : at;
}

export function isEdgeRuntime(config: Pick<FunctionConfig, 'runtime'>): boolean {
  return config.runtime === 'edge';
}
