// Consent on Nimbus's own site (docs/spec.md §7): the `consent` cookie holds the visitor's choice as
// JSON, and its `analytics` field decides whether any tracker may run. `GET /api/show-consent-banner`
// says whether this visitor must be asked first. Parsing lives here so the server (which reads the
// cookie on API calls) and the browser read the cookie the same way.

export const CONSENT_COOKIE = 'consent';
export const CONSENT_COOKIE_DAYS = 365;
export const CONSENT_BANNER_PATH = '/api/show-consent-banner';

export interface Consent {
  /** Analytics and tracking of any kind (insights script, search analytics, activity stream, flags exposures). */
  analytics: boolean;
  /** When the choice was made (ms since epoch). */
  updatedAt: number;
}

/** The cookie's value as the browser stores it (URL-encoded JSON). */
export function encodeConsent(consent: Consent): string {
  return encodeURIComponent(JSON.stringify({ analytics: consent.analytics, updatedAt: consent.updatedAt }));
}

/** The visitor's recorded choice, or null when there is none or the cookie cannot be read. */
export function parseConsent(value: string | undefined | null): Consent | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { analytics, updatedAt } = parsed as Record<string, unknown>;
    if (typeof analytics !== 'boolean') return null;
    return { analytics, updatedAt: typeof updatedAt === 'number' ? updatedAt : 0 };
  } catch {
    return null;
  }
}

/**
 * Whether tracking is allowed: an explicit choice always wins; without one, only when this visitor
 * need not be asked (`showBanner` false). Unknown (`showBanner` undefined: not yet answered) is a no.
 */
export function analyticsAllowed(consent: Consent | null, showBanner: boolean | undefined): boolean {
  if (consent) return consent.analytics;
  return showBanner === false;
}

/** NIMBUS_CONSENT_BANNER: ask everyone, ask no one, or ask by the visitor's country. */
export type ConsentBannerMode = 'auto' | 'always' | 'never';

/**
 * Where consent is asked in `auto` mode (ISO 3166-1 alpha-2): the EU, the rest of the EEA (Iceland,
 * Liechtenstein, Norway), the United Kingdom (GB, and UK as some proxies write it) and Switzerland.
 */
export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set([
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT'],
  ...['LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  ...['IS', 'LI', 'NO'],
  ...['GB', 'UK', 'CH'],
]);

/** Codes proxies send when they do not know the country (unknown, Tor, anonymous proxy, satellite, region-only). */
const NOT_A_COUNTRY = new Set(['XX', 'ZZ', 'T1', 'A1', 'A2', 'O1', 'EU', 'AP']);

/**
 * Whether this visitor must be asked before any tracking (`GET /api/show-consent-banner`).
 * `auto` asks unless the country header names a country outside the EU/EEA, the UK and
 * Switzerland: no header, an empty one or one that is not a country code means "ask".
 */
export function showConsentBanner(mode: ConsentBannerMode, country: string | undefined | null): boolean {
  if (mode === 'never') return false;
  if (mode === 'always') return true;
  const code = country?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code) || NOT_A_COUNTRY.has(code)) return true;
  return CONSENT_COUNTRIES.has(code);
}

/** The cookies trackers set, removed when the visitor declines (docs search analytics: `_ALGOLIA`). */
export const TRACKING_COOKIES = ['_ALGOLIA'] as const;

/** The local storage trackers write, removed when the visitor declines (search-insights' query cache). */
export const TRACKING_STORAGE_KEYS = ['AlgoliaObjectQueryCache'] as const;

/** The site's own insights script, served by the front server for NIMBUS_SITE_ANALYTICS_PROJECT. */
export const SITE_INSIGHTS_SCRIPT_PATH = '/_nimbus/insights/script.js';

/** The console message when the insights script cannot load (docs/spec.md §8, "Analytics script fails to load"). */
export const INSIGHTS_SCRIPT_FAILED_MESSAGE =
  'Nimbus Analytics: the insights script failed to load. Check that no ad blocker stops /_nimbus/insights/script.js, or enable Analytics for this project and redeploy.';
