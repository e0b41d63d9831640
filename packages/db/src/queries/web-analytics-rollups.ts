// Web Analytics' daily rollups and retention: finished UTC days rolled up into `web_daily` and
// `web_daily_filtered`, rows past their plan's retention pruned, and the worker's hourly sweep.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { aggregateSql, DAY_MS, dayStart, HOUR_MS, rows, utcDay } from './web-analytics-sql';
import { WEB_RAW_RETENTION_DAYS } from './web-analytics-terms';

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
