// Decides which auth flow an API error starts (docs/spec.md §2 and §8); pure so the web app, tests and CLI share it.
import type { ApiError } from './api-error';

export const TWO_FACTOR_PATH = '/two-factor-required';

// Pages that are themselves part of granting a scope; redirecting there again would loop.
const SCOPE_FLOW_PATHS = ['/login/scope', '/oauth/git'];

export interface AuthErrorHandlers {
  currentPath: () => string;
  currentScope?: () => string | null | undefined;
  onMfaRequired?: (info: { teamSlug?: string; next: string }) => void;
  onMissingScope?: (info: { slug: string; next: string }) => void;
  onSamlRequired?: (teamSlug: string) => void;
}

function pathnameOf(path: string): string {
  return path.replace(/[?#].*$/, '');
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function twoFactorUrl(teamSlug: string | undefined, next: string): string {
  const query = new URLSearchParams();
  if (teamSlug) query.set('teamSlug', teamSlug);
  query.set('next', next);
  return `${TWO_FACTOR_PATH}?${query}`;
}

export function scopeLoginUrl(slug: string, next: string): string {
  const query = new URLSearchParams({ next, missingScope: '1' });
  return `/login/scope/${encodeURIComponent(slug)}?${query}`;
}

export function shouldRedirectForScope(pathname: string): boolean {
  const path = pathnameOf(pathname);
  return !SCOPE_FLOW_PATHS.some((prefix) => isUnder(path, prefix));
}

/**
 * Starts at most one auth flow for the error: two-factor first (nothing works without it), then
 * SAML for the team in use, then the scope login. The error is still thrown by the caller.
 */
export function dispatchAuthError(error: ApiError, handlers: AuthErrorHandlers): void {
  const next = handlers.currentPath();
  const scope = typeof error.scope === 'string' && error.scope !== '' ? error.scope : undefined;
  const currentScope = handlers.currentScope?.() ?? undefined;

  if (error.code === 'mfa_enforced') {
    if (pathnameOf(next) === TWO_FACTOR_PATH) return;
    const teamSlug = typeof error.teamSlug === 'string' ? error.teamSlug : (scope ?? currentScope);
    handlers.onMfaRequired?.({ teamSlug, next });
    return;
  }
  if (scope && error.saml && scope === currentScope) {
    handlers.onSamlRequired?.(scope);
    return;
  }
  if (error.code === 'missing_scope' && scope && shouldRedirectForScope(next)) {
    handlers.onMissingScope?.({ slug: scope, next });
  }
}
