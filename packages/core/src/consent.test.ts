import { describe, expect, it } from 'vitest';
import {
  analyticsAllowed,
  encodeConsent,
  INSIGHTS_SCRIPT_FAILED_MESSAGE,
  parseConsent,
  showConsentBanner,
} from './consent';

describe('consent cookie', () => {
  it('round-trips a choice and refuses anything else', () => {
    expect(parseConsent(encodeConsent({ analytics: true, updatedAt: 5 }))).toEqual({ analytics: true, updatedAt: 5 });
    expect(parseConsent(encodeConsent({ analytics: false, updatedAt: 6 }))?.analytics).toBe(false);
    expect(parseConsent(undefined)).toBeNull();
    expect(parseConsent('%7B')).toBeNull();
    expect(parseConsent(encodeURIComponent('{"analytics":"yes"}'))).toBeNull();
    expect(parseConsent(encodeURIComponent('null'))).toBeNull();
  });

  it('allows tracking only by choice, or when no banner is needed', () => {
    expect(analyticsAllowed({ analytics: false, updatedAt: 1 }, false)).toBe(false);
    expect(analyticsAllowed({ analytics: true, updatedAt: 1 }, true)).toBe(true);
    expect(analyticsAllowed(null, true)).toBe(false);
    expect(analyticsAllowed(null, undefined)).toBe(false);
    expect(analyticsAllowed(null, false)).toBe(true);
  });
});

describe('showConsentBanner', () => {
  it('never and always ignore the country', () => {
    for (const country of [undefined, '', 'DE', 'US', 'garbage']) {
      expect(showConsentBanner('never', country)).toBe(false);
      expect(showConsentBanner('always', country)).toBe(true);
    }
  });

  it('auto asks in the EU/EEA, the UK and Switzerland', () => {
    for (const country of ['DE', 'fr', ' IE ', 'NO', 'IS', 'LI', 'GB', 'UK', 'CH']) {
      expect(showConsentBanner('auto', country)).toBe(true);
    }
  });

  it('auto does not ask when the header names a country outside them', () => {
    for (const country of ['US', 'br', 'JP', 'TR', 'RU']) {
      expect(showConsentBanner('auto', country)).toBe(false);
    }
  });

  it('auto asks when the header is missing, empty or names no country', () => {
    for (const country of [undefined, null, '', '  ', 'XX', 'T1', 'A1', 'EU', 'USA', 'U', '12']) {
      expect(showConsentBanner('auto', country)).toBe(true);
    }
  });
});

it('the failed-script message advises ad blockers, or enabling analytics and redeploying (spec 8)', () => {
  expect(INSIGHTS_SCRIPT_FAILED_MESSAGE).toBe(
    'Nimbus Analytics: the insights script failed to load. Check that no ad blocker stops /_nimbus/insights/script.js, or enable Analytics for this project and redeploy.',
  );
});
