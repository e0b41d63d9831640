import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_TTL_MS,
  AUTOCAPTURE_ATTEMPTS,
  AUTOCAPTURE_INTERVAL_MS,
  BUTTON_SIZE_LIMITS,
  buttonSize,
  EVENT_QUEUE_RETRY_MS,
  isStaffEmail,
  nextAttribution,
  PATHNAME_POLL_MS,
  parseAttribution,
  SESSION_ID_KEY,
  SESSION_REFERRER_KEY,
  sanitizeAttribution,
  TRACKED_TEXT_MAX,
  trackedText,
} from './tracking';

const NOW = Date.UTC(2026, 0, 10);
const DAY = 86_400_000;

describe('tracking constants (docs/spec.md §9)', () => {
  it('pins every number and key', () => {
    expect(PATHNAME_POLL_MS).toBe(2000);
    expect(TRACKED_TEXT_MAX).toBe(100);
    expect(BUTTON_SIZE_LIMITS).toEqual({ tiny: 24, small: 32, medium: 40 });
    expect([AUTOCAPTURE_ATTEMPTS, AUTOCAPTURE_INTERVAL_MS]).toEqual([5, 2000]);
    expect(EVENT_QUEUE_RETRY_MS).toBe(250);
    expect(ATTRIBUTION_TTL_MS).toBe(90 * DAY);
    expect([SESSION_ID_KEY, SESSION_REFERRER_KEY]).toEqual(['sid', 'srid']);
  });

  it('maps button heights to sizes at 24, 32 and 40 px', () => {
    expect([0, 24, 24.5, 32, 33, 40, 40.1, 48].map(buttonSize)).toEqual([
      'tiny',
      'tiny',
      'small',
      'small',
      'medium',
      'medium',
      'large',
      'large',
    ]);
  });

  it('cuts tracked text at 100 characters after collapsing white space', () => {
    expect(trackedText(`  Deploy\n   now ${'x'.repeat(200)}`)).toHaveLength(100);
    expect(trackedText('  Deploy\n   now ')).toBe('Deploy now');
    expect(trackedText(null)).toBe('');
  });

  it('recognises the staff e-mail domain, whatever the case, and nothing else', () => {
    expect(isStaffEmail('Ada@Nimbus.dev', 'nimbus.dev')).toBe(true);
    expect(isStaffEmail('ada@corp.example', 'corp.example')).toBe(true);
    expect(isStaffEmail('ada@notnimbus.dev', 'nimbus.dev')).toBe(false);
    expect(isStaffEmail('ada@nimbus.dev.evil.example', 'nimbus.dev')).toBe(false);
    expect(isStaffEmail(null, 'nimbus.dev')).toBe(false);
    expect(isStaffEmail('ada@nimbus.dev', '')).toBe(false);
  });
});

describe('campaign attribution', () => {
  const landing = 'https://nimbus.example/pricing?utm_source=news&utm_campaign=launch&gclid=G1&x=1';

  it('keeps the UTM set, gclid, first referrer and landing page of the first visit for 90 days', () => {
    const a = nextAttribution(null, landing, 'https://search.example/q?x', NOW);
    expect(a).toEqual({
      utm: { utm_source: 'news', utm_campaign: 'launch' },
      previousUtm: null,
      gclid: 'G1',
      referrer: 'https://search.example/q?x',
      landingPage: landing,
      expiresAt: NOW + ATTRIBUTION_TTL_MS,
    });
  });

  it('keeps the first referrer and landing page on later visits, and ignores our own pages as referrer', () => {
    const first = nextAttribution(null, 'https://nimbus.example/', 'https://nimbus.example/blog', NOW);
    expect(first.referrer).toBeNull();
    const later = nextAttribution(first, 'https://nimbus.example/docs', 'https://other.example/', NOW + DAY);
    expect(later.referrer).toBe('https://other.example/');
    expect(later.landingPage).toBe('https://nimbus.example/');
    const third = nextAttribution(later, 'https://nimbus.example/x', 'https://third.example/', NOW + 2 * DAY);
    expect(third.referrer).toBe('https://other.example/');
  });

  it('moves a replaced set to the previous set once, and keeps the first non-empty previous set', () => {
    const a = nextAttribution(null, 'https://n.example/?utm_source=a', '', NOW);
    const same = nextAttribution(a, 'https://n.example/?utm_source=a', '', NOW + 1);
    expect(same.previousUtm).toBeNull();
    const b = nextAttribution(a, 'https://n.example/?utm_source=b&utm_medium=cpc', '', NOW + 2);
    expect(b.utm).toEqual({ utm_source: 'b', utm_medium: 'cpc' });
    expect(b.previousUtm).toEqual({ utm_source: 'a' });
    const c = nextAttribution(b, 'https://n.example/?utm_source=c', '', NOW + 3);
    expect(c.utm).toEqual({ utm_source: 'c' });
    expect(c.previousUtm).toEqual({ utm_source: 'a' });
    // A visit without campaign parameters changes neither set.
    expect(nextAttribution(c, 'https://n.example/docs', '', NOW + 4).utm).toEqual({ utm_source: 'c' });
  });

  it('an empty first set is not a previous set', () => {
    const plain = nextAttribution(null, 'https://n.example/', '', NOW);
    const tagged = nextAttribution(plain, 'https://n.example/?utm_source=a', '', NOW + 1);
    expect(tagged.previousUtm).toBeNull();
  });

  it('keeps the gclid 90 days from its visit, renewed by a new campaign visit', () => {
    const a = nextAttribution(null, 'https://n.example/?gclid=G1', '', NOW);
    expect(parseAttribution(JSON.stringify(a), NOW + ATTRIBUTION_TTL_MS - 1)?.gclid).toBe('G1');
    expect(parseAttribution(JSON.stringify(a), NOW + ATTRIBUTION_TTL_MS)).toBeNull();
    const plain = nextAttribution(a, 'https://n.example/docs', '', NOW + DAY);
    expect(plain.expiresAt).toBe(NOW + ATTRIBUTION_TTL_MS);
    const renewed = nextAttribution(a, 'https://n.example/?gclid=G2', '', NOW + DAY);
    expect(renewed).toMatchObject({ gclid: 'G2', expiresAt: NOW + DAY + ATTRIBUTION_TTL_MS });
  });

  it('starts over after expiry', () => {
    const a = nextAttribution(null, 'https://n.example/?utm_source=old', 'https://r.example/', NOW);
    const after = nextAttribution(
      parseAttribution(a, NOW + ATTRIBUTION_TTL_MS),
      'https://n.example/?utm_source=new',
      '',
      NOW + ATTRIBUTION_TTL_MS,
    );
    expect(after).toMatchObject({ utm: { utm_source: 'new' }, previousUtm: null, referrer: null });
  });

  it('sanitizes what a browser sends: known fields only, strings cut at 500, nothing left gives null', () => {
    expect(sanitizeAttribution({ evil: 1 })).toBeNull();
    expect(sanitizeAttribution('x')).toBeNull();
    expect(sanitizeAttribution([])).toBeNull();
    const clean = sanitizeAttribution({
      utm: { utm_source: 'x'.repeat(600), other: 'no' },
      previousUtm: {},
      gclid: 5,
      referrer: ' https://r.example/ ',
      expiresAt: 'soon',
    });
    expect(clean).toEqual({
      utm: { utm_source: 'x'.repeat(500) },
      previousUtm: null,
      gclid: null,
      referrer: 'https://r.example/',
      landingPage: null,
      expiresAt: 0,
    });
    expect(parseAttribution('not json', NOW)).toBeNull();
  });
});
