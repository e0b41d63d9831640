// Insights ingest is limited per visitor (60 requests in 10 seconds) and per deployment (a ceiling
// the operator sets): a script in a loop gets 429 with Retry-After and records nothing more, while
// other visitors and the site's own files are served as before.
import { schema, setAnalyticsSwitches } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from '../edge/fixture';
import { createCollector } from './collector';
import { createIngestLimiter, DEFAULT_INGEST_LIMITS } from './limits';

const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DEPLOYMENT_LIMIT = 80;

let t: Awaited<ReturnType<typeof startEdge>>;
const view = (host: string, address: string) =>
  t.get(host, '/_vercel/insights/view', {
    method: 'POST',
    body: JSON.stringify({ o: `http://${host}/`, dp: '/' }),
    headers: { 'user-agent': CHROME, 'x-forwarded-for': address },
  });
const recorded = async () => {
  await t.analytics!.flush();
  return (await t.database.db.select().from(schema.webEvents).where(eq(schema.webEvents.projectId, t.projectId)))
    .length;
};

beforeAll(async () => {
  t = await startEdge({
    analytics: (db) =>
      createCollector({
        db,
        trustProxy: true,
        queue: { intervalMs: 60_000 },
        limits: { perDeployment: DEPLOYMENT_LIMIT },
      }),
  });
  await t.deploy({ host: 'busy-a1', files: { 'index.html': '<h1>busy</h1>' } });
  await t.deploy({ host: 'calm-b2', files: { 'index.html': '<h1>calm</h1>' } });
  await setAnalyticsSwitches(t.database.db, t.projectId, { webAnalytics: true });
  t.events.emit('analytics', t.projectId);
});
afterAll(() => t.close());

describe('one visitor sending in a loop', () => {
  it('is answered 429 with Retry-After past 60 requests in 10 seconds, and nothing more is recorded', async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof view>> | null = null;
    for (let i = 0; i < 75; i++) {
      const res = await view('busy-a1.localhost:3000', '198.51.100.7');
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused!.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(refused!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(refused!.body.toString()).error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(
        /One visitor sends at most 60 insights requests in 10 seconds\. Try again in \d+ s\./,
      ),
    });
    expect(await recorded()).toBe(60);
  });

  it('leaves other visitors, other deployments and the static files alone', async () => {
    expect((await view('busy-a1.localhost:3000', '198.51.100.8')).status).toBe(204);
    expect((await view('calm-b2.localhost:3000', '198.51.100.7')).status).toBe(204);
    const page = await t.get('busy-a1.localhost:3000', '/', { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('busy');
  });
});

describe("a deployment's ceiling (NIMBUS_ANALYTICS_DEPLOYMENT_LIMIT)", () => {
  it('refuses every visitor once the deployment took its limit in the window', async () => {
    // calm-b2 took one above; these come from as many addresses as there are requests.
    const statuses: number[] = [];
    for (let i = 0; i < DEPLOYMENT_LIMIT + 5; i++)
      statuses.push((await view('calm-b2.localhost:3000', `203.0.113.${i}`)).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(DEPLOYMENT_LIMIT - 1);
    const over = await view('calm-b2.localhost:3000', '192.0.2.200');
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body.toString()).error.message).toMatch(
      `This deployment takes at most ${DEPLOYMENT_LIMIT} insights requests in 10 seconds`,
    );
  });
});

describe('the limiter', () => {
  it('starts a key again once its window has passed, and says how long to wait', () => {
    let now = 1_000_000;
    const limiter = createIngestLimiter({ ...DEFAULT_INGEST_LIMITS, perVisitor: 2 }, () => now);
    expect(limiter.take('dpl_1', 'a').over).toBeNull();
    now += 4_000;
    expect(limiter.take('dpl_1', 'a').over).toBeNull();
    expect(limiter.take('dpl_1', 'a')).toEqual({ waitMs: 6_000, over: 'visitor' });
    // A visitor refused does not use up the deployment's share.
    expect(limiter.take('dpl_1', 'b').over).toBeNull();
    now += 6_000;
    expect(limiter.take('dpl_1', 'a').over).toBeNull();
  });
});
