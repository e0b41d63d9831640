// Consent on Nimbus's own site (packages/core/src/consent.ts): whether a visitor must be asked before
// any tracking, from the operator's NIMBUS_CONSENT_BANNER and the country header their proxy sets;
// and whether a request's `consent` cookie declines analytics, in which case the event stream and
// search analytics answer as if they stored the event and store nothing.
import { parseConsent, showConsentBanner } from '@nimbus/core';
import type { ApiOptions } from './options';

/** `GET /api/show-consent-banner`: `headers` reads one request header by (lower-case) name. */
export function showBanner(
  options: Pick<ApiOptions, 'consentBanner' | 'countryHeader'>,
  header: (name: string) => string | undefined,
): { showBanner: boolean } {
  const country = options.countryHeader ? header(options.countryHeader) : undefined;
  return { showBanner: showConsentBanner(options.consentBanner ?? 'auto', country) };
}

/** True when the request's consent cookie records that the visitor declined analytics. */
export function analyticsDeclined(cookieValue: string | undefined): boolean {
  return parseConsent(cookieValue)?.analytics === false;
}
