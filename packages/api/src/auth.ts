// Authentication: a bearer token (API, CLI, Vercel clients) or the session cookie (browser).
// Cookie-authenticated requests that change state must prove they come from our own origin (CSRF).

import { authenticateToken, DomainError, sessionForToken, type User, userForSession } from '@nimbus/db';
import type { Context, MiddlewareHandler } from 'hono';
import { clientOf } from './client-ip';
import type { AppEnv } from './context';
import { sessionToken } from './cookies';
import { createContext, type ServiceContext } from './services/context';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db } = c.var.options;
  const header = c.req.header('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const found = match ? await authenticateToken(db, match[1]!) : null;
    if (!found)
      throw new DomainError(
        'invalid_token',
        'The token is not valid or has expired. Create a new one in Account settings → Tokens.',
      );
    c.set('user', found.user);
    c.set('token', found.token);
    c.set('via', 'token');
    c.set('ctx', contextFor(c));
    return next();
  }
  const cookie = sessionToken(c);
  const session = cookie ? await sessionForToken(db, cookie) : null;
  if (!session)
    throw new DomainError(
      'not_authenticated',
      'You are not logged in. Log in, or send a token as "Authorization: Bearer <token>".',
    );
  if (!SAFE.has(c.req.method)) requireSameOrigin(c);
  c.set('user', session.user);
  c.set('token', null);
  c.set('via', 'session');
  c.set('ctx', contextFor(c, session.sessionId));
  return next();
};

/**
 * Who calls a public route, when it says: the user of a valid bearer token or session cookie, else
 * null. Never throws: a public route answers the anonymous too, and decides what they may do. The
 * cookie names the caller of a write only when it comes from our own origin (CSRF).
 */
export async function optionalCaller(c: Context<AppEnv>): Promise<User | null> {
  const { db } = c.var.options;
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (bearer) return (await authenticateToken(db, bearer))?.user ?? null;
  const cookie = sessionToken(c);
  if (!cookie || (!SAFE.has(c.req.method) && provenanceOf(c) !== 'same-origin')) return null;
  return userForSession(db, cookie);
}

/** The service context of this request: the caller, and the team asked for by `?teamId=` or `?slug=`. */
function contextFor(c: Context<AppEnv>, sessionId: string | null = null): ServiceContext {
  const actor = { user: c.var.user, token: c.var.token, via: c.var.via, sessionId };
  return createContext(c.var.options, actor, c.req.query('teamId') || c.req.query('slug'), clientOf(c));
}

/** Where a request says it comes from: our own origin, another site, or nothing said (not a browser). */
type Provenance = 'same-origin' | 'cross-site' | 'unknown';

/**
 * A request is same-origin when its Origin is the public URL's origin (NIMBUS_PUBLIC_URL) or names
 * the Host it was sent to, or, without an Origin, when the browser says `Sec-Fetch-Site: same-origin`.
 * Browsers send Origin with every POST, PUT, PATCH and DELETE, so only other clients say nothing.
 */
export function provenanceOf(c: Context<AppEnv>): Provenance {
  const origin = c.req.header('origin');
  if (origin) {
    if (origin === new URL(c.var.options.publicUrl).origin) return 'same-origin';
    return URL.canParse(origin) && new URL(origin).host === c.req.header('host') ? 'same-origin' : 'cross-site';
  }
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite === 'same-origin') return 'same-origin';
  return fetchSite ? 'cross-site' : 'unknown';
}

/** Public routes (login, sign-up, forms): refuses another site's request; clients that say nothing may call. */
export function checkOrigin(c: Context<AppEnv>): void {
  if (provenanceOf(c) === 'cross-site')
    throw new DomainError('forbidden', 'Cross-site requests are not allowed. Use the dashboard or an API token.');
}

/**
 * A change made with the session cookie (CSRF): only from our own origin, proven by Origin or
 * Sec-Fetch-Site. A request that proves nothing is refused too: programs send a bearer token.
 */
export function requireSameOrigin(c: Context<AppEnv>): void {
  if (provenanceOf(c) === 'same-origin') return;
  throw new DomainError(
    'forbidden_origin',
    `Changes made with a login session must come from the Nimbus dashboard at ${c.var.options.publicUrl}: this request's Origin header is missing or names another site. Reload the page and try again, or send an API token as "Authorization: Bearer <token>".`,
  );
}
