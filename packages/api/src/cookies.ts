// The browser cookies of a session: httpOnly session, readable isLoggedIn flag (docs/spec.md §3), and scope.

import { LOGGED_IN_COOKIE, SCOPE_COOKIE, SCOPE_COOKIE_DAYS } from '@nimbus/core';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'nimbus_session';

const secure = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';

export function setSessionCookies(c: Context, token: string, expiresAt: Date, scopeSlug: string): void {
  const base = { path: '/', sameSite: 'Lax' as const, secure: secure(c), expires: expiresAt };
  setCookie(c, SESSION_COOKIE, token, { ...base, httpOnly: true });
  setCookie(c, LOGGED_IN_COOKIE, '1', base);
  setScopeCookie(c, scopeSlug);
}

export function setScopeCookie(c: Context, slug: string): void {
  setCookie(c, SCOPE_COOKIE, slug, {
    path: '/',
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: SCOPE_COOKIE_DAYS * 86_400,
  });
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, LOGGED_IN_COOKIE, { path: '/' });
}

export const sessionToken = (c: Context) => getCookie(c, SESSION_COOKIE);
