// A deployment's nimbus.json / vercel.json compiled once into matchers. Sources are compiled by
// path-to-regexp 6.1.0 with the options @vercel/routing-utils uses (strict, case-sensitive), so
// `/blog/:slug`, `/docs/:path*` and `/(.*)` match exactly what they match on Vercel.
import { pathToRegexp, type Key } from 'path-to-regexp';

interface Rule {
  re: RegExp;
  keys: Key[];
  destination: string;
  status: number;
}

interface HeaderRule {
  re: RegExp;
  keys: Key[];
  headers: [string, string][];
}

export interface Rules {
  cleanUrls: boolean;
  trailingSlash: boolean | undefined;
  /** The built-in clean-URL and trailing-slash redirects, then the project's own, in Vercel's order. */
  redirects: Rule[];
  headers: HeaderRule[];
  rewrites: Rule[];
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
    const status = typeof r.permanent === 'boolean' ? (r.permanent ? 308 : 307) : typeof r.statusCode === 'number' ? r.statusCode : 308;
    return typeof r.destination === 'string' ? withSource(r, (m) => ({ ...m, destination: r.destination as string, status })) : [];
  });
  const rewrites = list<Source & { destination?: unknown }>(config.rewrites).flatMap((r) =>
    typeof r.destination === 'string' ? withSource(r, (m) => ({ ...m, destination: r.destination as string, status: 200 })) : [],
  );
  const headers = list<Source & { headers?: unknown }>(config.headers).flatMap((h) =>
    withSource(h, (m) => ({
      ...m,
      headers: list<{ key?: unknown; value?: unknown }>(h.headers)
        .filter((kv) => typeof kv.key === 'string' && HEADER_NAME.test(kv.key) && typeof kv.value === 'string')
        .map((kv) => [String(kv.key).toLowerCase(), String(kv.value)] as [string, string]),
    })),
  );
  return { cleanUrls, trailingSlash, redirects: [...builtIn, ...redirects], headers, rewrites };
}

/** Fills `$1` (capture groups in order) and `:name` (named parameters) of a destination from a match. */
export function fill(template: string, match: RegExpExecArray, keys: Key[]): string {
  if (!template.includes('$') && !template.includes(':')) return template;
  return template.replace(/\$(\d+)|:([A-Za-z_]\w*)[*+?]?/g, (whole, index: string | undefined, name: string | undefined) => {
    if (index !== undefined) return match[Number(index)] ?? '';
    const at = keys.findIndex((k) => k.name === name);
    return at < 0 ? whole : (match[at + 1] ?? '');
  });
}

function regexRule(re: RegExp, destination: string): Rule {
  return { re, keys: [], destination, status: 308 };
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? value.filter((v): v is T => typeof v === 'object' && v !== null) : [];
}

/**
 * Compiles a rule's source; a source path-to-regexp rejects is skipped (the build reports config
 * errors, the edge keeps serving). So is a rule with `has`/`missing` conditions, which the edge does
 * not evaluate yet: skipping it is safer than applying a conditional redirect to every request.
 */
function withSource<T>(rule: Source, build: (m: { re: RegExp; keys: Key[] }) => T): T[] {
  if (typeof rule.source !== 'string' || rule.has !== undefined || rule.missing !== undefined) return [];
  const keys: Key[] = [];
  try {
    return [build({ re: pathToRegexp(rule.source, keys, { strict: true, sensitive: true, delimiter: '/' }), keys })];
  } catch {
    return [];
  }
}
