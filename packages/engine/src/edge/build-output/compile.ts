// A deployment's Build Output API `config.json` routes compiled once into matchers, grouped by
// phase. Every regular expression (a route's `src`, a condition's `value`) is compiled here, so a
// bad one is refused when the deployment is loaded, with the route's index, instead of failing on
// each request. Sources are anchored (`^…$`) the way the `vercel` CLI normalises `routes`
// (@vercel/routing-utils): Next.js writes unanchored sources such as `/500` and `/index(?:/)?`
// that must not match `/5000` or `/index/x`. Templates (`dest`, header values) are split into
// literal and `$1` / `$name` parts here too, so a request only joins strings.
import { type BuildOutputRoute, type RoutePhase, servedPath } from '@nimbus/core';
import type { CompiledCondition } from './request-state';
import { type Template, template } from './template';
import { type CompiledTransform, compileTransforms } from './transforms';

export type Group = 'none' | RoutePhase;

export interface CompiledRoute {
  index: number;
  re: RegExp;
  /** The destination's path (or whole URL when external) and its query pairs, still templates. */
  dest?: { path: Template; query: [Template, Template][]; external: boolean };
  headers?: [string, Template][];
  methods?: Set<string>;
  has?: CompiledCondition[];
  missing?: CompiledCondition[];
  status?: number;
  continue: boolean;
  check: boolean;
  override: boolean;
  important: boolean;
  /** The function that runs as middleware, without its leading slash. */
  middleware?: string;
  transforms?: CompiledTransform[];
}

export interface CompiledRoutes {
  groups: Record<Group, CompiledRoute[]>;
  /** URL path (no leading slash) → static file, from `config.json` `overrides`. */
  servedAs: Map<string, { file: string; contentType?: string }>;
  /**
   * Whether routing reads nothing of a request but its URL: no route has a header, cookie or host
   * condition, a method list, middleware or a transform. Then where a URL is routed (a static file,
   * a function, a prerender) is the same for every request and is kept (serve.ts).
   */
  urlOnly: boolean;
}

/** config.json routes that cannot be served, each issue naming its route. */
export class RoutesConfigError extends Error {
  readonly code = 'invalid_routes';
  constructor(readonly issues: string[]) {
    super(
      `config.json routes are invalid: ${issues.join('; ')}. Fix them in .vercel/output/config.json and deploy again.`,
    );
  }
}

const PHASES = new Set<string>(['filesystem', 'hit', 'miss', 'rewrite', 'error', 'resource']);

export function compileRoutes(
  routes: BuildOutputRoute[] | undefined,
  options: { overrides?: Record<string, { path?: string; contentType?: string }> } = {},
): CompiledRoutes {
  const groups: Record<Group, CompiledRoute[]> = {
    none: [],
    filesystem: [],
    hit: [],
    miss: [],
    rewrite: [],
    error: [],
    resource: [],
  };
  const issues: string[] = [];
  let group: Group = 'none';
  (routes ?? []).forEach((route, index) => {
    const issue = (text: string) => issues.push(`route ${index} ${text}`);
    if (typeof route !== 'object' || route === null) return issue('is not an object');
    if (route.handle !== undefined) {
      if (!PHASES.has(route.handle)) return issue(`has an unknown handle "${route.handle}"`);
      group = route.handle;
      return;
    }
    if (typeof route.src !== 'string') return issue('has no src');
    const re = regex(anchored(route.src), route.caseSensitive ? '' : 'i', (e) => issue(`src "${route.src}" ${e}`));
    if (!re) return;
    if (route.dest !== undefined && typeof route.dest !== 'string') return issue('has a dest that is not a string');
    if (route.status !== undefined && !(Number.isInteger(route.status) && route.status >= 100 && route.status <= 999))
      return issue(`has status ${JSON.stringify(route.status)}, not an HTTP status code`);
    const has = conditions(route.has, (e) => issue(`has ${e}`));
    const missing = conditions(route.missing, (e) => issue(`missing ${e}`));
    if (has === null || missing === null) return;
    const transforms = route.transforms === undefined ? undefined : compileTransforms(route.transforms, issue);
    if (transforms === null) return;
    const headers = route.headers
      ? Object.entries(route.headers).map(
          ([name, value]) => [name.toLowerCase(), template(String(value))] as [string, Template],
        )
      : undefined;
    groups[group].push({
      index,
      re,
      ...(route.dest !== undefined ? { dest: destination(route.dest) } : {}),
      ...(headers?.length ? { headers } : {}),
      ...(route.methods?.length ? { methods: new Set(route.methods.map((m) => m.toUpperCase())) } : {}),
      ...(has?.length ? { has } : {}),
      ...(missing?.length ? { missing } : {}),
      ...(route.status !== undefined ? { status: route.status } : {}),
      continue: route.continue === true,
      check: route.check === true,
      override: route.override === true,
      important: route.important === true,
      ...(route.middlewarePath ? { middleware: route.middlewarePath.replace(/^\/+/, '') } : {}),
      ...(transforms?.length ? { transforms } : {}),
    });
  });
  if (issues.length) throw new RoutesConfigError(issues);
  const servedAs = new Map<string, { file: string; contentType?: string }>();
  for (const [file, o] of Object.entries(options.overrides ?? {})) {
    servedAs.set(servedPath(file, o), { file, ...(o.contentType ? { contentType: o.contentType } : {}) });
  }
  const readsRequest = (r: CompiledRoute) =>
    r.methods !== undefined ||
    r.middleware !== undefined ||
    r.transforms !== undefined ||
    [...(r.has ?? []), ...(r.missing ?? [])].some((c) => c.type !== 'query');
  return { groups, servedAs, urlOnly: !Object.values(groups).some((g) => g.some(readsRequest)) };
}

/** `^` and `$` added where a source lacks them (an escaped `\$` is not an anchor). */
function anchored(src: string): string {
  let out = src.startsWith('^') ? src : `^${src}`;
  const trailing = /(\\*)\$$/.exec(out);
  if (!trailing || trailing[1]!.length % 2 === 1) out = `${out}$`;
  return out;
}

// PCRE spells a named group `(?P<name>…)`; JavaScript only `(?<name>…)`.
function regex(source: string, flags: string, onError: (e: string) => void): RegExp | null {
  try {
    return new RegExp(source.replace(/\(\?P</g, '(?<'), flags);
  } catch (e) {
    onError(`is not a valid regular expression (${(e as Error).message})`);
    return null;
  }
}

function conditions(list: unknown, onError: (e: string) => void): CompiledCondition[] | undefined | null {
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) return (onError('is not a list'), null);
  const out: CompiledCondition[] = [];
  for (const c of list as { type?: unknown; key?: unknown; value?: unknown }[]) {
    const { type, key, value } = c ?? {};
    if (type !== 'header' && type !== 'cookie' && type !== 'query' && type !== 'host')
      return (onError(`has a condition of unknown type ${JSON.stringify(type)}`), null);
    if (type !== 'host' && typeof key !== 'string') return (onError(`has a ${type} condition without a key`), null);
    if (value !== undefined && typeof value !== 'string')
      return (onError(`has a ${type} value that is not a string`), null);
    // Whole-value matches, as Next.js and the Vercel proxy read a condition's value.
    const re = value === undefined ? undefined : regex(`^(?:${value})$`, '', (e) => onError(`value "${value}" ${e}`));
    if (re === null) return null;
    out.push({
      type,
      key: type === 'header' ? String(key).toLowerCase() : String(key ?? ''),
      ...(re ? { value: re } : {}),
    });
  }
  return out;
}

function destination(dest: string): NonNullable<CompiledRoute['dest']> {
  const noHash = dest.replace(/#.*$/, '');
  const q = noHash.indexOf('?');
  const path = q < 0 ? noHash : noHash.slice(0, q);
  const external = /^https?:\/\//i.test(path);
  const query = q < 0 ? [] : [...new URLSearchParams(noHash.slice(q + 1))].map(([k, v]) => [template(k), template(v)]);
  // Routed paths are decoded, so a literal destination is decoded once too (`/caf%C3%A9` → `/café`).
  return { path: template(external ? path : safeDecode(path)), query: query as [Template, Template][], external };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
