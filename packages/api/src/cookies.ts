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

/** Where the SAML sign-in's nonce cookie is sent: the start and `complete` (services/sso.ts). */
const SSO_COOKIE_PATH = '/api/auth/sso';

/** The nonce binding a SAML sign-in to this browser: host-only, HttpOnly, Lax, for as long as the request lives. */
export function setSsoNonceCookie(c: Context, name: string, nonce: string, maxAgeMs: number): void {
  setCookie(c, name, nonce, {
    path: SSO_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSsoNonceCookie(c: Context, name: string): void {
  deleteCookie(c, name, { path: SSO_COOKIE_PATH, secure: secure(c) });
}
