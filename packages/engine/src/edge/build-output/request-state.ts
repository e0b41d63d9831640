// The mutable state of one request while it is routed: the path and query routes rewrite, the
// response headers and status they set, and the request headers conditions read (which middleware
// may replace). Everything is built lazily: most requests touch no query and no cookie, and a
// request that matches no header route allocates no header map.
import path from 'node:path';
import { parse as parseCookies } from 'hono/utils/cookie';
import type { HeaderList } from '../responses';

export interface RouterRequest {
  method: string;
  /** The request target as received: path and query, still percent-encoded. */
  url: string;
  /** Host name, lower-case, without the port. */
  host: string;
  /** Node's `req.headers`: lower-case names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface CompiledCondition {
  type: 'header' | 'cookie' | 'query' | 'host';
  /** Lower-cased for headers. */
  key: string;
  value?: RegExp;
}

export class RequestState {
  path: string;
  /** The path as requested, before any route rewrote it. */
  readonly requested: string;
  status: number | undefined;
  headers: Map<string, string | string[]> | undefined;
  important: Set<string> | undefined;
  /** The path a function is told it was asked for, once a `request.path` transform set one. */
  functionPath: string | undefined;
  /** Set once middleware replaced the request headers. */
  requestHeaders: Record<string, string> | undefined;
  private search: string;
  private pairs: [string, string][] | undefined;
  private cookies: Record<string, string> | undefined;

  constructor(
    readonly request: RouterRequest,
    pathname: string,
    search: string,
  ) {
    this.path = pathname;
    this.requested = pathname;
    this.search = search;
  }

  header(name: string): string | undefined {
    if (this.requestHeaders) return this.requestHeaders[name];
    const value = this.request.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The request headers as they now are, one value per name. */
  currentHeaders(): Record<string, string> {
    if (this.requestHeaders) return this.requestHeaders;
    const out: Record<string, string> = {};
    for (const name of Object.keys(this.request.headers)) {
      const value = this.header(name);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  /** Whether a route rewrote the path asked for. */
  get rewritten(): boolean {
    return this.path !== this.requested;
  }

  replaceRequestHeaders(headers: Record<string, string>): void {
    this.requestHeaders = headers;
    this.cookies = undefined;
  }

  /** Whether a has/missing condition holds: null when not, else the named groups its value captured. */
  condition(c: CompiledCondition): Record<string, string | undefined> | null {
    const actual =
      c.type === 'host'
        ? this.request.host
        : c.type === 'header'
          ? this.header(c.key)
          : c.type === 'cookie'
            ? (this.cookies ??= parseCookies(this.header('cookie') ?? ''))[c.key]
            : this.queryValue(c.key);
    if (actual === undefined) return null;
    // Without a value the condition captures under its own key, as Next.js does (`:page` from `page`).
    if (!c.value) return { [c.key.replace(/[^A-Za-z0-9_]/g, '')]: actual };
    const m = c.value.exec(actual);
    return m ? (m.groups ?? {}) : null;
  }

  private queryValue(key: string): string | undefined {
    let found: string | undefined;
    for (const [k, v] of this.queryPairs()) if (k === key) found = v;
    return found;
  }

  private queryPairs(): [string, string][] {
    return (this.pairs ??= [...new URLSearchParams(this.search)]);
  }

  /** A destination's query merged in: its keys replace the request's keys of the same name. */
  mergeQuery(dest: [string, string][]): void {
    const keys = new Set(dest.map(([k]) => k));
    this.pairs = [...this.queryPairs().filter(([k]) => !keys.has(k)), ...dest];
  }

  /** The query pairs replaced by what `edit` makes of them. */
  editQuery(edit: (pairs: [string, string][]) => [string, string][]): void {
    this.pairs = edit(this.queryPairs());
  }

  replaceQuery(search: string): void {
    this.search = search.replace(/^\?/, '');
    this.pairs = undefined;
  }

  /** The query string now, without `?`; the request's own bytes while no route changed it. */
  query(): string {
    return this.pairs ? new URLSearchParams(this.pairs).toString() : this.search;
  }

  setHeader(name: string, value: string, important: boolean, keepExisting: boolean): void {
    const headers = (this.headers ??= new Map());
    const existing = headers.get(name);
    if (existing !== undefined && keepExisting) return;
    if (name === 'set-cookie' && existing !== undefined) headers.set(name, [existing, value].flat());
    else headers.set(name, value);
    if (important) (this.important ??= new Set()).add(name);
  }

  headerList(): HeaderList {
    const out: HeaderList = [];
    for (const [name, value] of this.headers ?? []) {
      if (Array.isArray(value)) for (const v of value) out.push([name, v]);
      else out.push([name, value]);
    }
    return out;
  }

  snapshot(): () => void {
    const { path: p, status, search, pairs, functionPath, requestHeaders } = this;
    const headers = this.headers && new Map(this.headers);
    const important = this.important && new Set(this.important);
    return () => {
      Object.assign(this, { path: p, status, search, pairs, headers, important, functionPath, requestHeaders });
    };
  }
}

/**
 * A request target's path decoded exactly once and normalised, so `.` and `..` can never climb
 * above the deployment's root; null when it cannot be served (bad percent-encoding, NUL byte).
 */
export function routedPath(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  return normalizePath(decoded);
}

/** `.` and `..` folded and repeated slashes merged, under a leading slash. */
export function normalizePath(decoded: string): string {
  return path.posix.normalize(decoded.startsWith('/') ? decoded : `/${decoded}`);
}
