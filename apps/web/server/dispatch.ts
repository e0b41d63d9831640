// Host/path dispatch of the front server (docs/architecture.md): deployment hosts go to the edge,
// API paths to the Hono app, everything else to Next.js, except page URLs holding a NUL byte (400).
import { hostnameOf } from '@nimbus/engine/src/edge/hosts';

export { hostnameOf as hostname };

export type Target = 'edge' | 'api' | 'zones' | 'next' | 'invalid';

const API_ROOT = /^\/(v\d+|teams)(\/|\?|$)/;
/** A NUL byte, raw or percent-encoded: no page takes one, and the database refuses it in text. */
const NUL = /%00|\u0000/i;

export function isDeploymentHost(host: string, deployDomain: string): boolean {
  return host.endsWith(`.${deployDomain}`) && host.length > deployDomain.length + 1;
}

export function classify(hostHeader: string | undefined, url: string, deployDomain: string): Target {
  if (isDeploymentHost(hostnameOf(hostHeader ?? ''), deployDomain)) return 'edge';
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return 'api';
  if (API_ROOT.test(url)) return 'api';
  if (url === '/.well-known/nimbus/zones.json') return 'zones';
  // The API answers these itself, in its error envelope; a page would hand the NUL to a query.
  if (NUL.test(url)) return 'invalid';
  return 'next';
}

/** `/api/v2/user?x` → `/v2/user?x`: the API answers the same paths at the origin root. */
export function stripApiPrefix(url: string): string {
  if (!url.startsWith('/api')) return url;
  const rest = url.slice(4);
  return rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
}
