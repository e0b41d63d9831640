// The browser's API helper (docs/spec.md §7) for every dashboard call. Created on first use, in an event
// handler or effect, so server rendering never builds one without the browser defaults. A call the
// server refuses for want of a SAML sign-in to the page's own team opens the SAML sign-in modal
// (SamlRequiredListener), as docs/spec.md §8 says. Failed calls go to error reporting (lib/error-reporting.ts).
import { ApiError, type ApiFetch, createFetcher } from '@nimbus/client';
import { reportFailedCall } from '@/lib/error-reporting';
import { urlTeamSlug } from './url-scope';

export const SAML_REQUIRED_EVENT = 'nimbus:saml-required';

let fetcher: ApiFetch | undefined;

export function api(): ApiFetch {
  return (fetcher ??= createFetcher({
    currentScope: () => urlTeamSlug(window.location.pathname, new URLSearchParams(window.location.search)),
    onSamlRequired: (teamSlug) => window.dispatchEvent(new CustomEvent(SAML_REQUIRED_EVENT, { detail: teamSlug })),
    onError: reportFailedCall,
  }));
}

/** The message to show for a failed call: the API's own words (error.message) when it gave some. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return 'Something went wrong. Try again.';
}

/** Cancelled requests (navigation, unmount) are not failures worth telling anyone about. */
export function isAbort(error: unknown): boolean {
  return error instanceof ApiError && error.isAbort;
}
