// Nimbus's own pages: the front server answers the insights script and endpoints on the public host
// into NIMBUS_SITE_ANALYTICS_PROJECT, and a 404 for the script when it is unset or switched off.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId, schema, setAnalyticsSwitches } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { type Collector, createCollector } from '@nimbus/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteAnalytics } from './site-analytics';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let collector: Collector;
let projectId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  collector = createCollector({ db: database.db, queue: { intervalMs: 60_000 } });
  const teamId = newId('team');
  projectId = newId('prj');
  await database.db.insert(schema.teams).values({ id: teamId, slug: `site-${teamId.slice(-8).toLowerCase()}` });
  await database.db.insert(schema.projects).values({ id: projectId, teamId, name: 'nimbus-site' });
  await setAnalyticsSwitches(database.db, projectId, { webAnalytics: true });
});
afterAll(async () => {
  await collector.close();
  await database.close();
});

async function front(project: string | undefined) {
  const site = createSiteAnalytics({ db: database.db, collector, projectId: project });
  const server = createServer((req, res) => site.handle(req, res) || res.writeHead(418).end('next'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const send = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          method,
          path,
          headers: { host: 'nimbus.example.org', 'user-agent': CHROME, ...headers },
        },
        (res) => (res.resume(), res.on('end', () => resolve(res.statusCode!))),
      );
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('site analytics on the public host', () => {
  it('answers 404 for the script and endpoints when no project is set, and leaves other paths alone', async () => {
    const f = await front(undefined);
    expect(await f.send('GET', '/_nimbus/insights/script.js')).toBe(404);
    expect(await f.send('POST', '/hfi/events', '{"o":"https://nimbus.example.org/"}')).toBe(404);
    expect(await f.send('GET', '/insights/events.js')).toBe(418);
    expect(await f.send('GET', '/docs')).toBe(418);
    await f.close();
  });

  it('serves the script and records the pages of the site into the project, honouring DNT', async () => {
    const f = await front(projectId);
    expect(await f.send('GET', '/_nimbus/insights/script.js')).toBe(200);
    expect(await f.send('POST', '/hfi/events', '{"o":"https://nimbus.example.org/pricing?x=1"}')).toBe(204);
    expect(await f.send('POST', '/hfi/events', '{"o":"https://nimbus.example.org/docs"}', { dnt: '1' })).toBe(204);
    // Speed Insights is off for the project: vitals are not taken.
    expect(
      await f.send('POST', '/hfi/vitals', '{"o":"https://nimbus.example.org/","vitals":[{"m":"LCP","v":1}]}'),
    ).toBe(404);
    await collector.flush();
    const rows = await database.db.select().from(schema.webEvents);
    expect(rows.map((r) => [r.projectId, r.path, r.deploymentId])).toEqual([[projectId, '/pricing', null]]);
    await f.close();
  });

  it('serves no script when the project has Web Analytics off', async () => {
    await setAnalyticsSwitches(database.db, projectId, { webAnalytics: false });
    const f = await front(projectId);
    expect(await f.send('GET', '/_nimbus/insights/script.js')).toBe(404);
    await f.close();
  });
});
