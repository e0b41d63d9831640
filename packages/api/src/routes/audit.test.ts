// The audit log: each change to a team is one event with the actor, the target and the caller's
// address; a refused change is none; values of environment variables never appear; only owners
// read it through GET /v3/events, with filters and pages; retention by plan; no route changes it.
import { AUDIT_LOG_RETENTION_DAYS } from '@nimbus/core';
import { pruneAuditEvents, recordAuditEvent } from '@nimbus/db';
import { Vercel } from '@vercel/sdk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';
import { listen } from '../testing';

const IP = '203.0.113.7';
const AGENT = 'audit-test/1.0';
const SECRET = 'sk_live_do_not_log_me_4242';
const NEW_SECRET = 'sk_live_rotated_value_9999';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let owner: Awaited<ReturnType<typeof t.signup>>;
let dev: Awaited<ReturnType<typeof t.signup>>;
let leaver: Awaited<ReturnType<typeof t.signup>>;
let team: { id: string; slug: string };
let q: string;

/** A call from the audited address and browser (the API trusts X-Forwarded-For here). */
const act = (method: string, path: string, token: string, body?: unknown) =>
  t.call(method, path, { token, body, headers: { 'x-forwarded-for': IP, 'user-agent': AGENT } });

type Event = { id: string; action: string; text: string; userId: string; ip: string | null; createdAt: number } & {
  target: { type: string; id: string; name: string | null };
  userAgent: string | null;
};

async function events(query = ''): Promise<Event[]> {
  const all: Event[] = [];
  let until = '';
  for (;;) {
    const res = await t.call('GET', `/v3/events${q}&limit=100${query}${until}`, { token: owner.token });
    expect(res.status).toBe(200);
    all.push(...res.json.events);
    if (res.json.pagination.next === null) return all;
    until = `&until=${res.json.pagination.next}`;
  }
}

const count = async (action: string) => (await events()).filter((e) => e.action === action).length;

async function join(user: typeof dev, role: string) {
  const invite = await act('POST', `/v1/teams/${team.id}/members`, owner.token, { email: user.user.email, role });
  expect(invite.status).toBe(200);
  const accepted = await act('POST', `/v1/invitations/${invite.json.link.split('/invite/')[1]}/accept`, user.token);
  expect(accepted.status).toBe(200);
}

beforeAll(async () => {
  t = await createEngineTestApi({ worker: {}, api: { trustProxy: true } });
  owner = await t.signup('audit-owner@example.com');
  dev = await t.signup('audit-dev@example.com');
  leaver = await t.signup('audit-leaver@example.com');
  const created = await act('POST', '/v1/teams', owner.token, { name: 'Audit Co' });
  team = created.json;
  q = `?teamId=${team.id}`;
  expect((await act('POST', `/v1/plan/change${q}`, owner.token, { plan: 'pro' })).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('recording', () => {
  it('records team creation and the plan change with actor, address and browser', async () => {
    const [plan, created] = await events();
    expect(created).toMatchObject({
      action: 'team.created',
      userId: owner.user.id,
      ip: IP,
      userAgent: AGENT,
      target: { type: 'team', id: team.id },
    });
    expect(plan).toMatchObject({
      action: 'team.plan_changed',
      text: 'audit-owner changed the plan of team audit-co from hobby to pro',
    });
  });

  it('records members invited, joining, changing role, removed and leaving, once each', async () => {
    await join(dev, 'VIEWER');
    await join(leaver, 'MEMBER');
    expect(
      (await act('PATCH', `/v1/teams/${team.id}/members/${dev.user.id}`, owner.token, { role: 'DEVELOPER' })).status,
    ).toBe(200);
    expect((await act('DELETE', `/v1/teams/${team.id}/members/me`, leaver.token)).status).toBe(200);
    const all = await events();
    expect(all.filter((e) => e.action === 'member.invited')).toHaveLength(2);
    const joined = all.filter((e) => e.action === 'member.joined');
    expect(joined.map((e) => e.userId).sort()).toEqual([dev.user.id, leaver.user.id].sort());
    const role = all.filter((e) => e.action === 'member.role_updated');
    expect(role).toHaveLength(1);
    expect(role[0]).toMatchObject({ userId: owner.user.id, ip: IP, target: { id: dev.user.id, name: 'audit-dev' } });
    expect(role[0]!.text).toBe('audit-owner changed the role of audit-dev from VIEWER to DEVELOPER');
    const left = all.filter((e) => e.action === 'member.left');
    expect(left).toEqual([expect.objectContaining({ userId: leaver.user.id, text: 'audit-leaver left the team' })]);
  });

  it('records projects, settings, env vars by name only, and tokens', async () => {
    expect((await act('POST', `/v11/projects${q}`, owner.token, { name: 'web' })).status).toBe(200);
    expect((await act('PATCH', `/v9/projects/web${q}`, owner.token, { buildCommand: 'npm run build' })).status).toBe(
      200,
    );
    const env = await act('POST', `/v10/projects/web/env${q}`, owner.token, {
      key: 'STRIPE_KEY',
      value: SECRET,
      target: ['production', 'preview'],
      type: 'encrypted',
    });
    expect(env.status).toBe(201);
    const id = env.json.created.id;
    expect((await act('PATCH', `/v9/projects/web/env/${id}${q}`, owner.token, { value: NEW_SECRET })).status).toBe(200);
    expect((await act('DELETE', `/v9/projects/web/env/${id}${q}`, owner.token)).status).toBe(200);
    const token = await act('POST', '/v3/user/tokens', owner.token, { name: 'ci', teamId: team.id });
    expect((await act('DELETE', `/v3/user/tokens/${token.json.token.id}`, owner.token)).status).toBe(200);
    expect((await act('PATCH', `/v2/teams/${team.id}`, owner.token, { name: 'Audit Company' })).status).toBe(200);

    const all = await events();
    for (const action of ['project.created', 'project.updated', 'env.created', 'env.updated', 'env.deleted']) {
      expect(
        all.filter((e) => e.action === action),
        action,
      ).toHaveLength(1);
    }
    expect(all.find((e) => e.action === 'env.created')).toMatchObject({
      text: 'audit-owner added environment variable STRIPE_KEY (production, preview)',
      target: { type: 'env', name: 'STRIPE_KEY' },
      ip: IP,
    });
    expect(all.filter((e) => e.action.startsWith('token.')).map((e) => e.action)).toEqual([
      'token.deleted',
      'token.created',
    ]);
    expect(all.find((e) => e.action === 'team.updated')).toMatchObject({ target: { id: team.id } });
    const whole = JSON.stringify(
      (await t.call('GET', `/v3/events${q}&limit=100&withPayload=true`, { token: owner.token })).json,
    );
    expect(whole).toContain('STRIPE_KEY');
    expect(whole).not.toContain(SECRET);
    expect(whole).not.toContain(NEW_SECRET);
  });

  it('records deployments created, promoted, rolled back and deleted, and a transfer in both teams', async () => {
    const prod = await t.deploy(owner.token, { 'index.html': 'v1' }, { name: 'shop', target: 'production' }, q);
    await t.waitFor(owner.token, prod.json.id, undefined, 60_000, q);
    const preview = await t.deploy(owner.token, { 'index.html': 'v2' }, { name: 'shop' }, q);
    await t.waitFor(owner.token, preview.json.id, undefined, 60_000, q);
    expect((await act('POST', `/v10/projects/shop/promote/${preview.json.id}${q}`, owner.token)).status).toBe(201);
    expect((await act('POST', `/v9/projects/shop/rollback/${prod.json.id}${q}`, owner.token)).status).toBe(201);
    expect((await act('DELETE', `/v13/deployments/${preview.json.id}${q}`, owner.token)).status).toBe(200);
    // Too late to cancel a READY deployment: refused, so not recorded.
    expect(
      (await act('PATCH', `/v12/deployments/${prod.json.id}/cancel${q}`, owner.token)).status,
    ).toBeGreaterThanOrEqual(400);

    const all = await events();
    // The first deployment created the project by its name.
    expect(all.filter((e) => e.action === 'project.created').map((e) => e.target.name)).toEqual(['shop', 'web']);
    expect(all.filter((e) => e.action === 'deployment.created')).toHaveLength(2);
    expect(all.filter((e) => e.action === 'deployment.promoted')).toEqual([
      expect.objectContaining({ target: expect.objectContaining({ id: preview.json.id }) }),
    ]);
    expect(all.filter((e) => e.action === 'deployment.rolled_back')).toHaveLength(1);
    expect(all.filter((e) => e.action === 'deployment.deleted')).toHaveLength(1);
    expect(all.filter((e) => e.action === 'deployment.canceled')).toHaveLength(0);

    const other = (await act('POST', '/v1/teams', owner.token, { name: 'Audit Two' })).json;
    await act('POST', `/v1/plan/change?teamId=${other.id}`, owner.token, { plan: 'pro' });
    const moving = await act('POST', `/v11/projects${q}`, owner.token, { name: 'moving' });
    expect((await act('POST', `/v1/projects/${moving.json.id}/transfer/${other.id}${q}`, owner.token)).status).toBe(
      200,
    );
    expect(await count('project.transferred')).toBe(1);
    const there = await t.call('GET', `/v3/events?teamId=${other.id}&types=project.transferred`, {
      token: owner.token,
    });
    expect(there.json.events).toHaveLength(1);
    expect(there.json.events[0].text).toBe('audit-owner transferred project moving to audit-two');
    expect((await act('DELETE', `/v9/projects/moving?teamId=${other.id}`, owner.token)).status).toBe(204);
    const gone = await t.call('GET', `/v3/events?teamId=${other.id}&types=project.deleted`, { token: owner.token });
    expect(gone.json.events).toHaveLength(1);
  }, 120_000);

  it('records nothing for a refused or failed change', async () => {
    const before = (await events()).length;
    // A developer may not delete projects or change roles; an unknown member; a plan the team already has.
    expect((await act('DELETE', `/v9/projects/web${q}`, dev.token)).status).toBe(403);
    expect(
      (await act('PATCH', `/v1/teams/${team.id}/members/${owner.user.id}`, dev.token, { role: 'VIEWER' })).status,
    ).toBe(403);
    expect(
      (await act('PATCH', `/v1/teams/${team.id}/members/usr_nobody`, owner.token, { role: 'VIEWER' })).status,
    ).toBe(404);
    expect((await act('POST', `/v1/plan/change${q}`, owner.token, { plan: 'pro' })).status).toBe(409);
    expect(
      (await act('POST', `/v10/projects/nope/env${q}`, owner.token, { key: 'A', value: SECRET, target: ['preview'] }))
        .status,
    ).toBe(404);
    expect((await act('POST', `/v11/projects${q}`, owner.token, { name: 'web' })).status).toBe(409);
    expect((await events()).length).toBe(before);
  });
});

describe('GET /v3/events', () => {
  it('is for owners: a developer is refused, a stranger does not see the team', async () => {
    const asDev = await t.call('GET', `/v3/events${q}`, { token: dev.token });
    expect(asDev.status).toBe(403);
    expect(asDev.json.error.code).toBe('forbidden');
    const stranger = await t.signup('audit-stranger@example.com');
    const asStranger = await t.call('GET', `/v3/events${q}`, { token: stranger.token });
    expect(asStranger.status).toBe(404);
    // The stranger's own log does not hold this team's events.
    const own = await t.call('GET', '/v3/events', { token: stranger.token });
    expect(own.status).toBe(200);
    expect(own.json.events.every((e: Event) => e.userId === stranger.user.id)).toBe(true);
  });

  it('filters by type (Nimbus or Vercel names), actor and time', async () => {
    const created = await events('&types=project.created,env-variable-add');
    expect(new Set(created.map((e) => e.action))).toEqual(new Set(['project.created', 'env.created']));
    const byDev = await events(`&principalId=${dev.user.id}`);
    expect(byDev.map((e) => e.action)).toEqual(['member.joined']);
    const all = await events();
    const middle = all[Math.floor(all.length / 2)]!.createdAt;
    const since = await events(`&since=${middle}`);
    expect(since.length).toBeGreaterThan(0);
    expect(since.every((e) => e.createdAt >= middle)).toBe(true);
    const until = await events(`&until=${new Date(middle).toISOString()}`);
    expect(until.every((e) => e.createdAt < middle)).toBe(true);
    expect(since.length + until.length).toBe(all.length);
    const bad = await t.call('GET', `/v3/events${q}&types=nonsense`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', `/v3/events${q}&since=yesterday`, { token: owner.token })).status).toBe(400);
  });

  it('pages with until=<next> through every event once, newest first', async () => {
    const all = await events();
    const paged: Event[] = [];
    let until = '';
    for (let i = 0; i < 100; i++) {
      const res = await t.call('GET', `/v3/events${q}&limit=3${until}`, { token: owner.token });
      expect(res.json.events.length).toBeLessThanOrEqual(res.json.pagination.next === null ? 3 : 100);
      paged.push(...res.json.events);
      if (res.json.pagination.next === null) break;
      until = `&until=${res.json.pagination.next}`;
    }
    expect(paged.map((e) => e.id)).toEqual(all.map((e) => e.id));
    const times = paged.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('has no route that changes or deletes an event', async () => {
    const [event] = await events();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of ['/v3/events', `/v3/events/${event!.id}`]) {
        const res = await t.call(method, `${path}${q}`, {
          token: owner.token,
          body: method === 'DELETE' ? undefined : {},
        });
        expect([404, 405], `${method} ${path}`).toContain(res.status);
        expect(res.json.error.code).toBeTruthy();
      }
    }
    expect((await events())[0]).toEqual(event);
  });

  it("passes @vercel/sdk's own validation (user.listUserEvents)", async () => {
    const server = await listen(t.app);
    try {
      const sdk = new Vercel({ bearerToken: owner.token, serverURL: server.url });
      const reply = await sdk.user.listUserEvents({
        teamId: team.id,
        limit: 5,
        types: 'project.created',
        withPayload: 'true',
      });
      expect(reply.events.map((e) => e.text)).toEqual([
        'audit-owner created project moving',
        'audit-owner created project shop',
        'audit-owner created project web',
      ]);
      expect(reply.events[0]).toMatchObject({ type: 'project-created', principalId: owner.user.id });
      expect(reply.events[0]!.entities).toEqual([
        { type: 'bold', start: 0, end: 'audit-owner'.length },
        {
          type: 'project_name',
          start: 'audit-owner created project '.length,
          end: 'audit-owner created project moving'.length,
        },
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('retention', () => {
  it("prunes only the events older than their team's plan keeps them", async () => {
    const personal = (await t.call('GET', '/v2/teams', { token: dev.token })).json.teams.find(
      (x: { slug: string }) => x.slug !== team.slug,
    );
    const base = {
      actorId: 'usr_x',
      actorName: 'x',
      actorEmail: 'x@example.com',
      action: 'project.created',
      targetType: 'project',
      targetId: 'prj_x',
    };
    const day = 86_400_000;
    const aged = async (teamId: string, days: number) => {
      const e = await recordAuditEvent(t.db, { ...base, teamId });
      await t.db.execute(
        sql`update audit_events set created_at = ${new Date(Date.now() - days * day)} where id = ${e.id}`,
      );
      return e.id;
    };
    expect(AUDIT_LOG_RETENTION_DAYS).toEqual({ hobby: 7, pro: 90, enterprise: 365 });
    const hobbyOld = await aged(personal.id, 8);
    const hobbyNew = await aged(personal.id, 6);
    const proOld = await aged(team.id, 91);
    const proNew = await aged(team.id, 89);
    const before = (await events()).length;
    expect(await pruneAuditEvents(t.db, AUDIT_LOG_RETENTION_DAYS)).toBe(2);
    const left = (await t.db.execute(sql`select id from audit_events`)) as unknown as { rows: { id: string }[] };
    const ids = new Set(left.rows.map((r) => r.id));
    expect([hobbyOld, hobbyNew, proOld, proNew].map((id) => ids.has(id))).toEqual([false, true, false, true]);
    expect((await events()).length).toBe(before - 1);
  });
});
