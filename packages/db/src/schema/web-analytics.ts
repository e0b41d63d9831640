// Web Analytics and Speed Insights of deployments (docs/architecture.md "Web Analytics"): one row per
// page view or custom event, one per web-vital sample, written in batches by the engine's analytics
// collector, and daily rollups the Analytics tab reads for whole days. No cookies and no personal
// data: `visitor` is a hash of IP, user agent and host under a salt that changes every day, so a
// visitor is counted once per day and cannot be followed across days.
import {
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type WebEventKind = 'pageview' | 'event';
export type WebDevice = 'desktop' | 'mobile' | 'tablet';
export type WebVitalMetric = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';

/** Columns every page view, event and vital carries: where it happened and who (anonymously) saw it. */
const context = {
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** The deployment that served the page (no foreign key: figures outlive a removed deployment). */
  deploymentId: text('deployment_id'),
  occurredAt: ts('occurred_at').notNull(),
  /** Path without query string or fragment. */
  path: text('path').notNull(),
  /** The route pattern when the page told it (`/blog/[slug]`), else null. */
  route: text('route'),
  device: text('device').$type<WebDevice>().notNull(),
  browser: text('browser').notNull(),
  os: text('os').notNull(),
  /** ISO 3166-1 alpha-2 from the operator's proxy header, when present. */
  country: text('country'),
};

export const webEvents = pgTable(
  'web_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...context,
    kind: text('kind').$type<WebEventKind>().notNull(),
    /** A custom event's name (`track(name, props)`); null for page views. */
    eventName: text('event_name'),
    eventData: jsonb('event_data').$type<Record<string, string | number | boolean | null>>(),
    /** Daily-salted hash (hex) of IP, user agent and host. */
    visitor: text('visitor').notNull(),
    /** The referring site's host name, null for direct visits and the site's own pages. */
    referrer: text('referrer'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
  },
  (t) => [index('web_events_project_time_idx').on(t.projectId, t.occurredAt)],
);

export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...context,
    metric: text('metric').$type<WebVitalMetric>().notNull(),
    /** Milliseconds, except CLS (unitless). */
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('web_vitals_project_time_idx').on(t.projectId, t.occurredAt)],
);

/**
 * One row per project, UTC day, dimension and value: the figures of a whole day, so the tab reads
 * a month without scanning its events. `dimension` is `all` (value '') or a column the tab groups
 * by: path, route, referrer, utm_source, utm_medium, utm_campaign, utm_content, utm_term, device,
 * browser, os, country, event.
 */
export const webDaily = pgTable(
  'web_daily',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    pageviews: integer('pageviews').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    /** Visitors of the day who viewed exactly one page. */
    bounces: integer('bounces').notNull().default(0),
    events: integer('events').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day, t.dimension, t.value] })],
);

/**
 * `web_daily` again, per value of one filter dimension: the figures of a whole day among the events
 * whose `filter_dimension` (country, device, browser or os) equals `filter_value`, so a filtered
 * month reads rollups too. Only those four: their values are few by nature (countries, three
 * devices, the browsers and systems the collector names), which bounds the table at a small multiple
 * of `web_daily`.
 */
export const webDailyFiltered = pgTable(
  'web_daily_filtered',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    filterDimension: text('filter_dimension').notNull(),
    filterValue: text('filter_value').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    pageviews: integer('pageviews').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    bounces: integer('bounces').notNull().default(0),
    events: integer('events').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'web_daily_filtered_pk',
      columns: [t.projectId, t.filterDimension, t.filterValue, t.day, t.dimension, t.value],
    }),
    index('web_daily_filtered_day_idx').on(t.day),
  ],
);

export type WebEvent = typeof webEvents.$inferSelect;
export type NewWebEvent = typeof webEvents.$inferInsert;
export type WebVital = typeof webVitals.$inferSelect;
export type NewWebVital = typeof webVitals.$inferInsert;
