// `npx tsx bench/analytics/query.ts`: how fast the Analytics tab answers over 1,000,000 events. One
// project gets 1M page views and events spread over 30 days (INSERT ... SELECT generate_series, the
// same columns the collector writes), the worker's rollup runs over the finished days, then the
// tab's whole query set (webAnalyticsOverview: totals, series, every top list, custom events) is
// timed for 30 d unfiltered and with one filter (country=DE: web_daily_filtered), beside baselines
// measured in the same run: the same figures computed from raw events only (no rollup), run once. Median of --runs runs after a warm-up.
// Databases: PGlite in a temp dir always; PostgreSQL too when DATABASE_URL is set (a project is
// added to that database and deleted at the end). The goal (issue #17): under 200 ms for the tab.
// Options: --events 1000000 --runs 5 --no-pglite.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createProject,
  type Database,
  deleteProject,
  openDatabase,
  personalTeam,
  registerUser,
  rollupWebDay,
  type WebFilter,
  webAnalyticsOverview,
} from '@nimbus/db';
import { sql } from 'drizzle-orm';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '5' },
    'no-pglite': { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const GOAL_MS = 200;
const DAY_MS = 86_400_000;

async function seed(database: Database, projectId: string, now: Date) {
  const start = new Date(Date.parse(now.toISOString().slice(0, 10)) - 29 * DAY_MS);
  const span = Math.floor((now.getTime() - start.getTime()) / 1000);
  // 1 in 20 rows is a custom event; visitors make ~3 views a day; 200 paths, 30 referrers, 5 devices/OS mixes.
  await database.db.execute(sql`
    insert into web_events (project_id, occurred_at, path, route, device, browser, os, country, kind, event_name,
                            visitor, referrer, utm_source, utm_medium, utm_campaign)
    select ${projectId}, ${start.toISOString()}::timestamptz + ((i::bigint * ${span}) / ${EVENTS}) * interval '1 second',
           '/p/' || (i::bigint * 7919 % 200), case when i % 3 = 0 then '/p/[id]' end,
           (array['desktop','mobile','tablet'])[1 + i % 3], (array['Chrome','Safari','Firefox','Edge'])[1 + i % 4],
           (array['macOS','Windows','iOS','Android','Linux'])[1 + i % 5], (array['US','DE','FR','GB','JP','BR','IN',null])[1 + i % 8],
           case when i % 20 = 0 then 'event' else 'pageview' end, case when i % 20 = 0 then 'signup' || (i % 4) end,
           md5((i / 3)::text), case when i % 4 = 0 then 'ref' || (i % 30) || '.example' end,
           case when i % 10 = 0 then 'newsletter' end, case when i % 10 = 0 then 'email' end,
           case when i % 10 = 0 then 'spring' end
    from generate_series(0, ${EVENTS - 1}) as i`);
  const days: string[] = [];
  for (let t = start.getTime(); t < Date.parse(now.toISOString().slice(0, 10)); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  for (const day of days) await rollupWebDay(database.db, day, projectId);
  await database.db.execute(sql`analyze web_events`);
  await database.db.execute(sql`analyze web_daily`);
  return days.length;
}

/** Median of `count` runs after a warm-up; the raw baselines (seconds each) run once. */
async function time(fn: () => Promise<unknown>, count = RUNS): Promise<number> {
  if (count > 1) await fn();
  const runs: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await fn();
    runs.push(performance.now() - t0);
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

const kinds: ('pglite' | 'postgres')[] = [];
if (!values['no-pglite']) kinds.push('pglite');
if (process.env.DATABASE_URL) kinds.push('postgres');

const table: Record<string, string | number>[] = [];
for (const kind of kinds) {
  const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-bench-analytics-'));
  const database =
    kind === 'pglite'
      ? await openDatabase({ dataDir: path.join(dir, 'db') })
      : await openDatabase({ url: process.env.DATABASE_URL! });
  const email = `bench-${Date.now()}@example.com`;
  const user = await registerUser(database.db, { email, password: 'correct horse battery' });
  const team = (await personalTeam(database.db, user.id))!;
  const project = await createProject(database.db, team.id, { name: `analytics-bench-${Date.now()}` });
  try {
    const now = new Date();
    const t0 = performance.now();
    const days = await seed(database, project.id, now);
    const seedS = ((performance.now() - t0) / 1000).toFixed(1);
    const filter: WebFilter[] = [{ dimension: 'country', value: 'DE' }];
    const run = (filters: WebFilter[], rollup: boolean) => () =>
      webAnalyticsOverview(database.db, { projectId: project.id, period: '30d', filters, now, rollup });
    if (process.env.WORK_MEM) await database.db.execute(sql.raw(`set work_mem = '${process.env.WORK_MEM}'`));
    const check = await run([], true)();
    const unfiltered = await time(run([], true));
    const baseline = await time(run([], false), 1);
    const filtered = await time(run(filter, true));
    const rawFiltered = await time(run(filter, false), 1);
    table.push({
      db: kind,
      events: EVENTS,
      'seed+rollup s': `${seedS} (${days} days)`,
      'tab 30d ms': Math.round(unfiltered),
      'raw baseline ms': Math.round(baseline),
      'tab 30d country=DE ms': Math.round(filtered),
      'raw filtered ms': Math.round(rawFiltered),
      pageviews: check.totals.pageviews,
    });
    console.log(
      `${kind}: tab 30 d ${unfiltered.toFixed(0)} ms (raw baseline ${baseline.toFixed(0)} ms), ` +
        `with country=DE ${filtered.toFixed(0)} ms; goal ${GOAL_MS} ms: ${unfiltered < GOAL_MS ? 'met' : 'missed'} unfiltered, ${filtered < GOAL_MS ? 'met' : 'missed'} filtered`,
    );
  } finally {
    await deleteProject(database.db, team.id, project.id).catch(() => {});
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}
console.table(table);
