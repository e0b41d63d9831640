// The read side of Web Analytics and Speed Insights: period and day boundaries in UTC, bounce rate,
// filters, the rollup (idempotent, and the tab gives the same figures from it as from raw events),
// retention by plan, p75 per route and device.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { type NewWebEvent, teams, webDaily, webDailyFiltered, webEvents } from '../schema';
import { createTestDatabase } from '../testing';
import { personalTeam, registerUser } from './accounts';
import { createProject, deleteProject } from './projects';
import {
  insertWebEvents,
  insertWebVitals,
  pruneWebAnalytics,
  rollupWebDay,
  speedInsightsEnabledProjects,
  speedInsightsOverview,
  WEB_DIMENSIONS,
  type WebDimension,
  type WebFilter,
  webAnalyticsHasData,
  webAnalyticsOverview,
  webDaysToRollUp,
} from './web-analytics';

let database: Database;
let projectId: string;
let otherId: string;
let teamId: string;
const NOW = new Date('2026-03-10T12:30:00Z');

const view = (at: string, visitor: string, extra: Partial<NewWebEvent> = {}): NewWebEvent => ({
  projectId,
  occurredAt: new Date(at),
  path: '/',
  device: 'desktop',
  browser: 'Chrome',
  os: 'macOS',
  kind: 'pageview',
  visitor,
  ...extra,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await registerUser(database.db, { email: 'wa@example.com', password: 'correct horse battery' });
  teamId = (await personalTeam(database.db, user.id))!.id;
  projectId = (await createProject(database.db, teamId, { name: 'site' })).id;
  otherId = (await createProject(database.db, teamId, { name: 'quiet' })).id;
  await insertWebEvents(database.db, [
    // 2026-03-08: a visits twice (/ then /blog), b bounces from a referrer; c at 23:59:59.999.
    view('2026-03-08T00:00:00Z', 'a'),
    view('2026-03-08T10:00:00Z', 'a', { path: '/blog' }),
    view('2026-03-08T11:00:00Z', 'b', { referrer: 'news.example', utmSource: 'hn', device: 'mobile' }),
    view('2026-03-08T23:59:59.999Z', 'c', { country: 'DE' }),
    // 2026-03-09: the same people hash differently the next day.
    view('2026-03-09T09:00:00Z', 'a2', { referrer: 'news.example' }),
    view('2026-03-09T09:01:00Z', 'a2', { referrer: 'news.example', path: '/pricing' }),
    { ...view('2026-03-09T09:02:00Z', 'a2'), kind: 'event', eventName: 'signup' },
    // today, 2026-03-10
    view('2026-03-10T00:00:00Z', 'd'),
    view('2026-03-10T12:00:00Z', 'e', { referrer: 'news.example', browser: 'Firefox' }),
    // outside every period: 2026-02-01, and another project.
    view('2026-02-01T12:00:00Z', 'old'),
    { ...view('2026-03-10T01:00:00Z', 'x'), projectId: otherId },
  ]);
});
afterAll(() => database.close());

describe('webAnalyticsOverview from raw events', () => {
  it('counts visitors per day, page views and bounces within the 7 d period, in UTC days', async () => {
    const o = await webAnalyticsOverview(database.db, { projectId, period: '7d', now: NOW });
    // visitors: 3 (03-08) + 1 (03-09) + 2 (03-10); bounces: b, c, d, e.
    expect(o.totals).toMatchObject({ visitors: 6, pageviews: 8, bounces: 4, events: 1 });
    expect(o.totals.bounceRate).toBeCloseTo(4 / 6);
    expect(o.series).toHaveLength(7);
    expect(o.series[0]!.t).toBe('2026-03-04');
    expect(o.series.slice(-3)).toEqual([
      { t: '2026-03-08', visitors: 3, pageviews: 4 },
      { t: '2026-03-09', visitors: 1, pageviews: 2 },
      { t: '2026-03-10', visitors: 2, pageviews: 2 },
    ]);
    expect(o.top.referrer.find((r) => r.value === 'news.example')).toMatchObject({ visitors: 3, pageviews: 4 });
    expect(o.top.event).toEqual([{ value: 'signup', visitors: 1, pageviews: 0, events: 1 }]);
    expect(o.top.country.map((r) => r.value).sort()).toEqual(['', 'DE']);
  });

  it('24 h is the last 24 whole hours up to the current one, hourly', async () => {
    const o = await webAnalyticsOverview(database.db, { projectId, period: '24h', now: NOW });
    expect(o.series).toHaveLength(24);
    expect(o.series[0]!.t).toBe('2026-03-09T13:00:00Z');
    expect(o.series.at(-1)).toEqual({ t: '2026-03-10T12:00:00Z', visitors: 1, pageviews: 1 });
    // 03-09 09:00 is out; 03-10 00:00 and 12:00 are in.
    expect(o.totals.pageviews).toBe(2);
  });

  it('filters on any dimension and bounces within the filter', async () => {
    const o = await webAnalyticsOverview(database.db, {
      projectId,
      period: '7d',
      now: NOW,
      filters: [{ dimension: 'referrer', value: 'news.example' }],
    });
    expect(o.totals).toMatchObject({ visitors: 3, pageviews: 4, bounces: 2 });
    expect(o.top.path.map((r) => r.value).sort()).toEqual(['/', '/pricing']);
    const direct = await webAnalyticsOverview(database.db, {
      projectId,
      period: '7d',
      now: NOW,
      filters: [
        { dimension: 'referrer', value: '' },
        { dimension: 'device', value: 'desktop' },
      ],
    });
    expect(direct.totals).toMatchObject({ visitors: 3, pageviews: 4 });
  });
});

describe('filtered figures against a count of distinct visitors', () => {
  it('match a direct count over a mixed month, on every dimension, with and without filters', async () => {
    const mixedId = (await createProject(database.db, teamId, { name: 'mixed' })).id;
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
    const events: NewWebEvent[] = Array.from({ length: 600 }, (_, i) => ({
      projectId: mixedId,
      // 10 days before NOW; a visitor hash repeats on the same day and, rarely, on the next one.
      occurredAt: new Date(NOW.getTime() - 1000 - ((i * 7_919) % (10 * 86_400)) * 1000),
      path: pick(['/', '/blog', '/pricing', '/docs'], i),
      route: i % 3 === 0 ? '/blog/[slug]' : null,
      device: pick(['desktop', 'mobile', 'tablet'] as const, i >> 1),
      browser: pick(['Chrome', 'Safari', 'Firefox'], i >> 2),
      os: pick(['macOS', 'Windows', 'iOS', 'Linux'], i),
      country: pick(['US', 'DE', null], i >> 3),
      kind: i % 7 === 0 ? 'event' : 'pageview',
      eventName: i % 7 === 0 ? pick(['signup', 'buy'], i) : null,
      eventData: i % 7 === 0 ? { plan: 'pro', seats: i % 5, trial: i % 2 === 0, note: null } : null,
      visitor: `v${i % 97}`,
      referrer: i % 4 === 0 ? pick(['news.example', 'search.example'], i) : null,
      utmSource: i % 5 === 0 ? 'mail' : null,
      utmMedium: i % 5 === 0 ? 'email' : null,
      utmCampaign: i % 10 === 0 ? 'spring' : null,
      utmContent: i % 11 === 0 ? 'hero' : null,
      utmTerm: i % 13 === 0 ? 'hosting' : null,
    }));
    await insertWebEvents(database.db, events);
    const stored = await database.db.select().from(webEvents).where(eq(webEvents.projectId, mixedId));
    expect(stored).toHaveLength(600);
    expect(stored.find((e) => e.eventData?.seats === 1)?.eventData).toEqual({
      plan: 'pro',
      seats: 1,
      trial: false,
      note: null,
    });

    // What the tab reads for each dimension: the column, '' when absent, and no value for `event` on page views.
    const columnOf: Record<WebDimension, keyof NewWebEvent> = {
      path: 'path',
      route: 'route',
      referrer: 'referrer',
      utm_source: 'utmSource',
      utm_medium: 'utmMedium',
      utm_campaign: 'utmCampaign',
      utm_content: 'utmContent',
      utm_term: 'utmTerm',
      device: 'device',
      browser: 'browser',
      os: 'os',
      country: 'country',
      event: 'eventName',
    };
    const dimensionOf = (e: NewWebEvent, d: WebDimension): string | null =>
      d === 'event' ? (e.eventName ?? null) : ((e[columnOf[d]] as string | null | undefined) ?? '');
    const day = (e: NewWebEvent) => e.occurredAt.toISOString().slice(0, 10);
    for (const filters of [
      [],
      [{ dimension: 'country', value: 'DE' }],
      [
        { dimension: 'referrer', value: '' },
        { dimension: 'device', value: 'mobile' },
      ],
      [{ dimension: 'event', value: 'buy' }],
    ] as WebFilter[][]) {
      const kept = events.filter((e) => filters.every((f) => dimensionOf(e, f.dimension) === f.value));
      const views = kept.filter((e) => e.kind === 'pageview');
      const perDay = new Map<string, number>();
      for (const e of views) perDay.set(`${day(e)} ${e.visitor}`, (perDay.get(`${day(e)} ${e.visitor}`) ?? 0) + 1);
      const o = await webAnalyticsOverview(database.db, {
        projectId: mixedId,
        period: '30d',
        now: NOW,
        filters,
        limit: 1000,
        rollup: false,
      });
      expect(o.totals).toMatchObject({
        pageviews: views.length,
        visitors: perDay.size,
        bounces: [...perDay.values()].filter((n) => n === 1).length,
        events: kept.length - views.length,
      });
      for (const d of WEB_DIMENSIONS) {
        const expected = new Map<string, { visitors: Set<string>; pageviews: number; events: number }>();
        for (const e of kept) {
          const v = dimensionOf(e, d);
          if (v === null) continue;
          const row = expected.get(v) ?? { visitors: new Set<string>(), pageviews: 0, events: 0 };
          if (e.kind === 'pageview') row.pageviews++;
          else row.events++;
          if ((d === 'event') === (e.kind === 'event')) row.visitors.add(e.visitor);
          expected.set(v, row);
        }
        const got = Object.fromEntries(o.top[d].map((r) => [r.value, r]));
        expect(got).toEqual(
          Object.fromEntries(
            [...expected].map(([value, r]) => [
              value,
              { value, visitors: r.visitors.size, pageviews: r.pageviews, events: r.events },
            ]),
          ),
        );
      }
    }
    await deleteProject(database.db, teamId, mixedId);
  });
});

describe('rollups', () => {
  it('gives the same figures as raw events, and rolling a day up twice replaces its rows', async () => {
    const before = await webAnalyticsOverview(database.db, { projectId, period: '30d', now: NOW });
    expect(before.source.rollupDays).toBe(0);
    const days = await webDaysToRollUp(database.db, NOW);
    expect(days).toEqual(['2026-02-01', '2026-03-08', '2026-03-09']);
    for (const day of days) await rollupWebDay(database.db, day);
    const count = async () =>
      (await database.db.select().from(webDaily).where(eq(webDaily.projectId, projectId))).length;
    const n = await count();
    await rollupWebDay(database.db, '2026-03-08');
    expect(await count()).toBe(n);
    const after = await webAnalyticsOverview(database.db, { projectId, period: '30d', now: NOW });
    expect(after.source.rollupDays).toBe(29);
    expect(after.totals).toEqual(before.totals);
    expect(after.series).toEqual(before.series);
    expect(after.top.referrer).toEqual(before.top.referrer);
    expect(after.top.path).toEqual(before.top.path);
    // A day rolled up is done; the day that just ended waits ten minutes for the last batches.
    expect(await webDaysToRollUp(database.db, NOW)).toEqual([]);
    expect(await webDaysToRollUp(database.db, new Date('2026-03-11T00:05:00Z'))).toEqual([]);
    expect(await webDaysToRollUp(database.db, new Date('2026-03-11T00:10:00Z'))).toEqual(['2026-03-10']);
    const filteredRows = async () =>
      (await database.db.select().from(webDailyFiltered).where(eq(webDailyFiltered.projectId, projectId))).length;
    const f = await filteredRows();
    expect(f).toBeGreaterThan(0);
    await rollupWebDay(database.db, '2026-03-08');
    expect(await filteredRows()).toBe(f);
    // One filter on country, device, browser or os reads web_daily_filtered, with the raw figures.
    const filters: WebFilter[][] = [
      [{ dimension: 'country', value: 'DE' }],
      [{ dimension: 'country', value: '' }],
      [{ dimension: 'device', value: 'mobile' }],
      [{ dimension: 'browser', value: 'Chrome' }],
      [{ dimension: 'os', value: 'macOS' }],
    ];
    for (const filter of filters) {
      const raw = await webAnalyticsOverview(database.db, {
        projectId,
        period: '30d',
        now: NOW,
        filters: filter,
        rollup: false,
      });
      const rolled = await webAnalyticsOverview(database.db, { projectId, period: '30d', now: NOW, filters: filter });
      expect(rolled.source.rollupDays).toBe(29);
      expect(raw.source.rollupDays).toBe(0);
      expect({ ...rolled, source: null }).toEqual({ ...raw, source: null });
    }
    const german = await webAnalyticsOverview(database.db, { projectId, period: '30d', now: NOW, filters: filters[0] });
    expect(german.totals).toMatchObject({ visitors: 1, pageviews: 1, bounces: 1 });
    // Two filters, or a filter on another dimension, still read raw events.
    const both = await webAnalyticsOverview(database.db, {
      projectId,
      period: '30d',
      now: NOW,
      filters: [...filters[0]!, { dimension: 'device', value: 'desktop' }],
    });
    expect(both.source.rollupDays).toBe(0);
    expect(both.totals).toEqual(german.totals);
  });

  it('a late event is counted when its day is rolled up again', async () => {
    await insertWebEvents(database.db, [view('2026-03-09T20:00:00Z', 'late')]);
    await rollupWebDay(database.db, '2026-03-09');
    const o = await webAnalyticsOverview(database.db, { projectId, period: '7d', now: NOW });
    expect(o.series.find((p) => p.t === '2026-03-09')).toEqual({ t: '2026-03-09', visitors: 2, pageviews: 3 });
  });

  it('prunes raw rows after the raw window and rollups after the plan', async () => {
    const retention = { hobby: 30, pro: 365, enterprise: 730 };
    const later = new Date('2026-04-05T00:00:00Z');
    // Pro keeps February's rollup; raw events older than 31 days go.
    await database.db.update(teams).set({ plan: 'pro' }).where(eq(teams.id, teamId));
    const pro = await pruneWebAnalytics(database.db, retention, later);
    expect(pro.events).toBe(1);
    expect(pro.daily).toBe(0);
    await database.db.update(teams).set({ plan: 'hobby' }).where(eq(teams.id, teamId));
    const hobby = await pruneWebAnalytics(database.db, retention, later);
    expect(hobby.daily).toBeGreaterThan(0);
    const left = await database.db.select().from(webDaily).where(eq(webDaily.projectId, projectId));
    expect(left.every((r) => r.day >= '2026-03-06')).toBe(true);
    expect(left.length).toBeGreaterThan(0);
  });
});

describe('speed insights', () => {
  it('p75 per metric, route and device, hasData and enabled projects', async () => {
    const vital = (value: number, extra: object = {}) => ({
      projectId,
      occurredAt: new Date('2026-03-10T10:00:00Z'),
      path: '/blog/a',
      route: '/blog/[slug]',
      device: 'desktop' as const,
      browser: 'Chrome',
      os: 'macOS',
      metric: 'LCP' as const,
      value,
      ...extra,
    });
    await insertWebVitals(database.db, [
      vital(1000),
      vital(2000),
      vital(3000),
      vital(4000),
      vital(9000, { device: 'mobile', path: '/', route: null }),
      vital(0.2, { metric: 'CLS' }),
    ]);
    const s = await speedInsightsOverview(database.db, { projectId, period: '7d', now: NOW });
    // percentile_cont(0.75) of 1000, 2000, 3000, 4000, 9000 = 4000.
    expect(s.overall.find((v) => v.metric === 'LCP')).toEqual({ metric: 'LCP', p75: 4000, samples: 5 });
    expect(s.routes.get('/blog/[slug]')!.find((v) => v.metric === 'LCP')!.p75).toBe(3250);
    expect(s.routes.get('/')!.find((v) => v.metric === 'LCP')!.p75).toBe(9000);
    expect(s.devices.get('mobile')).toEqual([{ metric: 'LCP', p75: 9000, samples: 1 }]);
    expect(s.series.get('2026-03-10')!.length).toBe(2);
    const mobile = await speedInsightsOverview(database.db, { projectId, period: '7d', now: NOW, device: 'mobile' });
    expect(mobile.overall).toEqual([{ metric: 'LCP', p75: 9000, samples: 1 }]);

    const has = await webAnalyticsHasData(database.db, [projectId, otherId]);
    expect([...has.vitals]).toEqual([projectId]);
    expect(has.events.has(otherId)).toBe(true);
    expect(await speedInsightsEnabledProjects(database.db, teamId)).toEqual([]);
  });
});
