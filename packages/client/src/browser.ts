// Browser-only defaults of the fetch helper, kept apart so the helper itself runs unchanged in Node and the CLI.
import type { AuthErrorHandlers } from './redirects';
import { scopeLoginUrl, twoFactorUrl } from './redirects';

export function inBrowser(): boolean {
  return typeof window !== 'undefined' && typeof window.location !== 'undefined';
}

let unloading = false;
let watching = false;

/**
 * Requests cut off by navigating away reject like network failures. Remembering that the page is
 * being hidden lets the helper report them as aborts instead of alarming "network error" toasts.
 */
export function watchPageUnload(): void {
  if (watching || !inBrowser()) return;
  watching = true;
  window.addEventListener('pagehide', () => {
    unloading = true;
  });
  // A page restored from the back/forward cache is alive again.
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}

export function isPageUnloading(): boolean {
  return unloading;
}

export function browserPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Full-page redirects for two-factor and scope login; SAML needs a modal, so it has no default. */
export function browserAuthDefaults(): Omit<AuthErrorHandlers, 'currentScope' | 'onSamlRequired'> | undefined {
  if (!inBrowser()) return undefined;
  return {
    currentPath: browserPath,
    onMfaRequired: ({ teamSlug, next }) => window.location.assign(twoFactorUrl(teamSlug, next)),
    onMissingScope: ({ slug, next }) => window.location.assign(scopeLoginUrl(slug, next)),
  };
}
