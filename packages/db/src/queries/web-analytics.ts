// Web Analytics and Speed Insights rows (schema/web-analytics.ts). The collector writes batches;
// the tab's queries and the daily rollups build on the same tables.
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { type NewWebEvent, type NewWebVital, projects, type WebVitalMetric, webEvents, webVitals } from '../schema';

/** Rows per INSERT: one JSON parameter each, so the size is bounded by memory, not parameter counts. */
const ROWS_PER_INSERT = 5000;

/**
 * Writes rows as one `INSERT ... SELECT ... FROM jsonb_to_recordset($1::jsonb)` per chunk: a single
 * parameter instead of one per value, which PGlite parses and binds 3-10x faster than drizzle's
 * multi-row VALUES (5,000 events: about 150 ms instead of 1.5 s). Columns with a database default
 * (the serial id) are left to it; the column types come from the drizzle table.
 */
async function insertAsRecordset(db: Db, table: typeof webEvents | typeof webVitals, rows: object[]): Promise<void> {
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => !column.hasDefault);
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '));
  const types = sql.raw(columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', '));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const records = rows.slice(i, i + ROWS_PER_INSERT).map((row) => {
      const values = row as Record<string, unknown>;
      return Object.fromEntries(
        columns.map(([key, column]) => {
          const value = values[key];
          return [column.name, value instanceof Date ? value.toISOString() : (value ?? null)];
        }),
      );
    });
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types})`,
    );
  }
}

/** Writes a batch of page views and custom events. */
export async function insertWebEvents(db: Db, rows: NewWebEvent[]): Promise<void> {
  await insertAsRecordset(db, webEvents, rows);
}

/** Writes a batch of web-vital samples. */
export async function insertWebVitals(db: Db, rows: NewWebVital[]): Promise<void> {
  await insertAsRecordset(db, webVitals, rows);
}

// ---------------------------------------------------------------------------------------------
// Read side: the Analytics and Speed Insights tabs, the daily rollups and retention.

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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The SQL of one dimension over `web_events` (alias `e`): absent values read as ''. */
function dimensionSql(dimension: WebDimension): SQL {
  switch (dimension) {
    case 'path':
      return sql`e.path`;
    case 'device':
      return sql`e.device`;
    case 'browser':
      return sql`e.browser`;
    case 'os':
      return sql`e.os`;
    case 'event':
      return sql`e.event_name`;
    default:
      return sql`coalesce(${sql.raw(`e.${dimension}`)}, '')`;
  }
}

const filterSql = (filters: readonly WebFilter[]): SQL[] =>
  filters.map((f) => sql`${dimensionSql(f.dimension)} = ${f.value}`);

/** Every (dimension, value) an event counts under: `all` once, then one per dimension. */
const lateralDimensions = sql.join(
  [sql`('all', '')`, ...WEB_DIMENSIONS.map((d) => sql`(${sql.raw(`'${d}'`)}, ${dimensionSql(d)})`)],
  sql`, `,
);

/**
 * The dimensions `web_daily_filtered` keeps a rollup per value of: their values are few by nature
 * (countries, three devices, the browsers and systems the collector names). A filter on one of them
 * reads whole days from that table; other filters read raw events.
 */
export const WEB_ROLLUP_FILTERS: readonly WebDimension[] = ['country', 'device', 'browser', 'os'];

const filterLateral = sql.join(
  WEB_ROLLUP_FILTERS.map((d) => sql`(${sql.raw(`'${d}'`)}, ${dimensionSql(d)})`),
  sql`, `,
);

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

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The rollup figures computed from raw events of [from, to), per project, UTC day, dimension and
 * value. A visitor counts once per day and value; a bounce is a visitor whose page views of the day
 * (under that value) were exactly one. Custom events count under `event` only, and their visitors
 * are those who fired them.
 */
function aggregateSql(where: SQL, perFilter = false): SQL {
  const filter = perFilter
    ? {
        join: sql`cross join lateral (values ${filterLateral}) as f(filter_dimension, filter_value)`,
        columns: sql`f.filter_dimension, f.filter_value,`,
        keys: sql`, 6, 7`,
        out: sql`filter_dimension as "filterDimension", filter_value as "filterValue",`,
        outKeys: sql`, 5, 6`,
      }
    : { join: sql``, columns: sql``, keys: sql``, out: sql``, outKeys: sql`` };
  return sql`
    with per_visitor as (
      select e.project_id, (e.occurred_at at time zone 'UTC')::date as day, d.dimension, d.value, e.visitor,
             ${filter.columns}
             count(*) filter (where e.kind = 'pageview') as pv,
             count(*) filter (where e.kind = 'event') as ev
      from web_events e
      cross join lateral (values ${lateralDimensions}) as d(dimension, value)
      ${filter.join}
      where ${where} and d.value is not null
      group by 1, 2, 3, 4, 5 ${filter.keys}
    )
    select project_id as "projectId", day::text as day, dimension, value, ${filter.out}
           sum(pv)::int as pageviews,
           (count(*) filter (where pv > 0 or dimension = 'event'))::int as visitors,
           (count(*) filter (where pv = 1))::int as bounces,
           sum(ev)::int as events
    from per_visitor group by 1, 2, 3, 4 ${filter.outKeys}`;
}

/**
 * The tab's figures straight from raw events (today, 24 h, filtered queries), in two steps. The
 * first groups the period's rows by visitor with grouping sets: per (UTC day, visitor) for the
 * daily totals and bounces, per (value, visitor) for each dimension over the whole span. Those sets
 * have no DISTINCT aggregate, so PostgreSQL can hash them, and a visitor's page views and events
 * under a value are counted once. The second counts those groups: a value's visitors are its
 * groups with page views (with events, for `event`), a day's bounces its visitors with exactly one
 * page view. The same figures as `count(DISTINCT visitor)` per set, in one statement, without the
 * sort per set and per distinct aggregate that made a filtered month take seconds.
 */
async function rawFigures(db: Db, where: SQL): Promise<WebDailyRow[]> {
  const columns = WEB_DIMENSIONS.map((d) => sql`${dimensionSql(d)} as ${sql.raw(`d_${d}`)}`);
  const sets = sql.join([sql`(day, visitor)`, ...WEB_DIMENSIONS.map((d) => sql.raw(`(d_${d}, visitor)`))], sql`, `);
  const dimension = sql.join(
    WEB_DIMENSIONS.map((d) => sql.raw(`when grouping(d_${d}) = 0 then '${d}'`)),
    sql` `,
  );
  const value = sql.join(
    WEB_DIMENSIONS.map((d) => sql.raw(`when grouping(d_${d}) = 0 then d_${d}`)),
    sql` `,
  );
  const figures = await rows<WebDailyRow>(
    db,
    sql`with f as (
          select (e.occurred_at at time zone 'UTC')::date::text as day, e.kind, e.visitor, ${sql.join(columns, sql`, `)}
          from web_events e where ${where}),
        per_visitor as (
          select case when grouping(day) = 0 then 'all' ${dimension} end as dimension,
                 case when grouping(day) = 0 then '' ${value} end as value,
                 case when grouping(day) = 0 then day else '' end as day,
                 count(*) filter (where kind = 'pageview') as pv,
                 count(*) filter (where kind = 'event') as ev
          from f group by grouping sets (${sets}))
        select dimension, value, day, sum(pv)::int as pageviews,
               (count(*) filter (where case when dimension = 'event' then ev > 0 else pv > 0 end))::int as visitors,
               (count(*) filter (where dimension = 'all' and pv = 1))::int as bounces,
               sum(ev)::int as events
        from per_visitor where value is not null group by dimension, value, day`,
  );
  return figures;
}

const utcDay = (t: Date | number): string => new Date(t).toISOString().slice(0, 10);
const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/**
 * Recomputes the rollups of one finished UTC day for every project (or one): the day's rows of
 * `web_daily` and `web_daily_filtered` are replaced in one transaction, so running it twice, or
 * after late events arrived, gives the same tables.
 */
export async function rollupWebDay(db: Db, day: string, projectId?: string): Promise<number> {
  const from = dayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  const own = projectId ? sql`and project_id = ${projectId}` : sql``;
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from web_daily where day = ${day} ${own}`);
    await tx.execute(sql`delete from web_daily_filtered where day = ${day} ${own}`);
    const where = sql`e.occurred_at >= ${from.toISOString()}::timestamptz and e.occurred_at < ${to.toISOString()}::timestamptz ${
      projectId ? sql`and e.project_id = ${projectId}` : sql``
    }`;
    const inserted = await rows<{ n: number }>(
      tx as unknown as Db,
      sql`with agg as (${aggregateSql(where)}),
          ins as (insert into web_daily (project_id, day, dimension, value, pageviews, visitors, bounces, events)
                  select "projectId", day::date, dimension, value, pageviews, visitors, bounces, events from agg
                  returning 1)
          select count(*)::int as n from ins`,
    );
    await tx.execute(
      sql`insert into web_daily_filtered (project_id, day, filter_dimension, filter_value, dimension, value,
                                          pageviews, visitors, bounces, events)
          select "projectId", day::date, "filterDimension", "filterValue", dimension, value, pageviews, visitors,
                 bounces, events
          from (${aggregateSql(where, true)}) agg`,
    );
    return inserted[0]?.n ?? 0;
  });
}

/**
 * How long after midnight UTC a day counts as finished. Events are stamped with the time they
 * arrive and every collector flushes its queue each second, so a few minutes is a wide margin.
 */
const DAY_SETTLE_MS = 10 * 60_000;

/**
 * The finished days that have events but no rollup (yesterday once it settled, a worker that was
 * down, a first start, days rolled up before `web_daily_filtered` existed): what a rollup sweep
 * computes. A rolled-up day is never recomputed by the sweep: nothing arrives for it any more, and
 * a busy day takes seconds to roll up.
 */
export async function webDaysToRollUp(db: Db, now = new Date()): Promise<string[]> {
  const settled = dayStart(utcDay(new Date(now.getTime() - DAY_SETTLE_MS)));
  const missing = await rows<{ day: string }>(
    db,
    sql`select distinct (occurred_at at time zone 'UTC')::date::text as day from web_events
        where occurred_at < ${settled.toISOString()}::timestamptz
        except select distinct day::text from web_daily_filtered where dimension = 'all'`,
  );
  return missing.map((r) => r.day).sort();
}

/**
 * Deletes what is past retention: raw events and vitals older than `rawDays`, rollups older than
 * their team's plan keeps them (days per plan). Returns how many rows of each went.
 */
export async function pruneWebAnalytics(
  db: Db,
  retentionDays: Readonly<Record<'hobby' | 'pro' | 'enterprise', number>>,
  now = new Date(),
  rawDays = WEB_RAW_RETENTION_DAYS,
): Promise<{ events: number; vitals: number; daily: number }> {
  const days = sql`case t.plan when 'hobby' then ${retentionDays.hobby}::int when 'pro' then ${retentionDays.pro}::int else ${retentionDays.enterprise}::int end`;
  const rawCutoff = new Date(now.getTime() - Math.min(rawDays, Math.max(...Object.values(retentionDays))) * DAY_MS);
  const perPlan = sql`join projects p on p.id = x.project_id join teams t on t.id = p.team_id`;
  const count = async (query: SQL) => (await rows<{ n: number }>(db, query))[0]?.n ?? 0;
  // Raw rows go at the shorter of the raw window and the team's plan.
  const rawWhere = sql`x.occurred_at < greatest(${rawCutoff.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz - (${days} * interval '1 day'))`;
  const events = await count(
    sql`with gone as (delete from web_events where id in (select x.id from web_events x ${perPlan} where ${rawWhere}) returning 1) select count(*)::int as n from gone`,
  );
  const vitals = await count(
    sql`with gone as (delete from web_vitals where id in (select x.id from web_vitals x ${perPlan} where ${rawWhere}) returning 1) select count(*)::int as n from gone`,
  );
  const daily = await count(
    sql`with gone as (delete from web_daily d using projects p, teams t
          where p.id = d.project_id and t.id = p.team_id
            and d.day < (${utcDay(now)}::date - ${days}) returning 1) select count(*)::int as n from gone`,
  );
  // Per-filter rollups are kept as long as raw events: filtered views never read further back.
  await db.execute(
    sql`delete from web_daily_filtered x using projects p, teams t
        where p.id = x.project_id and t.id = p.team_id
          and x.day < (${utcDay(now)}::date - least(${WEB_RAW_RETENTION_DAYS}::int, ${days}))`,
  );
  return { events, vitals, daily };
}

/**
 * Rolls up finished days and prunes by plan every `everyMs` (an hour by default); the worker role
 * runs it. Each step is idempotent, so several workers may run it. Returns a stop function.
 */
export function startWebAnalyticsRollup(options: {
  db: Db;
  retentionDays: Readonly<Record<'hobby' | 'pro' | 'enterprise', number>>;
  everyMs?: number;
  onError?: (error: unknown) => void;
}): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (const day of await webDaysToRollUp(options.db)) await rollupWebDay(options.db, day);
      await pruneWebAnalytics(options.db, options.retentionDays);
    } catch (error) {
      options.onError?.(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(sweep, options.everyMs ?? HOUR_MS);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
}

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
