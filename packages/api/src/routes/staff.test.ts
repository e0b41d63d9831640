// The staff console's API (routes/staff.ts): staff read every user, team and deployment and move a
// team's plan (audited in its log); everyone else is refused on every route (logged-out callers with the API's not_authenticated 403).
import * as db from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let staff: Awaited<ReturnType<typeof t.signup>>;
let owner: Awaited<ReturnType<typeof t.signup>>;
let teamId: string;
let deploymentId: string;
let deploymentHost: string;
beforeAll(async () => {
  t = await createTestApi();
  staff = await t.signup('console-staff@example.com');
  await t.call('POST', '/v1/teams', { cookie: staff.cookie, body: { name: 'Staff', slug: 'staff-team' } });
  owner = await t.signup('console-owner@example.com', 'Olive Owner');
  teamId = (await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Watched', slug: 'watched' } })).json
    .id;
  const created = await t.call('POST', `/v11/projects?teamId=${teamId}`, {
    token: owner.token,
    body: { name: 'watched-site' },
  });
  const project = await db.getProject(t.db, teamId, created.json.id);
  const deployment = await db.createDeployment(t.db, {
    project,
    creatorId: owner.user.id,
    target: 'preview',
    files: [],
  });
  await db.appendLogs(t.db, deployment.id, [{ type: 'stdout', text: 'Installing dependencies' }]);
  deploymentId = deployment.id;
  deploymentHost = deployment.host;
});
afterAll(() => t.close());

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/v1/admin/users'],
  ['GET', '/v1/admin/users/usr_x'],
  ['GET', '/v1/admin/teams'],
  ['GET', '/v1/admin/teams/watched'],
  ['POST', '/v1/admin/teams/watched/plan', { plan: 'pro' }],
  ['GET', '/v1/admin/deployments'],
  ['GET', '/v1/admin/deployments/dpl_x'],
  ['GET', '/v1/admin/search-queries'],
  ['GET', '/v1/admin/stream-topics'],
];

describe('staff console routes refuse everyone but staff', () => {
  it.each(ROUTES)(
    '%s %s: 403 to a signed-in user and, as not_authenticated, logged out',
    async (method, path, body) => {
      const denied = await t.call(method, path, { cookie: owner.cookie, body });
      expect(denied.status).toBe(403);
      expect(denied.json.error.message).toContain('Only Nimbus staff');
      expect((await t.call(method, path, { token: owner.token, body })).status).toBe(403);
      const anonymous = await t.call(method, path, { body, headers: { origin: ORIGIN } });
      expect(anonymous.status).toBe(403);
      expect(anonymous.json.error.code).toBe('not_authenticated');
    },
  );

  it('leaves the team plan unchanged when a non-member who is not staff asks', async () => {
    await t.call('POST', '/v1/admin/teams/watched/plan', { cookie: owner.cookie, body: { plan: 'pro' } });
    const team = await t.call('GET', '/v1/admin/teams/watched', { cookie: staff.cookie });
    expect(team.json.team.plan).toBe('hobby');
  });
});

describe('staff console routes', () => {
  it('finds a user by part of the e-mail and opens their teams, projects, deployments and audit events', async () => {
    const found = await t.call('GET', '/v1/admin/users?q=CONSOLE-OWNER', { cookie: staff.cookie });
    expect(found.status).toBe(200);
    expect(found.json.users).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        email: 'console-owner@example.com',
        twoFactor: false,
        teams: expect.arrayContaining(['watched']),
        sessions: 1,
      }),
    ]);
    expect(found.json.pagination).toEqual({ offset: 0, next: null });
    expect((await t.call('GET', '/v1/admin/users?q=100%25', { cookie: staff.cookie })).json.users).toEqual([]);

    const one = await t.call('GET', `/v1/admin/users/${owner.user.id}`, { cookie: staff.cookie });
    expect(one.status).toBe(200);
    expect(one.json.teams.map((team: { slug: string }) => team.slug)).toContain('watched');
    expect(one.json.projects).toEqual([expect.objectContaining({ name: 'watched-site', teamId })]);
    expect(one.json.deployments).toEqual([expect.objectContaining({ id: deploymentId, state: 'QUEUED' })]);
    expect(one.json.audit.map((e: { action: string }) => e.action)).toContain('project.created');
    expect((await t.call('GET', '/v1/admin/users/usr_missing', { cookie: staff.cookie })).status).toBe(404);
  });

  it('pages through users', async () => {
    const first = await t.call('GET', '/v1/admin/users?limit=1', { cookie: staff.cookie });
    expect(first.json.users).toHaveLength(1);
    expect(first.json.pagination).toEqual({ offset: 0, next: 1 });
    const second = await t.call('GET', '/v1/admin/users?limit=1&offset=1', { cookie: staff.cookie });
    expect(second.json.users[0].id).not.toBe(first.json.users[0].id);
    expect((await t.call('GET', '/v1/admin/users?limit=0', { cookie: staff.cookie })).status).toBe(400);
  });

  it('lists teams with members and projects and moves one to Pro, audited in its log', async () => {
    const list = await t.call('GET', '/v1/admin/teams?q=watch', { cookie: staff.cookie });
    expect(list.json.teams).toEqual([
      expect.objectContaining({ slug: 'watched', plan: 'hobby', members: 1, projects: 1, billingStatus: 'active' }),
    ]);
    const changed = await t.call('POST', '/v1/admin/teams/watched/plan', {
      cookie: staff.cookie,
      body: { plan: 'pro' },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.team).toMatchObject({ plan: 'pro', billingStatus: 'trialing' });
    expect(changed.json.members).toEqual([
      expect.objectContaining({ email: 'console-owner@example.com', role: 'OWNER' }),
    ]);
    const again = await t.call('POST', `/v1/admin/teams/${teamId}/plan`, {
      cookie: staff.cookie,
      body: { plan: 'pro' },
    });
    expect(again.status).toBe(409);
    expect(
      (await t.call('POST', '/v1/admin/teams/watched/plan', { cookie: staff.cookie, body: { plan: 'gold' } })).status,
    ).toBe(400);

    const events = await t.call('GET', `/v3/events?teamId=${teamId}&types=team.plan_changed&withPayload=true`, {
      token: owner.token,
    });
    expect(events.json.events).toHaveLength(1);
    expect(events.json.events[0]).toMatchObject({ user: { email: 'console-staff@example.com' } });
    expect(events.json.events[0].payload).toMatchObject({ from: 'hobby', to: 'pro', byStaff: true });
  });

  it('finds deployments by id, URL and state and opens the build log', async () => {
    const byUrl = await t.call('GET', `/v1/admin/deployments?q=https://${deploymentHost}.localhost`, {
      cookie: staff.cookie,
    });
    expect(byUrl.json.deployments).toEqual([
      expect.objectContaining({ id: deploymentId, team: { id: teamId, slug: 'watched' } }),
    ]);
    const byId = await t.call('GET', `/v1/admin/deployments?q=${deploymentId}&state=QUEUED`, { cookie: staff.cookie });
    expect(byId.json.deployments).toHaveLength(1);
    const ready = await t.call('GET', `/v1/admin/deployments?q=${deploymentId}&state=READY`, { cookie: staff.cookie });
    expect(ready.json.deployments).toEqual([]);
    expect((await t.call('GET', '/v1/admin/deployments?state=LOST', { cookie: staff.cookie })).status).toBe(400);

    const one = await t.call('GET', `/v1/admin/deployments/${deploymentId}`, { cookie: staff.cookie });
    expect(one.json.logs.map((l: { text: string }) => l.text)).toContain('Installing dependencies');
    expect((await t.call('GET', '/v1/admin/deployments/dpl_missing', { cookie: staff.cookie })).status).toBe(404);
  });

  it('totals the busiest search queries with their clicks and conversions', async () => {
    const keys = 'X-Algolia-Application-Id=nimbus-docs&X-Algolia-API-Key=public-docs-key&X-Algolia-Agent=insights-js';
    const event = (eventType: string, queryID: string) => ({
      eventType,
      eventName: 'Docs',
      index: 'nimbus_docs',
      userToken: 'anonymous-0b4c6f0e-5a8e-4b0f-9d47-5c2b1a9e8f11',
      queryID,
      objectIDs: ['docs/cli'],
      ...(eventType === 'click' ? { positions: [1] } : {}),
    });
    const events = [
      event('view', 'busy'),
      event('click', 'busy'),
      event('click', 'busy'),
      event('conversion', 'busy'),
      event('view', 'quiet'),
    ];
    expect((await t.call('POST', `/insights/1/events?${keys}`, { body: { events } })).status).toBe(200);
    const totals = await t.call('GET', '/v1/admin/search-queries', { cookie: staff.cookie });
    expect(totals.json.queries).toEqual([
      expect.objectContaining({ queryID: 'busy', index: 'nimbus_docs', events: 4, clicks: 2, conversions: 1 }),
      expect.objectContaining({ queryID: 'quiet', events: 1, clicks: 0, conversions: 0 }),
    ]);
  });

  it('lists the event stream topics, busiest first', async () => {
    for (const topic of ['signup', 'signup', 'upgrade_modal']) {
      await db.recordActivityEvent(t.db, { topic, record: { id: crypto.randomUUID() } });
    }
    const topics = await t.call('GET', '/v1/admin/stream-topics', { cookie: staff.cookie });
    expect(topics.json.topics.slice(0, 2)).toEqual([
      { topic: 'signup', events: 2 },
      { topic: 'upgrade_modal', events: 1 },
    ]);
  });
});
