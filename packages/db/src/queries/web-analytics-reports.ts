// The Analytics and Speed Insights tabs' reports: a period's overview from rollups and raw events,
// whether a project has data, and the vitals' p75.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { projects, type WebVitalMetric } from '../schema';
import { DAY_MS, dayStart, filterSql, HOUR_MS, rawFigures, rows, utcDay } from './web-analytics-sql';
import {
  WEB_DIMENSIONS,
  WEB_ROLLUP_FILTERS,
  type WebDailyRow,
  type WebDimension,
  type WebFilter,
  type WebPeriod,
} from './web-analytics-terms';

/** Where the period starts, how its series is bucketed, and which UTC days the rollup may answer. */
export function webPeriodRange(period: WebPeriod, now = new Date()) {
  if (period === '24h') {
    const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    return { from: new Date(to.getTime() - 24 * HOUR_MS), to, bucket: 'hour' as const };
  }
  const days = period === '7d' ? 7 : 30;
  const today = dayStart(utcDay(now));
  return {
    from: new Date(today.getTime() - (days - 1) * DAY_MS),
    to: new Date(today.getTime() + DAY_MS),
    bucket: 'day' as const,
  };
}

export interface WebTopRow {
  value: string;
  visitors: number;
  pageviews: number;
  events: number;
}

export interface WebOverview {
  totals: { visitors: number; pageviews: number; bounces: number; bounceRate: number; events: number };
  series: { t: string; visitors: number; pageviews: number }[];
  top: Record<WebDimension, WebTopRow[]>;
  /** Where the figures came from: rollup days read and whether raw events were scanned. */
  source: { rollupDays: number; raw: boolean };
}

/**
 * The Analytics tab in one call. Unfiltered 7 d / 30 d read whole past days from `web_daily` and
 * only the days after the newest rollup from `web_events`; so do 7 d / 30 d with one filter on a
 * dimension of WEB_ROLLUP_FILTERS, from `web_daily_filtered`. 24 h and other filters read raw
 * events (a filter on one dimension cuts every other dimension, which `web_daily` does not keep).
 */
export async function webAnalyticsOverview(
  db: Db,
  input: {
    projectId: string;
    period: WebPeriod;
    filters?: readonly WebFilter[];
    limit?: number;
    now?: Date;
    /** false reads raw events only (the bench's baseline). */
    rollup?: boolean;
  },
): Promise<WebOverview> {
  const { projectId, period, filters = [], limit = 10 } = input;
  const now = input.now ?? new Date();
  const range = webPeriodRange(period, now);
  // One filter on a dimension of WEB_ROLLUP_FILTERS reads its own rollup; any other filter, raw events.
  const keyed = filters.length === 1 && WEB_ROLLUP_FILTERS.includes(filters[0]!.dimension) ? filters[0] : undefined;
  const useRollup = input.rollup !== false && range.bucket === 'day' && (filters.length === 0 || keyed !== undefined);
  const rollupTable = keyed
    ? sql`web_daily_filtered where filter_dimension = ${keyed.dimension} and filter_value = ${keyed.value} and`
    : sql`web_daily where`;
  let rawFrom = range.from;
  let rollupRows: (WebDailyRow & { rank?: number })[] = [];
  let rollupDays = 0;
  if (useRollup) {
    const [latest] = await rows<{ day: string | null }>(
      db,
      sql`select max(day)::text as day from web_daily
          where project_id = ${projectId} and dimension = 'all' and day >= ${utcDay(range.from)}::date and day < ${utcDay(now)}::date`,
    );
    if (latest?.day) {
      rawFrom = new Date(dayStart(latest.day).getTime() + DAY_MS);
      rollupDays = Math.round((rawFrom.getTime() - range.from.getTime()) / DAY_MS);
      rollupRows = await rows(
        db,
        sql`select day::text as day, dimension, value, pageviews, visitors, bounces, events from ${rollupTable}
            project_id = ${projectId} and dimension = 'all' and day >= ${utcDay(range.from)}::date and day <= ${latest.day}::date
            union all
            select '' as day, dimension, value, pageviews::int, visitors::int, 0 as bounces, events::int from (
              select dimension, value, sum(pageviews) as pageviews, sum(visitors) as visitors, sum(events) as events,
                     row_number() over (partition by dimension order by sum(visitors) desc, sum(events) desc, sum(pageviews) desc, value) as rank
              from ${rollupTable}
              project_id = ${projectId} and dimension <> 'all' and day >= ${utcDay(range.from)}::date and day <= ${latest.day}::date
              group by dimension, value) ranked
            where rank <= ${limit * 3}`,
      );
    }
  }
  const where = and(
    sql`e.project_id = ${projectId}`,
    sql`e.occurred_at >= ${rawFrom.toISOString()}::timestamptz`,
    sql`e.occurred_at < ${range.to.toISOString()}::timestamptz`,
    ...filterSql(filters),
  )!;
  const raw = rawFrom < range.to ? await rawFigures(db, where) : [];

  const totals = { visitors: 0, pageviews: 0, bounces: 0, events: 0 };
  const daily = new Map<string, { visitors: number; pageviews: number }>();
  const top = new Map<string, Map<string, WebTopRow>>();
  for (const r of [...rollupRows, ...raw]) {
    if (r.dimension === 'all') {
      totals.visitors += r.visitors;
      totals.pageviews += r.pageviews;
      totals.bounces += r.bounces;
      totals.events += r.events;
      const point = daily.get(r.day) ?? { visitors: 0, pageviews: 0 };
      point.visitors += r.visitors;
      point.pageviews += r.pageviews;
      daily.set(r.day, point);
      continue;
    }
    const byValue = top.get(r.dimension) ?? new Map<string, WebTopRow>();
    top.set(r.dimension, byValue);
    const row = byValue.get(r.value) ?? { value: r.value, visitors: 0, pageviews: 0, events: 0 };
    row.visitors += r.visitors;
    row.pageviews += r.pageviews;
    row.events += r.events;
    byValue.set(r.value, row);
  }

  let series: WebOverview['series'];
  if (range.bucket === 'hour') {
    const hourly = await rows<{ t: string; visitors: number; pageviews: number }>(
      db,
      sql`select to_char(date_trunc('hour', e.occurred_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"') as t,
                 (count(distinct e.visitor) filter (where e.kind = 'pageview'))::int as visitors,
                 (count(*) filter (where e.kind = 'pageview'))::int as pageviews
          from web_events e where ${where} group by 1`,
    );
    const byHour = new Map(hourly.map((h) => [h.t, h]));
    series = Array.from({ length: 24 }, (_, i) => {
      const t = new Date(range.from.getTime() + i * HOUR_MS).toISOString().replace('.000Z', 'Z');
      return { t, visitors: byHour.get(t)?.visitors ?? 0, pageviews: byHour.get(t)?.pageviews ?? 0 };
    });
  } else {
    const days = Math.round((range.to.getTime() - range.from.getTime()) / DAY_MS);
    series = Array.from({ length: days }, (_, i) => {
      const t = utcDay(range.from.getTime() + i * DAY_MS);
      return { t, ...(daily.get(t) ?? { visitors: 0, pageviews: 0 }) };
    });
  }

  const ranked = Object.fromEntries(
    WEB_DIMENSIONS.map((d) => [
      d,
      [...(top.get(d)?.values() ?? [])]
        .sort(
          (a, b) =>
            b.visitors - a.visitors ||
            b.events - a.events ||
            b.pageviews - a.pageviews ||
            a.value.localeCompare(b.value),
        )
        .slice(0, limit),
    ]),
  ) as Record<WebDimension, WebTopRow[]>;
  return {
    totals: { ...totals, bounceRate: totals.visitors ? totals.bounces / totals.visitors : 0 },
    series,
    top: ranked,
    source: { rollupDays, raw: raw.length > 0 || rawFrom < range.to },
  };
}

/** Whether the project has any page view or event, and any vital (the project JSON's `hasData`). */
export async function webAnalyticsHasData(db: Db, projectIds: string[]) {
  if (!projectIds.length) return { events: new Set<string>(), vitals: new Set<string>() };
  const ids = sql.join(
    projectIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const found = await rows<{ kind: string; id: string }>(
    db,
    sql`select 'events' as kind, p.id from (select unnest(array[${ids}]::text[]) as id) p
          where exists (select 1 from web_events e where e.project_id = p.id)
             or exists (select 1 from web_daily d where d.project_id = p.id)
        union all
        select 'vitals' as kind, p.id from (select unnest(array[${ids}]::text[]) as id) p
          where exists (select 1 from web_vitals v where v.project_id = p.id)`,
  );
  return {
    events: new Set(found.filter((r) => r.kind === 'events').map((r) => r.id)),
    vitals: new Set(found.filter((r) => r.kind === 'vitals').map((r) => r.id)),
  };
}

export interface VitalP75 {
  metric: WebVitalMetric;
  p75: number;
  samples: number;
}

/**
 * Speed Insights over a period: p75 (`percentile_cont(0.75)`) of each vital overall, per route (the
 * route pattern, else the path), per device, and per hour or day for the trend. Filters: route, device.
 */
export async function speedInsightsOverview(
  db: Db,
  input: { projectId: string; period: WebPeriod; route?: string; device?: string; limit?: number; now?: Date },
) {
  const range = webPeriodRange(input.period, input.now ?? new Date());
  const route = sql`coalesce(v.route, v.path)`;
  const where = and(
    sql`v.project_id = ${input.projectId}`,
    sql`v.occurred_at >= ${range.from.toISOString()}::timestamptz`,
    sql`v.occurred_at < ${range.to.toISOString()}::timestamptz`,
    input.route !== undefined ? sql`${route} = ${input.route}` : undefined,
    input.device !== undefined ? sql`v.device = ${input.device}` : undefined,
  )!;
  const bucket =
    range.bucket === 'hour'
      ? sql`to_char(date_trunc('hour', v.occurred_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00"Z"')`
      : sql`(v.occurred_at at time zone 'UTC')::date::text`;
  const found = await rows<{ kind: string; key: string; metric: WebVitalMetric; p75: number; samples: number }>(
    db,
    sql`select case when grouping(${route}) = 0 then 'route' when grouping(v.device) = 0 then 'device'
                    when grouping(${bucket}) = 0 then 'series' else 'all' end as kind,
               coalesce(${route}, v.device, ${bucket}, '') as key, v.metric,
               (percentile_cont(0.75) within group (order by v.value))::float8 as p75, count(*)::int as samples
        from web_vitals v where ${where}
        group by grouping sets ((v.metric), (v.metric, ${route}), (v.metric, v.device), (v.metric, ${bucket}))`,
  );
  const group = (kind: string) => {
    const out = new Map<string, VitalP75[]>();
    for (const r of found.filter((f) => f.kind === kind)) {
      const list = out.get(r.key) ?? [];
      list.push({ metric: r.metric, p75: Number(r.p75), samples: r.samples });
      out.set(r.key, list);
    }
    return out;
  };
  return {
    range,
    overall: group('all').get('') ?? [],
    routes: group('route'),
    devices: group('device'),
    series: group('series'),
  };
}

/** The team's projects with Speed Insights on (GET /speed-insights/enabled-projects). */
export async function speedInsightsEnabledProjects(db: Db, teamId: string) {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.teamId, teamId), eq(projects.speedInsights, true)))
    .orderBy(projects.name);
}
