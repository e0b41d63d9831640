// The meter on its own and through the edge's analytics endpoint: page views and custom events kept
// are counted for the site's team (bots are not), nothing is written until a flush, and counters of
// several sources for one key become one row.
import { setAnalyticsSwitches, usageTotals } from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollector } from '../analytics/collector';
import { startEdge } from '../edge/fixture';
import { createMeter, type Meter } from './meter';

let t: Awaited<ReturnType<typeof startEdge>>;
let meter: Meter;
let teamId: string;
const host = 'counted-a1.localhost:3000';
const today = () => new Date().toISOString().slice(0, 10);
const post = (path: string, body: unknown, agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0') =>
  t.get(host, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': agent },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  t = await startEdge({
    analytics: (db) => {
      meter = createMeter({ db, flushMs: 60_000 });
      return createCollector({ db, queue: { intervalMs: 60_000 }, meter });
    },
  });
  await t.deploy({ host: 'counted-a1', files: { 'index.html': '<h1>hi</h1>' } });
  await setAnalyticsSwitches(t.database.db, t.projectId, { webAnalytics: true });
  t.events.emit('analytics', t.projectId);
  const [row] = await t.database
    .execute(`select team_id from projects where id = '${t.projectId}'`)
    .then((r) => r.rows);
  teamId = String(row!.team_id);
});
afterAll(async () => {
  await meter.close();
  await t.close();
});

describe('usage meter', () => {
  it('counts the page views and events the insights endpoint keeps, not bots', async () => {
    expect((await post('/_vercel/insights/view', { o: 'http://counted-a1.localhost:3000/' })).status).toBe(204);
    expect((await post('/_vercel/insights/view', { o: 'http://counted-a1.localhost:3000/about' })).status).toBe(204);
    expect(
      (await post('/_vercel/insights/event', { o: 'http://counted-a1.localhost:3000/', en: 'Signup' })).status,
    ).toBe(204);
    const bot = await post('/_vercel/insights/view', { o: 'http://counted-a1.localhost:3000/' }, 'Googlebot/2.1');
    expect(bot.status).toBe(204);
    expect(await usageTotals(t.database.db, teamId, today(), '9999-12-31')).toMatchObject({ analytics_events: 0 });
    await meter.flush();
    expect(await usageTotals(t.database.db, teamId, today(), '9999-12-31')).toMatchObject({ analytics_events: 3 });
  });

  it('sums one key from many adds and edge counters into one write, and counts nothing when off', async () => {
    meter.add(teamId, t.projectId, 'build_ms', 1_200);
    meter.add(teamId, t.projectId, 'build_ms', 800);
    const counter = meter.counter(teamId, t.projectId);
    counter.requests += 2;
    counter.bytes += 512;
    expect(meter.pending()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ metric: 'build_ms', value: 2_000 }),
        expect.objectContaining({ metric: 'edge_requests', value: 2 }),
        expect.objectContaining({ metric: 'bandwidth_bytes', value: 512 }),
      ]),
    );
    await meter.flush();
    expect(meter.pending()).toEqual([]);
    expect(await usageTotals(t.database.db, teamId, today(), '9999-12-31')).toMatchObject({
      build_ms: 2_000,
      edge_requests: 2,
      bandwidth_bytes: 512,
    });

    const off = createMeter({ db: t.database.db, enabled: false });
    off.add(teamId, t.projectId, 'build_ms', 5);
    expect(off.pending()).toEqual([]);
    await off.close();
  });
});
