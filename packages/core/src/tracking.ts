// Nimbus's own tracking pipeline (docs/spec.md §1, §3, §9): the constants, campaign attribution and
// the pure rules the browser tracker (apps/web/lib/tracking) and the server share. Nothing here
// touches storage or the network: callers pass what they read, and store what comes back.

/** The browser checks the pathname this often; a change is a page view. */
export const PATHNAME_POLL_MS = 2000;
/** A tracked element's text is cut to this many characters. */
export const TRACKED_TEXT_MAX = 100;
/** Button heights (px) up to which a button is tiny, small and medium; above the last it is large. */
export const BUTTON_SIZE_LIMITS = { tiny: 24, small: 32, medium: 40 } as const;
/** Autocapture tries this many times, this far apart, to attach to the page. */
export const AUTOCAPTURE_ATTEMPTS = 5;
export const AUTOCAPTURE_INTERVAL_MS = 2000;
/** Queued events are retried this often until the stream is ready. */
export const EVENT_QUEUE_RETRY_MS = 250;
/** The ad-click id (gclid) and the campaign parameters are kept 90 days. */
export const ATTRIBUTION_TTL_MS = 7_776_000_000;
/** sessionStorage keys: the session id, and the referrer the session started from. */
export const SESSION_ID_KEY = 'sid';
export const SESSION_REFERRER_KEY = 'srid';
/** localStorage key of the stored attribution. */
export const ATTRIBUTION_STORAGE_KEY = 'nimbus:attribution';
/** Elements with this attribute are tracked when clicked (its value names the action). */
export const TRACK_ATTRIBUTE = 'data-track';
/** Topics of the internal event stream written by the tracker. */
export const TRACKING_TOPICS = { activity: 'activity', identify: 'identify', reset: 'reset' } as const;

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmSet = Partial<Record<UtmKey, string>>;

export type ButtonSize = 'tiny' | 'small' | 'medium' | 'large';

export function buttonSize(heightPx: number): ButtonSize {
  if (heightPx <= BUTTON_SIZE_LIMITS.tiny) return 'tiny';
  if (heightPx <= BUTTON_SIZE_LIMITS.small) return 'small';
  if (heightPx <= BUTTON_SIZE_LIMITS.medium) return 'medium';
  return 'large';
}

/** Collapses white space and cuts the text at `TRACKED_TEXT_MAX` characters. */
export function trackedText(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, TRACKED_TEXT_MAX);
}

/** Whether an address belongs to the operator's own people (`NIMBUS_STAFF_EMAIL_DOMAIN`): never tracked. */
export function isStaffEmail(email: string | null | undefined, staffDomain: string): boolean {
  if (!email || !staffDomain) return false;
  return email.trim().toLowerCase().endsWith(`@${staffDomain.trim().toLowerCase()}`);
}

/** What a visitor arrived with, as stored in localStorage and sent with a lead or a sign-up. */
export interface Attribution {
  /** The campaign parameters of the latest visit that had any. */
  utm: UtmSet;
  /** The first non-empty set that `utm` replaced, kept once set. */
  previousUtm: UtmSet | null;
  gclid: string | null;
  /** The first referrer from another site, and the first page visited. */
  referrer: string | null;
  landingPage: string | null;
  /** When this record stops counting (ms since the epoch); every new campaign visit renews it. */
  expiresAt: number;
}

const MAX_VALUE = 500;

function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, MAX_VALUE);
  return trimmed || null;
}

function utmOf(params: URLSearchParams): UtmSet {
  const set: UtmSet = {};
  for (const key of UTM_KEYS) {
    const value = clean(params.get(key));
    if (value) set[key] = value;
  }
  return set;
}

const isEmpty = (set: UtmSet | null | undefined) => !set || Object.keys(set).length === 0;
const sameSet = (a: UtmSet, b: UtmSet) => UTM_KEYS.every((k) => (a[k] ?? null) === (b[k] ?? null));

/**
 * The attribution after a page load: `stored` as read (null, or expired, counts as none), `url` the
 * page's address, `referrer` document.referrer. A visit with campaign parameters replaces the
 * current set, moving the old one to `previousUtm` if that is still empty; the first referrer
 * from another host and the landing page are kept; a gclid is kept 90 days from its visit.
 */
export function nextAttribution(
  stored: Attribution | null,
  url: string,
  referrer: string | null | undefined,
  now: number,
): Attribution {
  const page = new URL(url);
  const live = stored && stored.expiresAt > now ? stored : null;
  const utm = utmOf(page.searchParams);
  const gclid = clean(page.searchParams.get('gclid'));
  const external = externalReferrer(referrer, page.host);
  const fresh = !isEmpty(utm) || gclid !== null;
  const base: Attribution = live ?? {
    utm: {},
    previousUtm: null,
    gclid: null,
    referrer: external,
    landingPage: `${page.origin}${page.pathname}${page.search}`.slice(0, MAX_VALUE),
    expiresAt: now + ATTRIBUTION_TTL_MS,
  };
  if (!fresh) return { ...base, referrer: base.referrer ?? external };
  const replaced = !isEmpty(utm) && !isEmpty(base.utm) && !sameSet(base.utm, utm);
  return {
    ...base,
    utm: isEmpty(utm) ? base.utm : utm,
    previousUtm: base.previousUtm ?? (replaced ? base.utm : null),
    gclid: gclid ?? base.gclid,
    referrer: base.referrer ?? external,
    expiresAt: now + ATTRIBUTION_TTL_MS,
  };
}

function externalReferrer(referrer: string | null | undefined, host: string): string | null {
  if (!referrer) return null;
  try {
    const from = new URL(referrer);
    return from.host === host ? null : from.href.slice(0, MAX_VALUE);
  } catch {
    return null;
  }
}

/** Reads a stored attribution back, or null when it is missing, malformed or expired. */
export function parseAttribution(value: unknown, now: number): Attribution | null {
  let data: unknown = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const a = sanitizeAttribution(data);
  return a && a.expiresAt > now ? a : null;
}

function utmFrom(value: unknown): UtmSet {
  const set: UtmSet = {};
  if (typeof value !== 'object' || value === null) return set;
  for (const key of UTM_KEYS) {
    const v = clean((value as Record<string, unknown>)[key]);
    if (v) set[key] = v;
  }
  return set;
}

/**
 * Keeps only the known fields of an attribution sent by a browser, each a string of at most 500
 * characters; null when nothing is left. The server stores what this returns.
 */
export function sanitizeAttribution(value: unknown): Attribution | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const previous = utmFrom(v.previousUtm);
  const a: Attribution = {
    utm: utmFrom(v.utm),
    previousUtm: isEmpty(previous) ? null : previous,
    gclid: clean(v.gclid),
    referrer: clean(v.referrer),
    landingPage: clean(v.landingPage),
    expiresAt: typeof v.expiresAt === 'number' && Number.isFinite(v.expiresAt) ? v.expiresAt : 0,
  };
  const empty = isEmpty(a.utm) && !a.previousUtm && !a.gclid && !a.referrer && !a.landingPage;
  return empty ? null : a;
}
