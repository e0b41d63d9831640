// What a middleware's answer means for routing, by the `x-middleware-*` protocol Next.js middleware
// speaks (the same rules as Next's own router, server/lib/router-utils/resolve-routes.ts):
// - `x-middleware-rewrite: <url>` routes on at that URL's path and query (another origin: a proxy);
// - `x-middleware-next: 1` routes on unchanged;
// - neither: the middleware's answer is the response (a redirect when it carries a 3xx and Location);
// - `x-middleware-override-headers: a,b` + `x-middleware-request-<a>`: the request headers the
//   rest of the chain sees become exactly the listed ones, with those values;
// - `x-middleware-set-cookie` goes to the function as a request header (Next merges it into the
//   cookies a page reads), never to the client;
// - any other header is added to the final response.
import type { HeaderList } from '../responses';

/** A middleware function's answer; `headers` may be a fetch `Headers` (set-cookie stays split). */
export interface MiddlewareResponse<B = unknown> {
  status: number;
  headers: Iterable<[string, string]>;
  body?: B;
}

export type MiddlewareOutcome<B> =
  | { kind: 'respond'; status: number; headers: HeaderList; body?: B }
  | { kind: 'redirect'; status: number; location: string; headers: HeaderList }
  | {
      kind: 'continue';
      /** The new path and query (`/dynamic?from=proxy`) or an absolute URL elsewhere. */
      rewrite?: string;
      /** The complete request headers from now on, when the middleware changed them. */
      requestHeaders?: Record<string, string>;
      /** Headers to add to whatever finally answers. */
      headers: HeaderList;
    };

// Hop-by-hop and framing headers describe the middleware's own answer, not the final one.
const DROPPED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export function readMiddleware<B>(
  answer: MiddlewareResponse<B>,
  request: Readonly<Record<string, string | undefined>>,
): MiddlewareOutcome<B> {
  const internal = new Map<string, string>();
  const headers: HeaderList = [];
  for (const [rawName, value] of answer.headers) {
    const name = rawName.toLowerCase();
    if (name.startsWith('x-middleware-')) internal.set(name, value);
    else if (!DROPPED.has(name)) headers.push([name, value]);
  }
  const rewrite = internal.get('x-middleware-rewrite');
  if (!rewrite && !internal.has('x-middleware-next')) {
    const location = headers.find(([n]) => n === 'location')?.[1];
    if (location && answer.status >= 300 && answer.status < 400)
      return { kind: 'redirect', status: answer.status, location, headers: headers.filter(([n]) => n !== 'location') };
    return {
      kind: 'respond',
      status: answer.status,
      headers,
      ...(answer.body !== undefined ? { body: answer.body } : {}),
    };
  }
  let requestHeaders: Record<string, string> | undefined;
  const overridden = internal.get('x-middleware-override-headers');
  if (overridden !== undefined) {
    requestHeaders = {};
    for (const name of overridden.split(',')) {
      const key = name.trim().toLowerCase();
      const value = internal.get(`x-middleware-request-${key}`);
      if (key && value !== undefined) requestHeaders[key] = value;
    }
  }
  const setCookie = internal.get('x-middleware-set-cookie');
  if (setCookie !== undefined) {
    requestHeaders ??= withoutUndefined(request);
    requestHeaders['x-middleware-set-cookie'] = setCookie;
  }
  return { kind: 'continue', ...(rewrite ? { rewrite } : {}), ...(requestHeaders ? { requestHeaders } : {}), headers };
}

function withoutUndefined(headers: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = v;
  return out;
}
