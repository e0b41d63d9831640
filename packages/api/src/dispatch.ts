// Host/path dispatch of the front server (docs/architecture.md): deployment hosts go to the edge,
// Caddy's TLS ask to its own handler (tls-ask.ts), the CLI's tarball to cli-package.ts, API requests to the Hono app, everything else to
// Next.js, except page URLs holding a NUL byte (400).
import type { IncomingHttpHeaders } from 'node:http';
import { NUL_IN_URL } from '@nimbus/core';
import { hostnameOf, resolveHost } from '@nimbus/engine/src/edge/hosts';

export { hostnameOf as hostname };

export type Target = 'edge' | 'tls-ask' | 'api' | 'zones' | 'cli' | 'next' | 'invalid';

const API_ROOT = /^\/(v\d+|teams)(\/|\?|$)/;
const TLS_ASK = /^\/api\/tls\/ask(\?|$)/;
/** The CLI this server hands out (server/cli-package.ts); `/cli` itself is a page. */
const CLI_PACKAGE = /^\/cli\/(nimbus\.tgz|version)(\?|$)/;
/** A project's git remote (`git clone <public URL>/git/<team>/<project>.git`). */
const GIT_REMOTE = /^\/git\/[^/?]+\/[^/?]+\.git(\/|\?|$)/;
/** What a browser's own form post sends: a server action without JavaScript stays with Next.js. */
const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i;

export function isDeploymentHost(host: string, deployDomain: string): boolean {
  return host.endsWith(`.${deployDomain}`) && host.length > deployDomain.length + 1;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : value) ?? '';
};

/**
 * A request the dashboard never makes, whatever its path: a bearer token, a JSON-only `Accept`, or a
 * method other than GET/HEAD (server actions and plain form posts excepted). Vercel's clients call
 * unprefixed paths (`/now/...`, `/projects/...`), so those reach the API and an unknown one is a
 * JSON 404, never the dashboard's HTML (docs/vercel-compatibility.md).
 */
export function isApiRequest(method: string, headers: IncomingHttpHeaders): boolean {
  if (/^bearer\s/i.test(header(headers, 'authorization'))) return true;
  const accept = header(headers, 'accept');
  if (accept.includes('application/json') && !accept.includes('text/html')) return true;
  if (method === 'GET' || method === 'HEAD') return false;
  if (headers['next-action'] || FORM_TYPES.test(header(headers, 'content-type'))) return false;
  return true;
}

/**
 * A custom domain or alias (`www.example.com`): a domain name that is neither the public URL's host
 * nor on the deploy domain, nor an IP literal or a dotless name such as `localhost`. The edge answers
 * it (its not-found page when no verified domain has that name); the dashboard and API stay on the
 * public URL's host, IP addresses and `localhost`.
 */
export function isCustomDomainHost(host: string, deployDomain: string, publicHost: string): boolean {
  if (host === publicHost || host.endsWith(`.${deployDomain}`)) return false;
  // The edge's own rule for which names it could serve (no IP literals, no dotless or deploy-domain names).
  return resolveHost(host, deployDomain) !== null;
}

/** Whether a Host header names a deployment host or a custom domain: the edge's, whatever the path. */
export function isEdgeHost(hostHeader: string, deployDomain: string, publicHost?: string): boolean {
  const host = hostnameOf(hostHeader);
  if (isDeploymentHost(host, deployDomain)) return true;
  return publicHost !== undefined && isCustomDomainHost(host, deployDomain, publicHost);
}

export function classify(
  hostHeader: string | undefined,
  url: string,
  deployDomain: string,
  request: { method?: string; headers?: IncomingHttpHeaders } = {},
  publicHost?: string,
): Target {
  if (isEdgeHost(hostHeader ?? '', deployDomain, publicHost)) return 'edge';
  if (TLS_ASK.test(url)) return 'tls-ask';
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return 'api';
  if (API_ROOT.test(url)) return 'api';
  if (GIT_REMOTE.test(url)) return 'api';
  if (url === '/.well-known/nimbus/zones.json') return 'zones';
  // npm and the CLI fetch these with any Accept header; they are never the API's.
  if (CLI_PACKAGE.test(url)) return 'cli';
  if (isApiRequest(request.method ?? 'GET', request.headers ?? {})) return 'api';
  // The API answers these itself, in its error envelope; a page would hand the NUL to a query.
  if (NUL_IN_URL.test(url)) return 'invalid';
  return 'next';
}

/** `/api/v2/user?x` → `/v2/user?x`: the API answers the same paths at the origin root. */
export function stripApiPrefix(url: string): string {
  if (!url.startsWith('/api')) return url;
  const rest = url.slice(4);
  return rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
}
