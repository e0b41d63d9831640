// Web Analytics and Speed Insights over the API: the tab's figures from events the collector's
// writer stored, filters, p75 and score, hasData in the project JSON, switches by role, the Vercel
// toggles, enabled projects, and another team's project staying out of reach.
import { insertWebEvents, insertWebVitals } from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let owner: { token: string };
let teamId: string;
let projectId: string;
const q = () => `?teamId=${teamId}`;

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.signup('wa-owner@example.com');
  const team = await t.proTeam(owner.token, 'Analytics Team');
  teamId = team.json.id;
  const created = await t.call('POST', `/v11/projects${q()}`, { token: owner.token, body: { name: 'shop' } });
  projectId = created.json.id;
  const at = new Date(Date.now() - 60_000);
  const base = { projectId, occurredAt: at, device: 'desktop' as const, browser: 'Chrome', os: 'macOS' };
  await insertWebEvents(t.db, [
    { ...base, path: '/', kind: 'pageview', visitor: 'v1', referrer: 'news.example' },
    { ...base, path: '/cart', kind: 'pageview', visitor: 'v1', referrer: 'news.example' },
    { ...base, path: '/', kind: 'pageview', visitor: 'v2', device: 'mobile' },
    { ...base, path: '/cart', kind: 'event', eventName: 'checkout', visitor: 'v1' },
  ]);
  await insertWebVitals(t.db, [
    { ...base, path: '/', metric: 'LCP', value: 1200 },
    { ...base, path: '/', metric: 'CLS', value: 0.3 },
  ]);
});
afterAll(() => t.close());

describe('web analytics API', () => {
  it('answers the tab: totals, top lists, events, and a filter', async () => {
    const all = await t.call('GET', `/v1/web-analytics/shop${q()}&period=24h`, { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.json.totals).toMatchObject({ visitors: 2, pageviews: 3, bounces: 1, bounceRate: 0.5, events: 1 });
    expect(all.json.series).toHaveLength(24);
    expect(all.json.top.event).toEqual([{ value: 'checkout', visitors: 1, pageviews: 0, events: 1 }]);
    const byReferrer = await t.call('GET', `/v1/web-analytics/${projectId}${q()}&period=7d&referrer=news.example`, {
      token: owner.token,
    });
    expect(byReferrer.json.filters).toEqual([{ dimension: 'referrer', value: 'news.example' }]);
    expect(byReferrer.json.totals).toMatchObject({ visitors: 1, pageviews: 2, bounces: 0 });
    expect(byReferrer.json.series).toHaveLength(7);
    const bad = await t.call('GET', `/v1/web-analytics/shop${q()}&period=1y`, { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it('answers Speed Insights with p75, ratings and the score', async () => {
    const s = await t.call('GET', `/v1/speed-insights/shop${q()}&period=7d`, { token: owner.token });
    expect(s.status).toBe(200);
    expect(s.json.vitals).toEqual([
      { metric: 'LCP', p75: 1200, samples: 1, rating: 'good' },
      { metric: 'CLS', p75: 0.3, samples: 1, rating: 'poor' },
    ]);
    expect(s.json.score).toBeGreaterThan(50);
    expect(s.json.score).toBeLessThan(90);
    expect(s.json.routes[0].route).toBe('/');
    expect(s.json.devices[0].device).toBe('desktop');
  });

  it('reports hasData in the project JSON', async () => {
    const p = await t.call('GET', `/v9/projects/shop${q()}`, { token: owner.token });
    expect(p.json.webAnalytics).toMatchObject({ id: projectId, enabled: false, hasData: true });
    expect(p.json.speedInsights.hasData).toBe(true);
    const empty = await t.call('POST', `/v11/projects${q()}`, { token: owner.token, body: { name: 'empty' } });
    expect(empty.json.webAnalytics.hasData).toBeUndefined();
    expect(empty.json.speedInsights.hasData).toBe(false);
  });

  it('lets a VIEWER read but not switch; the owner switches; Vercel toggles and enabled projects', async () => {
    const viewer = await t.signup('wa-viewer@example.com');
    const invite = await t.call('POST', `/v1/teams/${teamId}/members`, {
      token: owner.token,
      body: { email: 'wa-viewer@example.com', role: 'VIEWER' },
    });
    await t.call('POST', `/v1/invitations/${invite.json.link.split('/').pop()}/accept`, { token: viewer.token });
    expect((await t.call('GET', `/v1/web-analytics/shop${q()}`, { token: viewer.token })).status).toBe(200);
    const refused = await t.call('PATCH', `/v1/web-analytics/shop${q()}`, {
      token: viewer.token,
      body: { webAnalytics: true },
    });
    expect(refused.status).toBe(403);
    const toggle = await t.call('POST', `/web/insights/toggle${q()}&projectId=shop`, {
      token: viewer.token,
      body: { value: true },
    });
    expect(toggle.status).toBe(403);

    const on = await t.call('PATCH', `/v1/web-analytics/shop${q()}`, {
      token: owner.token,
      body: { webAnalytics: true, respectDnt: true },
    });
    expect(on.json).toEqual({ projectId, webAnalytics: true, respectDnt: true, speedInsights: false });
    const si = await t.call('POST', `/speed-insights/toggle${q()}&projectId=${projectId}`, {
      token: owner.token,
      body: { value: true },
    });
    expect(si.json).toEqual({ value: true, projectId });
    const enabled = await t.call('GET', `/speed-insights/enabled-projects${q()}`, { token: viewer.token });
    expect(enabled.json.projects).toEqual([{ id: projectId, name: 'shop' }]);
    const p = await t.call('GET', `/v9/projects/shop${q()}`, { token: viewer.token });
    expect(p.json.webAnalytics).toMatchObject({ enabled: true, respectDnt: true });
  });

  it("keeps another team's project out of reach", async () => {
    const stranger = await t.signup('wa-stranger@example.com');
    for (const path of [`/v1/web-analytics/${projectId}`, `/v1/speed-insights/${projectId}`]) {
      expect((await t.call('GET', path, { token: stranger.token })).status).toBe(404);
      expect([403, 404]).toContain((await t.call('GET', `${path}${q()}`, { token: stranger.token })).status);
    }
    const patch = await t.call('PATCH', `/v1/web-analytics/${projectId}`, {
      token: stranger.token,
      body: { webAnalytics: false },
    });
    expect(patch.status).toBe(404);
    const enabled = await t.call('GET', '/speed-insights/enabled-projects', { token: stranger.token });
    expect(enabled.json.projects).toEqual([]);
  });
});
