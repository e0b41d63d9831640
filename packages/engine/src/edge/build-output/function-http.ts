// The HTTP side of calling a function from the edge: the request headers a function gets (the
// client's, with the forwarding headers), its request body held to Vercel's limit, and its answer
// written back with the route's headers. No routing and no state: serve.ts decides what answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Readable, Transform } from 'node:stream';
import type { FunctionResponse } from '../../functions/pool';

/** Vercel's limit on a function's request body. */
export const MAX_FUNCTION_BODY = 4.5 * 1024 * 1024;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

export function forwardedHeaders(req: IncomingMessage, base: Record<string, string | string[] | undefined>) {
  const headers: Record<string, string | string[] | undefined> = { ...base };
  for (const name of HOP_BY_HOP) delete headers[name];
  const ip = req.socket.remoteAddress ?? '';
  headers['x-forwarded-host'] = req.headers.host;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${ip}` : ip;
  headers['x-real-ip'] ??= ip;
  return headers;
}

export function writeFunction(
  res: ServerResponse,
  req: IncomingMessage,
  response: FunctionResponse,
  routeHeaders: [string, string][],
  important: string[],
  status?: number,
): void {
  const out = answerHeaders(routeHeaders, important, response.headers);
  out.set('x-nimbus-id', response.requestId);
  res.writeHead(status ?? response.status, Object.fromEntries(out));
  if (req.method === 'HEAD') {
    response.body.destroy();
    res.end();
    return;
  }
  response.body.on('error', () => res.destroy());
  res.on('close', () => response.body.destroy());
  response.body.pipe(res);
}

/** The request body, cut off with 413 past Vercel's limit. */
export function bodyOf(req: IncomingMessage): Readable | null {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  let seen = 0;
  return req.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        seen += chunk.length;
        if (seen > MAX_FUNCTION_BODY) done(new Error('body too large'));
        else done(null, chunk);
      },
    }),
  );
}

/**
 * The headers of a function's (or prerender's) answer: the route's, then the answer's own, which
 * replace them except where the route marked a header `important`; set-cookie lines are kept apart.
 */
export function answerHeaders(
  route: [string, string][],
  important: string[],
  own: [string, string][],
): Map<string, string | string[]> {
  const out = new Map<string, string | string[]>();
  for (const [name, value] of route) out.set(name.toLowerCase(), value);
  const setCookies: string[] = [];
  for (const [name, value] of own) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || important.includes(lower)) continue;
    if (lower === 'set-cookie') setCookies.push(value);
    else out.set(lower, value);
  }
  if (setCookies.length) out.set('set-cookie', setCookies);
  return out;
}

export function pathOnly(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}
