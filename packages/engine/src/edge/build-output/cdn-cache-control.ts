// Vercel's rules for what its CDN keeps of a function's response, as pure functions: which header
// decides (Vercel-CDN-Cache-Control, then CDN-Cache-Control, then Cache-Control), for how long, which
// requests and responses are never kept, what the browser is sent instead of the CDN's directives, and
// the cache key's parts. edge-cache.ts stores what these allow; serve.ts asks them.
import type { IncomingHttpHeaders } from 'node:http';

/** Vercel caches only these statuses (its "Cacheable responses" list). */
export const CACHEABLE_STATUSES = new Set([200, 404, 301, 308]);
/** Vercel's bounds on a cache time. */
const MAX_SECONDS = 31_536_000;
/** What Vercel sends the browser when the CDN consumed the whole Cache-Control. */
export const BROWSER_DEFAULT = 'public, max-age=0, must-revalidate';
/** Cookies that ask for a fresh render: Next.js draft mode and Vercel's own switch. */
const BYPASS_COOKIES = /(?:^|;\s*)(?:__prerender_bypass=|_vercel_no_cache=1(?:;|$))/;

export interface CachePolicy {
  /** Seconds the response is fresh. */
  maxAge: number;
  staleWhileRevalidate: number;
  staleIfError: number;
  /** True when the time came from Cache-Control, whose CDN directives the browser must not see. */
  fromCacheControl: boolean;
}

type Headers = Map<string, string | string[]>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : v);

/** `max-age=60, public` → { 'max-age': '60', public: '' } (names lower case). */
export function directives(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name!.trim().toLowerCase();
    if (key) out.set(key, rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return out;
}

function seconds(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Math.min(Number(value), MAX_SECONDS);
}

/**
 * Why this request is never answered from or stored in the cache, or null. Vercel bypasses its cache
 * for other methods than GET and HEAD, `Authorization`, `Range`, Next.js draft mode's cookie and
 * `_vercel_no_cache=1` (cookie or query), and ISR's revalidation header.
 */
export function bypassReason(method: string, headers: IncomingHttpHeaders, query: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return 'method';
  if (headers.authorization) return 'authorization';
  if (headers.range) return 'range';
  if (headers['x-prerender-revalidate']) return 'revalidate';
  if (headers.cookie && BYPASS_COOKIES.test(headers.cookie)) return 'cookie';
  if (new URLSearchParams(query).get('_vercel_no_cache') === '1') return 'query';
  return null;
}

/**
 * How long the CDN may keep a response with these (merged, lower-case) headers, or null when it may
 * not. The first of Vercel-CDN-Cache-Control, CDN-Cache-Control and Cache-Control decides; in the CDN
 * headers `s-maxage` or `max-age` sets the time, in Cache-Control only `s-maxage` (its `max-age` is
 * the browser's). `private`, `no-store` and `no-cache` in the deciding header, a `Set-Cookie`, and a
 * `Vary` of `*` or `Cookie` (Vercel stopped caching those) keep it out, as do other statuses than
 * Vercel's list.
 */
export function cachePolicy(status: number, headers: Headers): CachePolicy | null {
  if (!CACHEABLE_STATUSES.has(status)) return null;
  if (headers.has('set-cookie')) return null;
  const vary = varyNames(headers);
  if (vary === null || vary.includes('cookie')) return null;
  const vercel = one(headers.get('vercel-cdn-cache-control'));
  const cdn = one(headers.get('cdn-cache-control'));
  const chosen = vercel ?? cdn ?? one(headers.get('cache-control'));
  if (chosen === undefined) return null;
  const fromCacheControl = vercel === undefined && cdn === undefined;
  const d = directives(chosen);
  if (d.has('private') || d.has('no-store') || d.has('no-cache')) return null;
  const maxAge = seconds(d.get('s-maxage')) ?? (fromCacheControl ? null : seconds(d.get('max-age')));
  if (!maxAge) return null;
  return {
    maxAge,
    staleWhileRevalidate: seconds(d.get('stale-while-revalidate')) ?? 0,
    staleIfError: seconds(d.get('stale-if-error')) ?? 0,
    fromCacheControl,
  };
}

/** The lower-case header names `Vary` lists, sorted; null for `Vary: *`. */
export function varyNames(headers: Headers): string[] | null {
  const value = one(headers.get('vary'));
  if (!value) return [];
  const names = [
    ...new Set(
      value
        .split(',')
        .map((n) => n.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return names.includes('*') ? null : names.sort();
}

/** The cache key's last part: the request's values of the Vary names ('' without Vary). */
export function variantOf(vary: string[], request: IncomingHttpHeaders): string {
  if (!vary.length) return '';
  return JSON.stringify(vary.map((name) => [name, one(request[name]) ?? '']));
}

/** The tags of `Vercel-Cache-Tag` (comma-separated), what the purge routes name. */
export function cacheTags(headers: Headers): string[] {
  const value = one(headers.get('vercel-cache-tag'));
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The headers the client gets, in place: Vercel-CDN-Cache-Control and Vercel-Cache-Tag are for
 * Vercel's CDN only. When the CDN took its time from Cache-Control, Vercel consumes `s-maxage` and
 * `stale-while-revalidate` there; what remains goes to the browser, or `public, max-age=0,
 * must-revalidate` when nothing of it is for the browser.
 */
export function clientHeaders(headers: Headers, policy: CachePolicy | null): void {
  headers.delete('vercel-cdn-cache-control');
  headers.delete('vercel-cache-tag');
  if (!policy?.fromCacheControl) return;
  const d = directives(one(headers.get('cache-control')) ?? '');
  d.delete('s-maxage');
  d.delete('stale-while-revalidate');
  d.delete('stale-if-error');
  const left = [...d].filter(([name]) => name !== 'public');
  headers.set(
    'cache-control',
    left.length ? [...d].map(([name, value]) => (value ? `${name}=${value}` : name)).join(', ') : BROWSER_DEFAULT,
  );
}
