// The browser's side of consent (packages/core/src/consent.ts): every tracker on Nimbus's own pages
// (the insights script, docs search analytics and its cookie, the upgrade beacon, the activity
// stream, feature-flag exposures) asks `whenAnalyticsAllowed` or `analyticsAllowedNow` before it
// sends anything. The banner records the choice with `recordConsent`, which wakes waiting trackers.
'use client';

import {
  analyticsAllowed,
  CONSENT_BANNER_PATH,
  CONSENT_COOKIE,
  CONSENT_COOKIE_DAYS,
  type Consent,
  encodeConsent,
  parseConsent,
  TRACKING_COOKIES,
  TRACKING_STORAGE_KEYS,
} from '@nimbus/core';

const CONSENT_EVENT = 'nimbus:consent';
const PREFERENCES_EVENT = 'nimbus:consent-preferences';
let showBanner: Promise<boolean> | undefined;
let showBannerValue: boolean | undefined;

/** A cookie's raw (still URL-encoded) value, or undefined when the page has none of that name. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

/** The visitor's recorded choice, or null when they have not chosen. */
export function readConsent(): Consent | null {
  return parseConsent(readCookie(CONSENT_COOKIE));
}

/** Whether this visitor must be asked (`GET /api/show-consent-banner`), asked once per page load. */
export function fetchShowBanner(): Promise<boolean> {
  showBanner ??= fetch(CONSENT_BANNER_PATH, { credentials: 'same-origin' })
    .then((res) => (res.ok ? (res.json() as Promise<{ showBanner?: unknown }>) : { showBanner: true }))
    .then((body) => body.showBanner !== false)
    // When the server cannot say, ask: tracking without a known answer is never the default.
    .catch(() => true)
    .then((value) => {
      showBannerValue = value;
      return value;
    });
  return showBanner;
}

/** Synchronous answer for code that cannot wait: false until the banner question is answered. */
export function analyticsAllowedNow(): boolean {
  return analyticsAllowed(readConsent(), showBannerValue);
}

/** Resolves to whether tracking is allowed now, asking the server when the visitor has not chosen. */
export async function isAnalyticsAllowed(): Promise<boolean> {
  const consent = readConsent();
  if (consent) return consent.analytics;
  return analyticsAllowed(null, await fetchShowBanner());
}

/**
 * Runs `start` once tracking is allowed: at once when it already is, or when the visitor accepts
 * in the banner. Returns a function that stops waiting.
 */
export function whenAnalyticsAllowed(start: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    window.removeEventListener(CONSENT_EVENT, onChange);
    start();
  };
  const onChange = () => {
    if (readConsent()?.analytics) run();
  };
  window.addEventListener(CONSENT_EVENT, onChange);
  void isAnalyticsAllowed().then((allowed) => {
    if (allowed) run();
  });
  return () => {
    done = true;
    window.removeEventListener(CONSENT_EVENT, onChange);
  };
}

/**
 * Records the visitor's choice in the consent cookie and tells waiting trackers. Declining also
 * removes the cookies and storage trackers set before (the docs search's anonymous id), so a change of mind
 * leaves nothing behind.
 */
export function recordConsent(analytics: boolean): void {
  const maxAge = CONSENT_COOKIE_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${encodeConsent({ analytics, updatedAt: Date.now() })}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  if (!analytics) {
    for (const name of TRACKING_COOKIES) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    try {
      for (const key of TRACKING_STORAGE_KEYS) localStorage.removeItem(key);
    } catch {
      // Storage may be disabled; then nothing was stored either.
    }
  }
  window.dispatchEvent(new Event(CONSENT_EVENT));
}

/** Calls `listener` whenever the visitor records a choice, until the returned function is called. */
export function onConsentChange(listener: (consent: Consent | null) => void): () => void {
  const handler = () => listener(readConsent());
  window.addEventListener(CONSENT_EVENT, handler);
  return () => window.removeEventListener(CONSENT_EVENT, handler);
}

/** Shows the consent banner again, so the visitor can change their choice ("Cookie preferences"). */
export function openConsentPreferences(): void {
  window.dispatchEvent(new Event(PREFERENCES_EVENT));
}

/** Calls `listener` when a "Cookie preferences" control asks for the banner. */
export function onConsentPreferences(listener: () => void): () => void {
  window.addEventListener(PREFERENCES_EVENT, listener);
  return () => window.removeEventListener(PREFERENCES_EVENT, listener);
}
