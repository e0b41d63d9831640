// Cron jobs end to end: a production deployment's `crons` are called through the edge with Vercel's
// cron user agent and the project's CRON_SECRET, once per scheduled time, and listed with their runs.
import { cronTargets, envForTarget } from '@nimbus/db';
import { startCronScheduler } from '@nimbus/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let token: string;
let projectId: string;

const TREE = {
  '.vercel/output/config.json': JSON.stringify({
    version: 3,
    crons: [{ path: '/api/cron', schedule: '* * * * *' }],
  }),
  '.vercel/output/functions/api/cron.func/.vc-config.json': JSON.stringify({
    runtime: 'nodejs22.x',
    handler: 'index.js',
    launcherType: 'Nodejs',
  }),
  '.vercel/output/functions/api/cron.func/index.js': `module.exports = (req, res) => {
  const ok = req.headers['user-agent'] === 'vercel-cron/1.0' && req.headers.authorization === 'Bearer ' + process.env.CRON_SECRET;
  console.log('cron called', ok);
  res.statusCode = ok ? 200 : 401;
  res.end(ok ? 'ran' : 'refused');
};`,
};

beforeAll(async () => {
  t = await createFunctionsTestServer();
  token = (await t.signup('cron-user@example.com', 'Cron User')).token;
  // The secret exists before the deployment: a deployment takes its environment when it builds.
  const project = await t.call('POST', '/v11/projects', { token, body: { name: 'crons' } });
  expect(project.status).toBe(200);
  projectId = project.json.id;
  const secret = await t.call('POST', `/v10/projects/${projectId}/env`, {
    token,
    body: { key: 'CRON_SECRET', value: 'only-the-scheduler-knows', target: ['production'], type: 'encrypted' },
  });
  expect(secret.status).toBeLessThan(300);
  const first = await t.deploy(token, TREE, { name: 'crons', target: 'production' }, '?prebuilt=1');
  expect(first.status).toBe(200);
  expect(first.json.projectId).toBe(projectId);
  const ready = await t.waitFor(token, first.json.id, ['READY', 'ERROR'], 60_000);
  expect(ready.readyState).toBe('READY');
}, 120_000);
afterAll(() => t?.close());

describe('cron jobs', () => {
  it('a direct visit without the secret is refused by the function itself', async () => {
    const production = (await cronTargets(t.db)).find((c) => c.projectId === projectId)!;
    expect((await t.fetchHost(production.host, '/api/cron')).status).toBe(401);
  });

  it('calls the production path once per scheduled time, with the cron agent and secret, and lists the run', async () => {
    const targets = (await cronTargets(t.db)).filter((c) => c.projectId === projectId);
    expect(targets).toHaveLength(1);
    expect(targets[0]!.crons).toEqual([{ path: '/api/cron', schedule: '* * * * *' }]);
    const options = {
      db: t.db,
      targets: async () => targets,
      call: async (host: string, urlPath: string, headers: Record<string, string>) =>
        (await t.fetchHost(host, urlPath, { headers })).status,
      secretOf: async (id: string) => (await envForTarget(t.db, t.engine.cipher, id, 'production')).CRON_SECRET,
      intervalMs: 3_600_000,
      // Just after the next minute starts: a time after the deployment went READY.
      now: () => new Date(Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 5_000),
    };
    const a = startCronScheduler(options);
    const b = startCronScheduler(options);
    await Promise.all([a.tick(), b.tick()]);
    a.stop();
    b.stop();
    const listed = (await t.call('GET', `/v1/projects/${projectId}/crons`, { token })).json;
    expect(listed.crons).toEqual([{ path: '/api/cron', schedule: '* * * * *' }]);
    expect(listed.runs).toHaveLength(1);
    expect(listed.runs[0]).toMatchObject({ path: '/api/cron', status: 200 });
  });

  it("is not listed for another team's caller", async () => {
    const other = (await t.signup('cron-other@example.com', 'Other')).token;
    expect((await t.call('GET', `/v1/projects/${projectId}/crons`, { token: other })).status).toBe(404);
  });
});
