import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorCode } from './api-error';
import {
  type AuthErrorHandlers,
  dispatchAuthError,
  scopeLoginUrl,
  shouldRedirectForScope,
  twoFactorUrl,
} from './redirects';

describe('scopeLoginUrl', () => {
  it.each([
    ['acme', '/acme/settings?tab=1#x', '/login/scope/acme?next=%2Facme%2Fsettings%3Ftab%3D1%23x&missingScope=1'],
    ['a b', '/', '/login/scope/a%20b?next=%2F&missingScope=1'],
  ])('%s, %s → %s', (slug, next, url) => {
    expect(scopeLoginUrl(slug, next)).toBe(url);
  });
});

describe('twoFactorUrl', () => {
  it.each([
    ['acme', '/acme', '/two-factor-required?teamSlug=acme&next=%2Facme'],
    [undefined, '/dashboard?x=1', '/two-factor-required?next=%2Fdashboard%3Fx%3D1'],
  ])('%s, %s → %s', (teamSlug, next, url) => {
    expect(twoFactorUrl(teamSlug, next)).toBe(url);
  });
});

describe('shouldRedirectForScope', () => {
  it.each([
    ['/acme', true],
    ['/login', true],
    ['/login/scopes', true],
    ['/oauth/github', true],
    ['/login/scope', false],
    ['/login/scope/acme', false],
    ['/login/scope/acme?next=%2F', false],
    ['/oauth/git', false],
    ['/oauth/git/callback', false],
  ])('%s → %s', (pathname, expected) => {
    expect(shouldRedirectForScope(pathname)).toBe(expected);
  });
});

describe('dispatchAuthError', () => {
  function handlers() {
    return {
      currentPath: () => '/acme/x',
      currentScope: () => 'acme',
      onMfaRequired: vi.fn<NonNullable<AuthErrorHandlers['onMfaRequired']>>(),
      onMissingScope: vi.fn<NonNullable<AuthErrorHandlers['onMissingScope']>>(),
      onSamlRequired: vi.fn<NonNullable<AuthErrorHandlers['onSamlRequired']>>(),
    };
  }
  const error = (code: ApiErrorCode, fields: Record<string, unknown> = {}) =>
    new ApiError('x', { status: 403, code, fields: { code, ...fields } });

  it('prefers an explicit teamSlug, then the error scope, then the current scope for two-factor', () => {
    const h = handlers();
    dispatchAuthError(error('mfa_enforced', { teamSlug: 'explicit', scope: 'acme' }), h);
    dispatchAuthError(error('mfa_enforced', { scope: 'from-error' }), h);
    dispatchAuthError(error('mfa_enforced'), h);
    expect(h.onMfaRequired.mock.calls.map(([info]) => info.teamSlug)).toEqual(['explicit', 'from-error', 'acme']);
  });

  it('starts only one flow: SAML wins over the scope login for the current team', () => {
    const h = handlers();
    dispatchAuthError(error('missing_scope', { scope: 'acme', saml: true }), h);
    expect(h.onSamlRequired).toHaveBeenCalledWith('acme');
    expect(h.onMissingScope).not.toHaveBeenCalled();
  });

  it('ignores missing_scope without a scope slug and unrelated codes', () => {
    const h = handlers();
    dispatchAuthError(error('missing_scope'), h);
    dispatchAuthError(error('forbidden', { scope: 'acme' }), h);
    expect(h.onMissingScope).not.toHaveBeenCalled();
    expect(h.onSamlRequired).not.toHaveBeenCalled();
    expect(h.onMfaRequired).not.toHaveBeenCalled();
  });
});
