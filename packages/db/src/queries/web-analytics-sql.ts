// The SQL the Web Analytics rollups and reports share: dimensions over `web_events`, the rollup
// aggregate and raw figures, and UTC day helpers. Internal to the database package.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  WEB_DIMENSIONS,
  WEB_ROLLUP_FILTERS,
  type WebDailyRow,
  type WebDimension,
  type WebFilter,
} from './web-analytics-terms';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The SQL of one dimension over `web_events` (alias `e`): absent values read as ''. */
export function dimensionSql(dimension: WebDimension): SQL {
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

export const filterSql = (filters: readonly WebFilter[]): SQL[] =>
  filters.map((f) => sql`${dimensionSql(f.dimension)} = ${f.value}`);

/** Every (dimension, value) an event counts under: `all` once, then one per dimension. */
export const lateralDimensions = sql.join(
  [sql`('all', '')`, ...WEB_DIMENSIONS.map((d) => sql`(${sql.raw(`'${d}'`)}, ${dimensionSql(d)})`)],
  sql`, `,
);

export const filterLateral = sql.join(
  WEB_ROLLUP_FILTERS.map((d) => sql`(${sql.raw(`'${d}'`)}, ${dimensionSql(d)})`),
  sql`, `,
);

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The rollup figures computed from raw events of [from, to), per project, UTC day, dimension and
 * value. A visitor counts once per day and value; a bounce is a visitor whose page views of the day
 * (under that value) were exactly one. Custom events count under `event` only, and their visitors
 * are those who fired them.
 */
export function aggregateSql(where: SQL, perFilter = false): SQL {
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
export async function rawFigures(db: Db, where: SQL): Promise<WebDailyRow[]> {
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

export const utcDay = (t: Date | number): string => new Date(t).toISOString().slice(0, 10);
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
