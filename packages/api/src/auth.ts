// Authentication: a bearer token (API, CLI, Vercel clients) or the session cookie (browser).
// Cookie-authenticated requests that change state must come from our own origin (CSRF).

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
  if (!SAFE.has(c.req.method))
    checkOrigin(c.req.header('origin'), c.req.header('sec-fetch-site'), c.req.header('host'));
  c.set('user', session.user);
  c.set('token', null);
  c.set('via', 'session');
  c.set('ctx', contextFor(c, session.sessionId));
  return next();
};

/**
 * Who calls a public route, when it says: the user of a valid bearer token or session cookie, else
 * null. Never throws: a public route answers the anonymous too, and decides what they may do.
 */
export async function optionalCaller(c: Context<AppEnv>): Promise<User | null> {
  const { db } = c.var.options;
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (bearer) return (await authenticateToken(db, bearer))?.user ?? null;
  const cookie = sessionToken(c);
  return cookie ? userForSession(db, cookie) : null;
}

/** The service context of this request: the caller, and the team asked for by `?teamId=` or `?slug=`. */
function contextFor(c: Context<AppEnv>, sessionId: string | null = null): ServiceContext {
  const actor = { user: c.var.user, token: c.var.token, via: c.var.via, sessionId };
  return createContext(c.var.options, actor, c.req.query('teamId') || c.req.query('slug'), clientOf(c));
}

/** Rejects cross-site state changes made with the session cookie. */
export function checkOrigin(origin: string | undefined, fetchSite: string | undefined, host: string | undefined): void {
  if (origin) {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost !== host)
      throw new DomainError('forbidden', 'Cross-site requests are not allowed. Use the dashboard or an API token.');
  } else if (fetchSite === 'cross-site') {
    throw new DomainError('forbidden', 'Cross-site requests are not allowed. Use the dashboard or an API token.');
  }
}
