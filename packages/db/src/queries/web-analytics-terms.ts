// The vocabulary of Web Analytics' read side, shared by the rollups and the reports: dimensions,
// periods, filters and retention.

export const WEB_DIMENSIONS = [
  'path',
  'route',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'device',
  'browser',
  'os',
  'country',
  'event',
] as const;
export type WebDimension = (typeof WEB_DIMENSIONS)[number];

export type WebPeriod = '24h' | '7d' | '30d';
export const WEB_PERIODS: readonly WebPeriod[] = ['24h', '7d', '30d'];

/** One filter of the tab: rows whose `dimension` equals `value` ('' matches an absent value: direct visits, no UTM). */
export interface WebFilter {
  dimension: WebDimension;
  value: string;
}

/** Raw events are kept this many days at most (the longest period a filtered query reads); rollups by plan. */
export const WEB_RAW_RETENTION_DAYS = 31;

/**
 * The dimensions `web_daily_filtered` keeps a rollup per value of: their values are few by nature
 * (countries, three devices, the browsers and systems the collector names). A filter on one of them
 * reads whole days from that table; other filters read raw events.
 */
export const WEB_ROLLUP_FILTERS: readonly WebDimension[] = ['country', 'device', 'browser', 'os'];

/** A day's (or any span's) figures for one dimension value, as `web_daily` keeps them. */
export interface WebDailyRow {
  day: string;
  dimension: string;
  value: string;
  pageviews: number;
  visitors: number;
  bounces: number;
  events: number;
}
