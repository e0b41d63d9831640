// Web Analytics and Speed Insights switches reach the edge at once: every API path that changes them
// (PATCH /v1/web-analytics, the @vercel/sdk toggles, the project PATCH with speedInsights) goes
// through setAnalyticsSwitches, so a deployment's insights script answers 200 right after it is
// turned on and 404 right after it is turned off, with no wait for the host cache to expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let owner: { token: string };
let teamId: string;
let host: string;
const q = () => `?teamId=${teamId}`;
const script = async () => (await t.fetchHost(host, '/_nimbus/insights/script.js')).status;
const vitals = async () => (await t.fetchHost(host, '/_vercel/speed-insights/script.js')).status;

beforeAll(async () => {
  t = await createFunctionsTestServer();
  owner = await t.signup('wa-edge@example.com');
  teamId = (await t.proTeam(owner.token, 'Edge Analytics')).json.id;
  const res = await t.deploy(owner.token, { 'index.html': '<h1>hello</h1>' }, { name: 'switched' }, q());
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const done = await t.waitFor(owner.token, res.json.id, undefined, 120_000, q());
  expect(done.readyState).toBe('READY');
  host = done.url.replace(/\.localhost.*$/, '');
}, 240_000);
afterAll(() => t?.close());

describe('analytics switches at the edge', () => {
  it('serves the script at once after PATCH /v1/web-analytics turns it on, and stops at once when off', async () => {
    // A first request fills the edge's host cache with the switches off.
    expect(await script()).toBe(404);
    const on = await t.call('PATCH', `/v1/web-analytics/switched${q()}`, {
      token: owner.token,
      body: { webAnalytics: true, respectDnt: true },
    });
    expect(on.json).toMatchObject({ webAnalytics: true, respectDnt: true });
    expect(await script()).toBe(200);
    const off = await t.call('PATCH', `/v1/web-analytics/switched${q()}`, {
      token: owner.token,
      body: { webAnalytics: false },
    });
    expect(off.json).toMatchObject({ webAnalytics: false, respectDnt: true });
    expect(await script()).toBe(404);
  });

  it('follows the @vercel/sdk toggles', async () => {
    const toggle = (value: boolean) =>
      t.call('POST', `/web/insights/toggle${q()}&projectId=switched`, { token: owner.token, body: { value } });
    expect((await toggle(true)).json.value).toBe(true);
    expect(await script()).toBe(200);
    expect((await toggle(false)).json.value).toBe(false);
    expect(await script()).toBe(404);
  });

  it('follows Speed Insights from its toggle and from the project PATCH', async () => {
    expect(await vitals()).toBe(404);
    const toggled = await t.call('POST', `/speed-insights/toggle${q()}&projectId=switched`, {
      token: owner.token,
      body: { value: true },
    });
    expect(toggled.json.value).toBe(true);
    expect(await vitals()).toBe(200);
    const patched = await t.call('PATCH', `/v9/projects/switched${q()}`, {
      token: owner.token,
      body: { speedInsights: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.speedInsights).toMatchObject({ enabled: false });
    expect(await vitals()).toBe(404);
    const again = await t.call('PATCH', `/v9/projects/switched${q()}`, {
      token: owner.token,
      body: { speedInsights: true, buildCommand: 'true' },
    });
    expect(again.json.speedInsights).toMatchObject({ enabled: true });
    expect(again.json.buildCommand).toBe('true');
    expect(await vitals()).toBe(200);
  });
});
