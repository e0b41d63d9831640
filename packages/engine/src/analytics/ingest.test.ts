// Collection through a real edge: a deployed static page, its insights script and endpoints with a
// Host header, and the rows they leave. Bodies are exactly what Nimbus's script, @vercel/analytics
// (its served script and its server `track`) and @vercel/speed-insights send.
import { schema, setAnalyticsSwitches } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from '../edge/fixture';
import { createCollector } from './collector';

const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const host = 'shop-a1.localhost:3000';
const page = '<!doctype html><title>Shop</title><script defer src="/_nimbus/insights/script.js"></script><h1>Shop</h1>';

let t: Awaited<ReturnType<typeof startEdge>>;
let deploymentId: string;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.get(host, path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'user-agent': CHROME, 'cf-ipcountry': 'NL', ...headers },
  });
const flush = () => t.analytics!.flush();
const events = () => t.database.db.select().from(schema.webEvents).where(eq(schema.webEvents.projectId, t.projectId));
const vitals = () => t.database.db.select().from(schema.webVitals).where(eq(schema.webVitals.projectId, t.projectId));
const clear = async () => {
  await t.database.db.delete(schema.webEvents);
  await t.database.db.delete(schema.webVitals);
};
const switchTo = async (switches: Parameters<typeof setAnalyticsSwitches>[2]) => {
  await setAnalyticsSwitches(t.database.db, t.projectId, switches);
  t.events.emit('analytics', t.projectId);
};

beforeAll(async () => {
  t = await startEdge({
    analytics: (db) => createCollector({ db, countryHeader: 'cf-ipcountry', queue: { intervalMs: 60_000 } }),
  });
  deploymentId = await t.deploy({ host: 'shop-a1', files: { 'index.html': page, 'insights/events.js': 'mine()' } });
});
afterAll(() => t.close());

describe('a project with Web Analytics off', () => {
  it('serves no script and records nothing', async () => {
    expect((await t.get(host, '/')).status).toBe(200);
    expect((await t.get(host, '/_nimbus/insights/script.js')).status).toBe(404);
    expect((await t.get(host, '/_vercel/insights/script.js')).status).toBe(404);
    expect((await t.get(host, '/_vercel/speed-insights/script.js')).status).toBe(404);
    // The deployment's own file at a script path is its own business.
    expect((await t.get(host, '/insights/events.js')).body.toString()).toBe('mine()');
    const r = await post('/hfi/events', { o: 'http://shop-a1.localhost:3000/' });
    expect(r.status).toBe(405);
    expect(
      (await post('/hfi/vitals', { o: 'http://shop-a1.localhost:3000/', vitals: [{ m: 'LCP', v: 1 }] })).status,
    ).toBe(405);
    await flush();
    expect(await events()).toEqual([]);
    expect(await vitals()).toEqual([]);
  });
});

describe('a project with Web Analytics on', () => {
  beforeAll(() => switchTo({ webAnalytics: true }));

  it('serves the script, cacheable, and a 304 for its ETag; no vitals half without Speed Insights', async () => {
    const script = await t.get(host, '/_nimbus/insights/script.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toContain('max-age=3600');
    expect(script.body.toString()).toContain('/hfi/events');
    expect(script.body.length).toBeLessThan(4_000);
    const again = await t.get(host, '/_nimbus/insights/script.js', {
      headers: { 'if-none-match': script.headers.etag! },
    });
    expect(again.status).toBe(304);
    expect((await t.get(host, '/insights/events.js')).body.toString()).not.toBe('mine()');
    expect((await t.get(host, '/insights/vitals.js')).status).toBe(404);
  });

  it('records a page view with its device, browser, country, referrer host and UTM, and no query', async () => {
    await clear();
    const r = await post(
      '/hfi/events',
      {
        o: 'http://shop-a1.localhost:3000/pricing?utm_source=newsletter&utm_campaign=launch&secret=1',
        r: 'https://www.google.com/search?q=shop',
        dp: '/pricing',
        sdkn: 'nimbus',
        ts: Date.now(),
      },
      { 'x-forwarded-for': '198.51.100.4' },
    );
    expect(r.status).toBe(204);
    await flush();
    const [row] = await events();
    expect(row).toMatchObject({
      deploymentId,
      kind: 'pageview',
      path: '/pricing',
      route: '/pricing',
      device: 'desktop',
      browser: 'Chrome',
      os: 'macOS',
      country: 'NL',
      referrer: 'google.com',
      utmSource: 'newsletter',
      utmCampaign: 'launch',
      eventName: null,
    });
    expect(row!.visitor).toMatch(/^[0-9a-f]{32}$/);
  });

  it('records a custom event with its properties and the same visitor', async () => {
    await clear();
    await post('/hfi/events', { o: 'http://shop-a1.localhost:3000/', r: '' });
    await post('/hfi/events', {
      o: 'http://shop-a1.localhost:3000/',
      en: 'Signup',
      ed: { plan: 'pro', seats: 3, nested: { x: 1 } },
    });
    await flush();
    const rows = await events();
    const event = rows.find((e) => e.kind === 'event')!;
    expect(event).toMatchObject({ eventName: 'Signup', eventData: { plan: 'pro', seats: 3 }, path: '/' });
    expect(event.visitor).toBe(rows.find((e) => e.kind === 'pageview')!.visitor);
  });

  it('does not count bots, and honours Do Not Track only when the project asks', async () => {
    await clear();
    const o = 'http://shop-a1.localhost:3000/';
    expect(
      (await post('/hfi/events', { o }, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status,
    ).toBe(204);
    await post('/hfi/events', { o }, { dnt: '1' });
    await flush();
    expect(await events()).toHaveLength(1);
    await switchTo({ respectDnt: true });
    await post('/hfi/events', { o }, { dnt: '1' });
    await post('/hfi/events', { o }, { 'sec-gpc': '1' });
    await flush();
    expect(await events()).toHaveLength(1);
    await switchTo({ respectDnt: false });
  });

  it('answers bad and oversized bodies with 400 and 413 JSON, and other methods with 405', async () => {
    const bad = await post('/hfi/events', '{not json');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString()).error.code).toBe('invalid_body');
    expect((await post('/hfi/events', { r: 'no page' })).status).toBe(400);
    expect((await post('/hfi/events', { o: 'not a url' })).status).toBe(400);
    expect((await post('/_vercel/insights/event', { o: 'http://shop-a1.localhost:3000/' })).status).toBe(400);
    const big = await post('/hfi/events', { o: 'http://shop-a1.localhost:3000/', ed: { x: 'y'.repeat(10_000) } });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body.toString()).error.code).toBe('body_too_large');
    expect((await t.get(host, '/hfi/events')).status).toBe(405);
  });
});

describe('Speed Insights', () => {
  it('records vitals only when on, from the batch and the single-metric forms', async () => {
    await clear();
    const o = 'http://shop-a1.localhost:3000/blog/hello';
    expect((await post('/hfi/vitals', { o, vitals: [{ m: 'LCP', v: 1 }] })).status).toBe(405);
    await switchTo({ speedInsights: true });
    const script = await t.get(host, '/_nimbus/insights/script.js');
    expect(script.body.toString()).toContain('/hfi/vitals');
    expect((await t.get(host, '/insights/vitals.js')).status).toBe(200);
    const r = await post('/hfi/vitals', {
      o,
      dp: '/blog/[slug]',
      vitals: [
        { m: 'LCP', v: 1830.5 },
        { m: 'CLS', v: 0.02 },
        { m: 'FID', v: 3 },
      ],
    });
    expect(r.status).toBe(204);
    await flush();
    const rows = await vitals();
    expect(rows.map((v) => [v.metric, v.value, v.route, v.path])).toEqual([
      ['LCP', 1830.5, '/blog/[slug]', '/blog/hello'],
      ['CLS', 0.02, '/blog/[slug]', '/blog/hello'],
    ]);
    expect(rows[0]).toMatchObject({ device: 'desktop', browser: 'Chrome', country: 'NL', deploymentId });
  });
});

describe('what the @vercel packages send', () => {
  beforeAll(() => switchTo({ webAnalytics: true, speedInsights: true }));

  it('serves their scripts at their paths, answering at their endpoints', async () => {
    const analytics = await t.get(host, '/_vercel/insights/script.js');
    expect(analytics.status).toBe(200);
    expect(analytics.body.toString()).toContain('/_vercel/insights/view');
    const speed = await t.get(host, '/_vercel/speed-insights/script.js');
    expect(speed.status).toBe(200);
    expect(speed.body.toString()).toContain('/_vercel/speed-insights/vitals');
  });

  it('takes a page view and an event at /_vercel/insights, and the server track() body', async () => {
    await clear();
    const o = 'http://shop-a1.localhost:3000/docs/intro?utm_medium=social';
    // The page view and event bodies of the script @vercel/analytics loads (sdkn names the framework).
    const view = {
      o,
      sv: '0.1.3',
      sdkn: '@vercel/analytics/next',
      sdkv: '2.0.1',
      ts: Date.now(),
      dp: '/docs/[slug]',
      r: 'https://t.co/x',
    };
    expect((await post('/_vercel/insights/view', view, { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(
      204,
    );
    const event = {
      o,
      sv: '0.1.3',
      sdkn: '@vercel/analytics/next',
      sdkv: '2.0.1',
      ts: Date.now(),
      r: '',
      en: 'Download',
      ed: { file: 'a.pdf' },
    };
    expect((await post('/_vercel/insights/event', event)).status).toBe(204);
    // @vercel/analytics/server's track(): what dist/server/index.mjs posts.
    const server = {
      o,
      ts: Date.now(),
      sdkn: '@vercel/analytics/server',
      sdkv: '2.0.1',
      r: '',
      en: 'Purchase',
      ed: { amount: 9 },
      f: undefined,
    };
    expect(
      (await post('/_vercel/insights/event', server, { 'x-va-server': '1', 'content-type': 'application/json' }))
        .status,
    ).toBe(204);
    await flush();
    const rows = await events();
    expect(rows.map((e) => [e.kind, e.eventName, e.path, e.route, e.utmMedium])).toEqual([
      ['pageview', null, '/docs/intro', '/docs/[slug]', 'social'],
      ['event', 'Download', '/docs/intro', null, 'social'],
      ['event', 'Purchase', '/docs/intro', null, 'social'],
    ]);
    expect(rows[0]!.referrer).toBe('t.co');
  });

  it('takes the speed insights vitals in the JSON batch and the form-encoded single metric', async () => {
    await clear();
    const batch = {
      o: 'http://shop-a1.localhost:3000/',
      dp: '/',
      sdkn: '@vercel/speed-insights/next',
      vitals: [{ m: 'INP', v: 72 }],
    };
    expect((await post('/_vercel/speed-insights/vitals', batch)).status).toBe(204);
    const form = new URLSearchParams({
      dsn: 'x',
      id: 'v3-1',
      page: '/',
      href: 'http://shop-a1.localhost:3000/',
      event_name: 'TTFB',
      value: '180.2',
      speed: '4g',
    }).toString();
    const r = await post('/_vercel/speed-insights/vitals', form, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(204);
    await flush();
    expect((await vitals()).map((v) => [v.metric, v.value])).toEqual([
      ['INP', 72],
      ['TTFB', 180.2],
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('switches changed by another process (PostgreSQL only)', () => {
  let other: Awaited<ReturnType<typeof startEdge>>;
  beforeAll(async () => {
    other = await startEdge({ databaseUrl: true });
    await other.edge.ready;
    await other.deploy({ host: 'blog-b2', files: { 'index.html': page } });
  });
  afterAll(() => other.close());

  it('follows setAnalyticsSwitches through NOTIFY nimbus_alias, with no event in this process', async () => {
    const script = () => other.get('blog-b2.localhost', '/_nimbus/insights/script.js').then((r) => r.status);
    expect(await script()).toBe(404);
    await setAnalyticsSwitches(other.database.db, other.projectId, { webAnalytics: true });
    await expect.poll(script, { timeout: 5_000, interval: 50 }).toBe(200);
    await setAnalyticsSwitches(other.database.db, other.projectId, { webAnalytics: false });
    await expect.poll(script, { timeout: 5_000, interval: 50 }).toBe(404);
  });
});
