// The `scope` cookie (docs/spec.md §3, §9): the slug of the team the user last switched to, kept 365 days so
// the next visit and the CLI's browser login open the same scope.
import { SCOPE_COOKIE, SCOPE_COOKIE_DAYS } from '@nimbus/core';

export function setScopeCookie(slug: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SCOPE_COOKIE}=${encodeURIComponent(slug)}; Max-Age=${SCOPE_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}
