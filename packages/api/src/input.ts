// Input no route can use, refused with a 400 before any route runs. A NUL byte (U+0000): PostgreSQL
// refuses it in text and jsonb, so one that slipped through would fail a query; wherever it is: the
// path, the query string (raw or as %00) or any key or value of a JSON body. Bodies of other types
// are the route's (the event stream parses its text/plain beacons and calls `refuseNul`). And a
// path or query string whose percent-encoding is not UTF-8 (`%ff`, a lone `%`): Hono hands such a
// parameter on undecoded, and a route that decodes it again would throw.
import { NUL_IN_URL } from '@nimbus/core';
import { DomainError } from '@nimbus/db';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

const NUL_MESSAGE = 'contains a NUL character (\\u0000), which Nimbus does not accept. Remove it and try again.';

/** Whether a parsed JSON value holds a NUL in any string or key, at any depth. */
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v));
  }
  return false;
}

const refused = (where: string) => new DomainError('bad_request', `${where} ${NUL_MESSAGE}`);

/** Throws a 400 when `value` holds a NUL; `where` names it in the message. */
export function refuseNul(value: unknown, where: string): void {
  if (hasNul(value)) throw refused(where);
}

const JSON_BODY = /^application\/([\w.-]*\+)?json\b/i;

/** Whether every `%` of `text` starts an escape and the escapes spell UTF-8. */
export function isWellEncoded(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const malformed = (where: string) =>
  new DomainError(
    'bad_request',
    `${where} has a malformed percent-encoding (a lone "%" or escapes that are not UTF-8, such as %ff). Encode each value with encodeURIComponent and try again.`,
  );

export const rejectBadInput: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url;
  const queryAt = url.indexOf('?');
  const [path, query] = queryAt < 0 ? [url, ''] : [url.slice(0, queryAt), url.slice(queryAt)];
  if (NUL_IN_URL.test(path)) throw refused('The path');
  if (NUL_IN_URL.test(query)) throw refused('The query string');
  if (!isWellEncoded(path)) throw malformed('The path');
  if (!isWellEncoded(query)) throw malformed('The query string');
  if (JSON_BODY.test(c.req.header('content-type') ?? '')) {
    const text = await c.req.text();
    // Only a parsed body can tell "\u0000" (a NUL) from "\\u0000" (a backslash); bad JSON is the route's to refuse.
    if (text.includes('\\u0000') || text.includes('\u0000')) {
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      refuseNul(parsed, 'The request body');
    }
  }
  await next();
};
