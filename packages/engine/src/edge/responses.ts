// Responses the edge builds once and replays: its own pages (unknown host, still building, 404 ...)
// and the header lists of files, kept as the flat [name, value, ...] arrays `res.writeHead` takes
// without copying them into a header map on every request.
import {
  type IncomingMessage,
  type ServerResponse,
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';

export type HeaderList = [string, string][];

export interface StaticResponse {
  status: number;
  headers: string[];
  body: Buffer;
  /** Its status line and headers as bytes, for the front server's fast lane (wireHead); built on first use. */
  wire?: Buffer | null;
}

export const NOSNIFF: HeaderList = [['x-content-type-options', 'nosniff']];

/** `base` then `extra` (the project's `headers` rules), a later name replacing an earlier one, flattened. */
export function flatHeaders(base: HeaderList, extra: HeaderList = []): string[] {
  const merged = new Map<string, string>();
  for (const [name, value] of [...base, ...extra]) merged.set(name.toLowerCase(), value);
  return [...merged].flat();
}

export function staticResponse(status: number, body: Buffer, base: HeaderList, extra?: HeaderList): StaticResponse {
  return { status, body, headers: flatHeaders([...NOSNIFF, ...base, ['content-length', String(body.length)]], extra) };
}

/**
 * A status line and flat header list as the bytes node:http would write for them, without the
 * headers it adds per response (date, connection) or the blank line that ends the head: the front
 * server's fast lane (apps/web/server/fast-lane.ts) appends those. Null when a name or value would
 * not pass node:http's own checks (a project's header rule with a control character): such an
 * answer keeps taking node:http's path, which refuses it the same way as before.
 */
export function wireHead(status: number, headers: string[]): Buffer | null {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
  try {
    for (let i = 0; i < headers.length; i += 2) {
      validateHeaderName(headers[i]!);
      validateHeaderValue(headers[i]!, headers[i + 1]);
      head += `${headers[i]}: ${headers[i + 1]}\r\n`;
    }
  } catch {
    return null;
  }
  return Buffer.from(head, 'latin1');
}

/** Node drops the body of a HEAD response by itself, so HEAD and GET share this path. */
export function sendStatic(res: ServerResponse, response: StaticResponse): void {
  res.writeHead(response.status, response.headers);
  res.end(response.body);
}

/** Text made safe to put in the pages' HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:#fff;color:#111}' +
  'main{max-width:32rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#555;margin:0 0 1rem}small{color:#888}' +
  '@media (prefers-color-scheme:dark){body{background:#000;color:#eee}p{color:#aaa}}';

/** A page with its status; no-store for anything that changes when a build ends or an alias moves. */
export function page(
  status: number,
  title: string,
  message: string,
  extra?: HeaderList,
  cacheControl = 'no-store',
): StaticResponse {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1><p>${message}</p><small>Nimbus</small></main></body></html>`;
  const base: HeaderList = [
    ['content-type', 'text/html; charset=utf-8'],
    ['cache-control', cacheControl],
  ];
  return staticResponse(status, Buffer.from(html), base, extra);
}

export const NOT_FOUND_TITLE = '404: This page could not be found';
export const NOT_FOUND_MESSAGE = 'The deployment has no file at this path. Check the address for typos.';

export const pages = {
  unknownHost: page(
    404,
    'No deployment at this address',
    'Nothing is deployed at this address. Check the URL, or deploy with <code>nimbus deploy</code>.',
  ),
  building: page(
    503,
    'This deployment is still building',
    'The build has not finished yet. Reload this page in a few seconds.',
    [['retry-after', '5']],
  ),
  failed: page(
    404,
    'This deployment failed',
    'Its build ended with an error, so there is nothing to serve. Open the deployment in the dashboard to read the build logs.',
  ),
  canceled: page(
    404,
    'This deployment was canceled',
    'Its build was canceled before it finished, so there is nothing to serve.',
  ),
  notFound: page(404, NOT_FOUND_TITLE, NOT_FOUND_MESSAGE, undefined, 'public, max-age=0, must-revalidate'),
  badRequest: page(400, 'Bad request', 'The address is not a valid path (malformed percent-encoding or a NUL byte).'),
  methodNotAllowed: page(
    405,
    'Method not allowed',
    'This deployment is static: only GET and HEAD requests are answered.',
    [['allow', 'GET, HEAD']],
  ),
  noFunctions: page(
    503,
    'This deployment runs server code',
    'This Nimbus process serves static files only: its operator has not enabled function runners here.',
    [['retry-after', '30']],
  ),
  frozen: page(
    403,
    'This account is frozen',
    'The team that owns this deployment has had its account frozen, so its deployments are not served. Its owners can contact Nimbus support from the dashboard.',
  ),
  paused: page(
    503,
    'This deployment is paused',
    'The team that owns this site paused its production deployments when its monthly spend reached its budget. An owner can resume them on the Usage page of the dashboard.',
  ),
  unavailable: page(
    503,
    'This deployment cannot be served right now',
    'The edge could not reach its database or file store. Reload the page in a few seconds.',
    [['retry-after', '5']],
  ),
};

/**
 * A project domain set to redirect (`www` → apex): the same path and query on the other domain, with
 * the request's scheme (`x-forwarded-proto` from a TLS proxy in front) and port.
 */
export function redirectTo(target: { to: string; status: number }, req: IncomingMessage, res: ServerResponse): void {
  const forwarded = req.headers['x-forwarded-proto'];
  const proto =
    (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  const host = req.headers.host ?? '';
  const colon = host.startsWith('[') ? host.indexOf(':', host.indexOf(']')) : host.indexOf(':');
  const port = colon < 0 ? '' : host.slice(colon);
  const location = `${proto}://${target.to}${port}${req.url ?? '/'}`;
  res.writeHead(target.status, {
    location,
    'content-type': 'text/plain; charset=utf-8',
    ...Object.fromEntries(NOSNIFF),
  });
  res.end(`Redirecting to ${location}\n`);
}
