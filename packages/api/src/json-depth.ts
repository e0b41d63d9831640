// How deep a request body's JSON may nest. Parsing is not the danger (V8's JSON.parse copes), but
// every walk over the parsed value (the NUL check, zod, the services) recurses, and 20,000 levels
// overflow the stack: a 500 from a few kilobytes. The raw bytes are scanned once, before anything
// parses them, and a body past the limit is a 400. No Vercel client sends more than a dozen levels.
import { DomainError } from '@nimbus/db';
import type { Context } from 'hono';

export const MAX_JSON_DEPTH = 64;

/** Bodies that may be JSON: `application/json`, `application/*+json`, and the `text/plain` of beacons. */
const JSON_LIKE = /^(application\/([\w.-]*\+)?json|text\/plain)\b/i;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, counting brackets outside strings.
 * Works on UTF-8 bytes: every byte of a multi-byte character is 0x80 or more, so none is mistaken
 * for a bracket, a quote or a backslash. Text that is not JSON is counted the same way.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth--;
  }
  return false;
}

/**
 * Refuses a JSON (or text/plain) body nested deeper than MAX_JSON_DEPTH. It reads the body as bytes,
 * which Hono keeps, so routes still read it as text, JSON or bytes, unchanged. Call it only once the
 * body's size limit applies (body-limits.ts).
 */
export async function refuseDeepJson(c: Context): Promise<void> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || !c.req.raw.body) return;
  if (!JSON_LIKE.test(c.req.header('content-type') ?? '')) return;
  if (nestsDeeperThan(new Uint8Array(await c.req.arrayBuffer()), MAX_JSON_DEPTH))
    throw new DomainError(
      'bad_request',
      `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep. Send flatter JSON.`,
    );
}
