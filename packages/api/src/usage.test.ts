// Usage metering end to end: a known load through the real edge and a real build, read back from
// usage_daily through `GET /v2/usage`; Hobby teams past their included usage are limited; plan
// limits refuse with `plan_limit`; a budget alerts once per threshold and month (outbox mail and a
// signed webhook) and pauses production at 100% until resumed; staff freeze an account.

import { chmod } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { addUsage, type Db, schema } from '@nimbus/db';
import { createEdge, createMeter, type Edge, type Meter, startWorker, type Worker } from '@nimbus/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOptions } from './context';
import { createEngineTestApi } from './engine-testing';
import { BUDGET_SIGNATURE_HEADER, checkTeams, signBudgetWebhook } from './services/budgets';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let meter: Meter;
let edge: Edge;
let worker: Worker;
let server: Server;
let port: number;
let owner: Awaited<ReturnType<typeof t.signup>>;

const today = () => new Date().toISOString().slice(0, 10);

/** One GET on a fresh connection; `bytes` is everything the socket received (headers and body). */
function get(host: string, path: string): Promise<{ status: number; body: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, agent: false, headers: { host } }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString(), bytes: res.socket.bytesRead }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the runtime passes to checkTeams after each meter write. */
const options = (): ApiOptions => ({
  db: t.db,
  engine: t.engine,
  publicUrl: 'http://localhost:3000',
  deployDomain: 'localhost',
  staffTeam: 'staff-team',
  // The alert webhook's receiver listens on 127.0.0.1.
  allowPrivateHookAddresses: true,
});

const hostOf = (url: string) => url.replace(/^https?:\/\//, '').split('/')[0]!;

beforeAll(async () => {
  // The alert webhook's receiver listens on 127.0.0.1.
  t = await createEngineTestApi({ api: { allowPrivateHookAddresses: true } });
  meter = createMeter({ db: t.db, flushMs: 60_000 });
  // The real build worker, metered like the edge (flushed by the tests, never by the timer).
  await chmod(t.engineDir, 0o711);
  worker = await startWorker({
    db: t.db,
    engine: t.engine,
    deployDomain: 'localhost',
    buildRoot: path.join(t.engineDir, 'builds'),
    pollMs: 200,
    heartbeatMs: 300,
    meter,
  });
  edge = createEdge({ db: t.db, store: t.engine.store, deployDomain: 'localhost', events: t.engine.events, meter });
  server = createServer(edge.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  owner = await t.signup('usage-owner@example.com');
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await edge.close();
  await worker.stop();
  await meter.close();
  await t.close();
});

async function personalTeamId(token: string): Promise<string> {
  return (await t.call('GET', '/v2/user', { token })).json.user.defaultTeamId;
}

describe('metering', () => {
  it('counts every request and byte a known load produced, and GET /v2/usage reports them', async () => {
    const file = 'x'.repeat(10_000);
    const res = await t.deploy(owner.token, { 'index.html': file }, { name: 'metered' });
    expect(res.status).toBe(200);
    const done = await t.waitFor(owner.token, res.json.id);
    expect(done.readyState).toBe('READY');
    const host = hostOf(done.url);

    const N = 25;
    let received = 0;
    for (let i = 0; i < N; i++) {
      const r = await get(host, '/');
      expect(r.status).toBe(200);
      expect(r.body.length).toBe(10_000);
      received += r.bytes;
    }
    // A connection's bytes are taken when it closes (each of these closes after its answer).
    const counted = () =>
      meter
        .pending()
        .filter((row) => row.metric === 'bandwidth_bytes')
        .reduce((sum, row) => sum + row.value, 0);
    for (let i = 0; i < 100 && counted() < received; i++) await new Promise((r) => setTimeout(r, 20));
    // Nothing is written per request: the counters wait in memory until the flush.
    const teamId = await personalTeamId(owner.token);
    expect(await t.db.select().from(schema.usageDaily).where(eq(schema.usageDaily.teamId, teamId))).toEqual([]);
    await meter.flush();

    const usage = await t.call('GET', '/v2/usage', { token: owner.token });
    expect(usage.status).toBe(200);
    expect(usage.json.totals.edge_requests).toBe(N);
    expect(usage.json.totals.bandwidth_bytes).toBe(received);
    expect(received).toBeGreaterThan(N * 10_000);
    expect(usage.json.byProject).toEqual([expect.objectContaining({ name: 'metered', edge_requests: N })]);
    const day = usage.json.byDay.find((d: { day: string }) => d.day === today());
    expect(day.edge_requests).toBe(N);
    const line = usage.json.metrics.find((m: { metric: string }) => m.metric === 'edge_requests');
    expect(line).toEqual({ metric: 'edge_requests', used: N, included: 1_000_000, overageCents: 0 });

    // A second flush with nothing new adds nothing (no double counting).
    await meter.flush();
    expect((await t.call('GET', '/v2/usage', { token: owner.token })).json.totals.edge_requests).toBe(N);
  });

  it('keeps a batch whose write failed and writes it with the next one', async () => {
    const teamId = await personalTeamId(owner.token);
    let failures = 1;
    const flaky = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'insert' && failures-- > 0) throw new Error('the database is away');
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const errors: unknown[] = [];
    const m = createMeter({ db: flaky, flushMs: 60_000, onError: (e) => errors.push(e) });
    m.add(teamId, 'prj_flaky', 'analytics_events', 3);
    await m.flush();
    expect(errors).toHaveLength(1);
    expect(m.pending()).toEqual([expect.objectContaining({ metric: 'analytics_events', value: 3 })]);
    m.add(teamId, 'prj_flaky', 'analytics_events', 2);
    await m.close();
    expect(m.pending()).toEqual([]);
    const usage = await t.call('GET', '/v1/usage/analytics', { token: owner.token });
    expect(usage.json.used).toBe(5);
    expect(usage.json.byProject).toEqual([{ projectId: 'prj_flaky', name: null, value: 5 }]);
  });

  it('counts the running time of a real build in build_ms', { timeout: 120_000 }, async () => {
    const started = performance.now();
    const res = await t.deploy(
      owner.token,
      {
        'package.json': JSON.stringify({ name: 'slow', private: true, scripts: { build: 'node build.js' } }),
        'build.js': `const fs = require('fs');
setTimeout(() => { fs.mkdirSync('public'); fs.writeFileSync('public/index.html', 'built'); }, 1500);`,
      },
      { name: 'slow-build' },
    );
    const done = await t.waitFor(owner.token, res.json.id, undefined, 100_000);
    const wall = performance.now() - started;
    expect(done.readyState, await t.logText(owner.token, res.json.id)).toBe('READY');
    await meter.flush();
    const usage = await t.call('GET', '/v2/usage', { token: owner.token });
    const project = usage.json.byProject.find((p: { name: string }) => p.name === 'slow-build');
    expect(project.build_ms).toBeGreaterThanOrEqual(1500);
    expect(project.build_ms).toBeLessThanOrEqual(wall);
  });

  it('answers a bad period with 400', async () => {
    const bad = await t.call('GET', '/v2/usage?from=yesterday', { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('bad_request');
    const backwards = await t.call('GET', '/v2/usage?from=2026-05-02&to=2026-05-01', { token: owner.token });
    expect(backwards.status).toBe(400);
  });
});

describe('plans that hold', () => {
  it('marks a Hobby team past an included amount limited, naming the metric', async () => {
    const user = await t.signup('usage-limited@example.com');
    const teamId = await personalTeamId(user.token);
    await addUsage(t.db, [{ teamId, projectId: 'prj_x', metric: 'image_transformations', day: today(), value: 5_001 }]);
    await checkTeams(options(), [teamId]);
    const team = await t.call('GET', `/v2/teams/${teamId}`, { token: user.token });
    expect(team.json.limited).toBe(true);
    expect(team.json.limitedBy).toEqual(['image_transformations']);
    const usage = await t.call('GET', '/v1/usage/image-optimizations', { token: user.token });
    expect(usage.json).toMatchObject({ used: 5_001, included: 5_000, overageCents: 0 });
  });

  it('refuses a second member of a Hobby team, a project past the limit and a deployment past the day', async () => {
    const user = await t.signup('usage-hobby@example.com');
    const created = await t.call('POST', '/v1/teams', { token: user.token, body: { name: 'Small' } });
    expect(created.json.billing.plan).toBe('hobby');
    const teamId = created.json.id as string;
    const q = `?teamId=${teamId}`;
    const invite = await t.call('POST', `/v1/teams/${teamId}/members`, {
      token: user.token,
      body: { email: 'second@example.com', role: 'MEMBER' },
    });
    expect(invite.status).toBe(403);
    expect(invite.json.error.code).toBe('plan_limit');

    await t.db
      .insert(schema.projects)
      .values(Array.from({ length: 200 }, (_, i) => ({ id: `prj_lim${i}`, teamId, name: `p${i}` })));
    const project = await t.call('POST', `/v11/projects${q}`, { token: user.token, body: { name: 'one-too-many' } });
    expect(project.status).toBe(403);
    expect(project.json.error).toMatchObject({ code: 'plan_limit' });
    expect(project.json.error.message).toContain('200 projects');
    expect(project.json.error.message).toContain('Upgrade');

    await t.db.insert(schema.deployments).values(
      Array.from({ length: 150 }, (_, i) => ({
        id: `dpl_lim${i}`,
        projectId: 'prj_lim0',
        teamId,
        name: 'p0',
        host: `p0-lim${i}`,
        state: 'READY' as const,
      })),
    );
    const deploy = await t.deploy(user.token, { 'index.html': 'hi' }, { name: 'p0' }, q);
    expect(deploy.status).toBe(403);
    expect(deploy.json.error.message).toContain('150 deployments a day');
  });
});

describe('spend management', () => {
  let hooks: { body: string; signature: string }[];
  let hookServer: Server;
  let hookUrl: string;

  beforeAll(async () => {
    hooks = [];
    hookServer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hooks.push({ body: Buffer.concat(chunks).toString(), signature: String(req.headers[BUDGET_SIGNATURE_HEADER]) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((resolve) => hookServer.close(() => resolve())));

  it('alerts once per threshold, pauses production at 100% and resume restores it', { timeout: 60_000 }, async () => {
    const team = await t.proTeam(owner.token, 'Spenders');
    const teamId = team.json.id as string;
    const q = `?teamId=${teamId}`;
    const set = await t.call('PUT', `/v1/budgets${q}`, {
      token: owner.token,
      body: { amountCents: 1_000, pauseProduction: true, webhookUrl: hookUrl },
    });
    expect(set.status).toBe(200);
    expect(set.json.budget).toMatchObject({ amountCents: 1_000, pauseProduction: true, webhookUrl: hookUrl });
    const secret = set.json.webhookSecret as string;
    expect(secret).toMatch(/^whsec_/);
    // Sealed at rest, and shown once.
    const [stored] = await t.db.select().from(schema.budgets).where(eq(schema.budgets.teamId, teamId));
    expect(stored!.webhookSecret).not.toContain(secret);
    expect((await t.call('GET', `/v1/budgets${q}`, { token: owner.token })).json.webhookSecret).toBeUndefined();

    const prod = await t.deploy(
      owner.token,
      { 'index.html': 'production site' },
      { name: 'shop', target: 'production' },
      q,
    );
    const preview = await t.deploy(owner.token, { 'index.html': 'preview site' }, { name: 'shop' }, q);
    const prodDone = await t.waitFor(owner.token, prod.json.id, undefined, 60_000, q);
    const previewDone = await t.waitFor(owner.token, preview.json.id, undefined, 60_000, q);
    const prodHost = hostOf(prodDone.alias[0]);
    const previewHost = hostOf(previewDone.url);
    expect((await get(prodHost, '/')).body).toBe('production site');

    // Pro includes 10M edge requests; $2 per million past it. 12.5M requests = $5.00 = 50%.
    const projectId = prodDone.projectId as string;
    await addUsage(t.db, [{ teamId, projectId, metric: 'edge_requests', day: today(), value: 12_500_000 }]);
    await checkTeams(options(), [teamId]);
    await checkTeams(options(), [teamId]);
    let budget = await t.call('GET', `/v1/budgets${q}`, { token: owner.token });
    expect(budget.json.spend).toMatchObject({ spentCents: 500, percent: 50 });
    expect(budget.json.alerts.map((a: { threshold: number }) => a.threshold)).toEqual([50]);
    expect(budget.json.productionPaused).toBe(false);
    const outbox = async () =>
      (await t.db.select().from(schema.outbox).where(eq(schema.outbox.teamId, teamId))).filter((m) =>
        m.subject.includes('monthly budget'),
      );
    expect((await outbox()).map((m) => m.subject)).toEqual(['Spenders reached 50% of its $10.00 monthly budget']);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]!.signature).toBe(signBudgetWebhook(secret, hooks[0]!.body));
    expect(JSON.parse(hooks[0]!.body).payload).toMatchObject({ threshold: 50, spentCents: 500 });

    // 15M requests: $10.00 = 100%, so 75% and 100% are sent (each once) and production pauses.
    await addUsage(t.db, [{ teamId, projectId, metric: 'edge_requests', day: today(), value: 2_500_000 }]);
    await checkTeams(options(), [teamId]);
    await checkTeams(options(), [teamId]);
    budget = await t.call('GET', `/v1/budgets${q}`, { token: owner.token });
    expect(budget.json.alerts.map((a: { threshold: number }) => a.threshold)).toEqual([50, 75, 100]);
    expect(budget.json.productionPaused).toBe(true);
    expect(await outbox()).toHaveLength(3);
    expect(hooks.map((h) => JSON.parse(h.body).payload.threshold)).toEqual([50, 75, 100]);
    for (const hook of hooks) expect(hook.signature).toBe(signBudgetWebhook(secret, hook.body));
    expect((await t.call('GET', `/v2/teams/${teamId}`, { token: owner.token })).json.productionPaused).toBe(true);

    const paused = await get(prodHost, '/');
    expect(paused.status).toBe(503);
    expect(paused.body).toContain('This deployment is paused');
    expect((await get(previewHost, '/')).body).toBe('preview site');

    const resumed = await t.call('POST', `/v1/budgets/resume${q}`, { token: owner.token });
    expect(resumed.status).toBe(200);
    expect(resumed.json.productionPaused).toBe(false);
    expect((await get(prodHost, '/')).body).toBe('production site');
    // Resumed for the rest of the month: the 100% alert was already sent.
    await checkTeams(options(), [teamId]);
    expect((await get(prodHost, '/')).body).toBe('production site');
    expect((await t.call('POST', `/v1/budgets/resume${q}`, { token: owner.token })).status).toBe(409);
  });

  it('refuses a bad budget, and callers outside the team', async () => {
    const team = await t.proTeam(owner.token, 'Strict');
    const q = `?teamId=${team.json.id}`;
    const tiny = await t.call('PUT', `/v1/budgets${q}`, { token: owner.token, body: { amountCents: 5 } });
    expect(tiny.status).toBe(400);
    const badUrl = await t.call('PUT', `/v1/budgets${q}`, {
      token: owner.token,
      body: { amountCents: 500, webhookUrl: 'ftp://example.com' },
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.error.message).toMatch(/^webhookUrl: Nimbus sends only to http:\/\/ and https:\/\/ URLs/);
    const stranger = await t.signup('usage-stranger@example.com');
    const denied = await t.call('PUT', `/v1/budgets${q}`, { token: stranger.token, body: { amountCents: 500 } });
    // Not a member: the team is not even found.
    expect(denied.status).toBe(404);
    expect((await t.call('DELETE', `/v1/budgets${q}`, { token: owner.token })).status).toBe(404);
  });
});

describe('frozen accounts', () => {
  it('staff freeze a team: frozenTime is set and its deployments serve a notice until unfrozen', async () => {
    const staff = await t.signup('usage-staff@example.com');
    await t.call('POST', '/v1/teams', { token: staff.token, body: { name: 'Staff', slug: 'staff-team' } });
    const user = await t.signup('usage-frozen@example.com');
    const teamId = await personalTeamId(user.token);
    const res = await t.deploy(user.token, { 'index.html': 'live' }, { name: 'cold' });
    const done = await t.waitFor(user.token, res.json.id);
    const host = hostOf(done.url);
    expect((await get(host, '/')).body).toBe('live');

    const refused = await t.call('POST', `/v1/admin/teams/${teamId}/freeze`, {
      token: user.token,
      body: { frozen: true },
    });
    expect(refused.status).toBe(403);
    const frozen = await t.call('POST', `/v1/admin/teams/${teamId}/freeze`, {
      token: staff.token,
      body: { frozen: true },
    });
    expect(frozen.status).toBe(200);
    expect(frozen.json.team.frozenTime).toEqual(expect.any(Number));
    const me = await t.call('GET', `/v2/teams/${teamId}`, { token: user.token });
    expect(me.json.billing.frozenTime).toBe(frozen.json.team.frozenTime);
    const page = await get(host, '/');
    expect(page.status).toBe(403);
    expect(page.body).toContain('This account is frozen');

    await t.call('POST', `/v1/admin/teams/${teamId}/freeze`, { token: staff.token, body: { frozen: false } });
    expect((await get(host, '/')).body).toBe('live');
    expect((await t.call('GET', `/v2/teams/${teamId}`, { token: user.token })).json.billing.frozenTime).toBeNull();
  });
});
