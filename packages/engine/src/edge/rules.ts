// A deployment's nimbus.json / vercel.json compiled once into matchers. Sources are compiled by
// path-to-regexp 6.1.0 with the options @vercel/routing-utils uses (strict, case-sensitive), so
// `/blog/:slug`, `/docs/:path*` and `/(.*)` match exactly what they match on Vercel. `has` and
// `missing` conditions (header, cookie, query, host) follow routing-utils too: a condition with a
// `value` matches it as a whole-string regular expression whose named groups fill the destination.
import { type Key, pathToRegexp } from 'path-to-regexp';

export interface Condition {
  type: 'header' | 'cookie' | 'query' | 'host';
  /** Lower-cased for headers; unused for host. */
  key: string;
  value?: RegExp;
}

interface Conditional {
  has?: Condition[];
  missing?: Condition[];
}

interface Rule extends Conditional {
  re: RegExp;
  keys: Key[];
  destination: string;
  status: number;
}

interface HeaderRule extends Conditional {
  re: RegExp;
  keys: Key[];
  headers: [string, string][];
}

/** What conditions read from a request. */
export interface RequestFacts {
  header(name: string): string | undefined;
  cookie(name: string): string | undefined;
  query(name: string): string | undefined;
  host: string;
}

export interface Rules {
  cleanUrls: boolean;
  trailingSlash: boolean | undefined;
  /** The built-in clean-URL and trailing-slash redirects, then the project's own, in Vercel's order. */
  redirects: Rule[];
  headers: HeaderRule[];
  rewrites: Rule[];
  /** Rules with has/missing: then where a URL leads depends on the request, not only the URL. */
  conditional: Conditional[];
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

interface Source {
  source?: unknown;
  has?: unknown;
  missing?: unknown;
}

export function compileRules(config: Record<string, unknown>): Rules {
  const cleanUrls = config.cleanUrls === true;
  const trailingSlash = typeof config.trailingSlash === 'boolean' ? config.trailingSlash : undefined;
  const builtIn: Rule[] = [];
  const loc = trailingSlash ? '/$1/' : '/$1';
  if (cleanUrls) {
    builtIn.push(regexRule(/^\/(?:(.+)\/)?index(?:\.html)?\/?$/, loc), regexRule(/^\/(.*)\.html\/?$/, loc));
  }
  if (trailingSlash === true) {
    // /.well-known/* keeps its exact path (ACME challenges and friends), as on Vercel.
    builtIn.push(
      regexRule(/^\/(?!\.well-known(?:\/|$))((?:[^/]+\/)*[^/.]+)$/, '/$1/'),
      regexRule(/^\/(?!\.well-known(?:\/|$))((?:[^/]+\/)*[^/]+\.\w+)\/$/, '/$1'),
    );
  } else if (trailingSlash === false) {
    builtIn.push(regexRule(/^\/(.+)\/$/, '/$1'));
  }
  type Redirect = Source & { destination?: unknown; permanent?: unknown; statusCode?: unknown };
  const redirects = list<Redirect>(config.redirects).flatMap((r) => {
    const status =
      typeof r.permanent === 'boolean'
        ? r.permanent
          ? 308
          : 307
        : typeof r.statusCode === 'number'
          ? r.statusCode
          : 308;
    return typeof r.destination === 'string'
      ? withSource(r, (m) => ({ ...m, destination: r.destination as string, status }))
      : [];
  });
  const rewrites = list<Source & { destination?: unknown }>(config.rewrites).flatMap((r) =>
    typeof r.destination === 'string'
      ? withSource(r, (m) => ({ ...m, destination: r.destination as string, status: 200 }))
      : [],
  );
  const headers = list<Source & { headers?: unknown }>(config.headers).flatMap((h) =>
    withSource(h, (m) => ({
      ...m,
      headers: list<{ key?: unknown; value?: unknown }>(h.headers)
        .filter((kv) => typeof kv.key === 'string' && HEADER_NAME.test(kv.key) && typeof kv.value === 'string')
        .map((kv) => [String(kv.key).toLowerCase(), String(kv.value)] as [string, string]),
    })),
  );
  const conditional = [...redirects, ...headers, ...rewrites].filter((r) => r.has || r.missing);
  return { cleanUrls, trailingSlash, redirects: [...builtIn, ...redirects], headers, rewrites, conditional };
}

/**
 * Whether a rule's conditions hold for a request: every `has` matches and no `missing` does. The
 * named groups of matching values come back as parameters; null when the rule does not apply.
 * A conditional rule never applies without facts.
 */
export function conditionsHold(rule: Conditional, facts: RequestFacts | undefined): Record<string, string> | null {
  if (!rule.has && !rule.missing) return {};
  if (!facts) return null;
  const params: Record<string, string> = {};
  for (const condition of rule.has ?? []) if (!matchCondition(condition, facts, params)) return null;
  for (const condition of rule.missing ?? []) if (matchCondition(condition, facts, {})) return null;
  return params;
}

function matchCondition(condition: Condition, facts: RequestFacts, params: Record<string, string>): boolean {
  const actual =
    condition.type === 'host'
      ? facts.host
      : condition.type === 'header'
        ? facts.header(condition.key)
        : condition.type === 'cookie'
          ? facts.cookie(condition.key)
          : facts.query(condition.key);
  if (actual === undefined) return false;
  if (!condition.value) return true;
  const match = condition.value.exec(actual);
  if (!match) return false;
  Object.assign(params, match.groups);
  return true;
}

/** Fills `$1` (capture groups in order) and `:name` (named parameters, then condition groups) of a destination from a match. */
export function fill(
  template: string,
  match: RegExpExecArray,
  keys: Key[],
  params: Record<string, string> = {},
): string {
  if (!template.includes('$') && !template.includes(':')) return template;
  return template.replace(
    /\$(\d+)|:([A-Za-z_]\w*)[*+?]?/g,
    (whole, index: string | undefined, name: string | undefined) => {
      if (index !== undefined) return match[Number(index)] ?? '';
      const at = keys.findIndex((k) => k.name === name);
      if (at >= 0) return match[at + 1] ?? '';
      return params[name!] ?? whole;
    },
  );
}

function regexRule(re: RegExp, destination: string): Rule {
  return { re, keys: [], destination, status: 308 };
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? value.filter((v): v is T => typeof v === 'object' && v !== null) : [];
}

// Longer condition patterns are refused: a value is a regular expression run on every request.
const MAX_CONDITION_VALUE = 256;

/**
 * Compiles a rule's source and conditions. A rule path-to-regexp or RegExp rejects, or with a
 * condition Nimbus cannot read, is skipped (the edge keeps serving): skipping a conditional rule
 * is safer than applying it to every request.
 */
function withSource<T>(rule: Source, build: (m: { re: RegExp; keys: Key[] } & Conditional) => T): T[] {
  if (typeof rule.source !== 'string') return [];
  const keys: Key[] = [];
  try {
    const has = rule.has === undefined ? undefined : conditions(rule.has);
    const missing = rule.missing === undefined ? undefined : conditions(rule.missing);
    if (has === null || missing === null) return [];
    const re = pathToRegexp(rule.source, keys, { strict: true, sensitive: true, delimiter: '/' });
    return [build({ re, keys, ...(has?.length ? { has } : {}), ...(missing?.length ? { missing } : {}) })];
  } catch {
    return [];
  }
}

/** A has/missing list compiled, or null when any item is malformed. */
function conditions(value: unknown): Condition[] | null {
  if (!Array.isArray(value)) return null;
  const out: Condition[] = [];
  for (const item of value as { type?: unknown; key?: unknown; value?: unknown }[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { type, key } = item;
    if (type !== 'header' && type !== 'cookie' && type !== 'query' && type !== 'host') return null;
    if (type !== 'host' && typeof key !== 'string') return null;
    if (type === 'host' && typeof item.value !== 'string') return null;
    if (item.value !== undefined && (typeof item.value !== 'string' || item.value.length > MAX_CONDITION_VALUE))
      return null;
    out.push({
      type,
      key: type === 'header' ? String(key).toLowerCase() : type === 'host' ? '' : String(key),
      ...(typeof item.value === 'string' ? { value: new RegExp(`^(?:${item.value})$`) } : {}),
    });
  }
  return out;
}
