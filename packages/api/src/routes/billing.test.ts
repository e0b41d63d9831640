import * as db from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function teamWithMember(ownerEmail: string, memberEmail: string, role: string) {
  const owner = await t.signup(ownerEmail);
  const member = await t.signup(memberEmail);
  const team = await t.proTeam(owner.token, `Team of ${ownerEmail.split('@')[0]}`);
  const inv = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
    token: owner.token,
    body: { email: memberEmail, role },
  });
  await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: member.token });
  return { owner, member, team: team.json };
}

describe('plan change', () => {
  it('hobby → pro starts a 14-day trial once; pro → hobby downgrades; the next upgrade is paid', async () => {
    const owner = await t.signup('planner@example.com');
    const team = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Planners' } });
    const q = `?teamId=${team.json.id}`;
    const before = Date.now();
    const up = await t.call('POST', `/v1/plan/change${q}`, { token: owner.token, body: { plan: 'pro' } });
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ priorPlan: 'hobby', newPlan: 'pro', conversionType: 'trial' });
    const trial = up.json.team.billing.trial;
    expect(up.json.team.billing.status).toBe('trialing');
    expect(trial.end - trial.start).toBe(14 * 86_400_000);
    expect(trial.start).toBeGreaterThanOrEqual(before);

    const down = await t.call('POST', `/v1/plan/change${q}`, { token: owner.token, body: { plan: 'hobby' } });
    expect(down.json).toMatchObject({ priorPlan: 'pro', newPlan: 'hobby', conversionType: 'downgrade' });
    const again = await t.call('POST', `/v1/plan/change${q}`, { token: owner.token, body: { plan: 'pro' } });
    expect(again.json).toMatchObject({ conversionType: 'paid', team: { billing: { status: 'active', trial: null } } });
    const same = await t.call('POST', `/v1/plan/change${q}`, { token: owner.token, body: { plan: 'pro' } });
    expect(same.status).toBe(409);
  });

  it('refuses pro for a personal account and self-serve enterprise with actionable messages', async () => {
    const solo = await t.signup('solo-planner@example.com');
    const personal = await t.call('POST', '/v1/plan/change', { token: solo.token, body: { plan: 'pro' } });
    expect(personal.status).toBe(400);
    expect(personal.json.error.message).toMatch(/Create a team/);
    const team = await t.call('POST', '/v1/teams', { token: solo.token, body: { name: 'Big Co' } });
    const ent = await t.call('POST', `/v1/plan/change?teamId=${team.json.id}`, {
      token: solo.token,
      body: { plan: 'enterprise' },
    });
    expect(ent.status).toBe(400);
    expect(ent.json.error.message).toMatch(/contact/i);
    const bogus = await t.call('POST', `/v1/plan/change?teamId=${team.json.id}`, {
      token: solo.token,
      body: { plan: 'gold' },
    });
    expect(bogus.status).toBe(400);
  });

  it('lets BILLING change the plan but not MEMBER or VIEWER; no test-mode badge in self-hosted billing', async () => {
    const billing = await teamWithMember('payer-owner@example.com', 'payer@example.com', 'BILLING');
    const viewer = await teamWithMember('viewer-owner@example.com', 'viewer2@example.com', 'VIEWER');
    expect(
      (
        await t.call('POST', `/v1/plan/change?teamId=${billing.team.id}`, {
          token: billing.member.token,
          body: { plan: 'hobby' },
        })
      ).status,
    ).toBe(200);
    const denied = await t.call('POST', `/v1/plan/change?teamId=${viewer.team.id}`, {
      token: viewer.member.token,
      body: { plan: 'hobby' },
    });
    expect(denied.status).toBe(403);
    const summary = await t.call('GET', `/v1/billing?teamId=${billing.team.id}`, { token: billing.member.token });
    expect(summary.json).toMatchObject({ mode: 'self-hosted', testMode: false, billing: { plan: 'hobby' } });
  });
});

describe('self-hosted billing', () => {
  it('cancels Pro at the end of the trial, listing what stops working first; keeping it withdraws that', async () => {
    const { owner, member, team } = await teamWithMember(
      'cancel-owner@example.com',
      'cancel-member@example.com',
      'MEMBER',
    );
    const q = `?teamId=${team.id}`;
    const preview = await t.call('GET', `/v1/billing/downgrade${q}`, { token: owner.token });
    expect(preview.json).toMatchObject({
      from: 'pro',
      to: 'hobby',
      endsAt: expect.any(Number),
    });
    const keys = preview.json.losses.map((l: { key: string }) => l.key);
    expect(keys).toEqual(expect.arrayContaining(['members', 'builds', 'audit-log']));
    expect(preview.json.losses.find((l: { key: string }) => l.key === 'members').message).toMatch(/this team has 2/);

    expect((await t.call('POST', `/v1/billing/cancel${q}`, { token: member.token })).status).toBe(403);
    const cancel = await t.call('POST', `/v1/billing/cancel${q}`, { token: owner.token });
    expect(cancel.status).toBe(200);
    const billing = await t.call('GET', `/v1/billing${q}`, { token: owner.token });
    expect(billing.json).toMatchObject({ cancelAtPeriodEnd: true, billing: { plan: 'pro' } });
    expect(billing.json.periodEnd).toBe(billing.json.billing.trial.end);
    const keep = await t.call('DELETE', `/v1/billing/cancel${q}`, { token: owner.token });
    expect(keep.json).toMatchObject({ cancelAtPeriodEnd: false, periodEnd: null });
  });

  it('moves a cancelled team to Hobby once its period has ended', async () => {
    const owner = await t.signup('lapsed@example.com');
    const team = (await t.proTeam(owner.token, 'Lapsed')).json;
    await t.call('POST', `/v1/billing/cancel?teamId=${team.id}`, { token: owner.token });
    await db.updateTeamBilling(t.db, team.id, { periodEnd: new Date(Date.now() - 1000) });
    const after = await t.call('GET', `/v1/billing?teamId=${team.id}`, { token: owner.token });
    expect(after.json).toMatchObject({ cancelAtPeriodEnd: false, billing: { plan: 'hobby', status: 'active' } });
  });

  it('has no card or invoice to manage, and saves billing details checked field by field', async () => {
    const { owner, member, team } = await teamWithMember(
      'details-owner@example.com',
      'details-member@example.com',
      'MEMBER',
    );
    const q = `?teamId=${team.id}`;
    const setup = await t.call('POST', `/stripe/sources/setup${q}`, { token: owner.token });
    expect(setup.status).toBe(400);
    expect(setup.json.error.message).toMatch(/operator/);
    expect((await t.call('GET', `/stripe/invoices${q}`, { token: owner.token })).json).toEqual({ invoices: [] });
    expect((await t.call('GET', `/stripe/invoices/next${q}`, { token: owner.token })).json).toMatchObject({
      charged: false,
      totalCents: 0,
    });

    const address = { line1: '1 Main St', city: 'Berlin', postalCode: '10115', country: 'de' };
    const bad = await t.call('PATCH', `/v0/billing-details${q}`, {
      token: owner.token,
      body: { address: { ...address, country: 'Germany' } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/two-letter country code/);
    const denied = await t.call('PATCH', `/v0/billing-details${q}`, { token: member.token, body: { name: 'X' } });
    expect(denied.status).toBe(403);
    const saved = await t.call('PATCH', `/v0/billing-details${q}`, {
      token: owner.token,
      body: { name: 'Details GmbH', email: 'ap@details.example', taxId: 'DE123456789', address },
    });
    expect(saved.json).toEqual({
      name: 'Details GmbH',
      email: 'ap@details.example',
      taxId: 'DE123456789',
      address: { ...address, line2: '', state: '', country: 'DE' },
    });
    await t.call('PATCH', `/v0/billing-details${q}`, { token: owner.token, body: { taxId: null } });
    const countries = await t.call('GET', `/v0/autocomplete-address${q}&q=germ`, { token: member.token });
    expect(countries.json).toEqual({ suggestions: [{ country: 'DE', name: 'Germany' }] });
    const read = await t.call('GET', `/v0/billing-details${q}`, { token: member.token });
    expect(read.json).toMatchObject({ name: 'Details GmbH', taxId: null, address: { city: 'Berlin' } });
  });
});

describe('usage charges and Pro-trial onboarding', () => {
  it("monitors the period's usage meter by meter against the plan, for billing roles only", async () => {
    const { owner, member, team } = await teamWithMember('monitor@example.com', 'monitor-viewer@example.com', 'VIEWER');
    const day = new Date().toISOString().slice(0, 10);
    await db.addUsage(t.db, [
      { teamId: team.id, projectId: 'prj_a', metric: 'edge_requests', day, value: 150_000 },
      { teamId: team.id, projectId: 'prj_b', metric: 'edge_requests', day, value: 100_000 },
      { teamId: team.id, projectId: 'prj_a', metric: 'build_ms', day, value: 90_000 },
    ]);
    const res = await t.call('GET', `/stripe/invoices/monitoring?teamId=${team.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    // Self-hosted billing: metered, not invoiced.
    expect(res.json).toMatchObject({ charged: false, usageCents: 0, currency: 'usd' });
    const meter = (name: string) => res.json.meters.find((m: { metric: string }) => m.metric === name);
    expect(meter('edge_requests')).toEqual({
      metric: 'edge_requests',
      used: 250_000,
      included: 10_000_000,
      over: 0,
      amountCents: 0,
      percentOfIncluded: 2.5,
    });
    expect(meter('build_ms')).toMatchObject({ used: 90_000, included: 30_000 * 60_000 });
    expect(res.json.meters).toHaveLength(7);
    const viewer = await t.call('GET', `/stripe/invoices/monitoring?teamId=${team.id}`, { token: member.token });
    expect(viewer.status).toBe(403);
  });

  it('records the onboarding steps of a team in its trial, and refuses them outside one', async () => {
    const owner = await t.signup('onboarder@example.com');
    const team = (await t.proTeam(owner.token, 'Onboarders')).json;
    const step = await t.call('POST', `/v1/pro-trial-onboarding/event?teamId=${team.id}`, {
      token: owner.token,
      body: { event: 'invited_member', properties: { seats: 2 } },
    });
    expect(step.status).toBe(200);
    expect(step.json).toMatchObject({ event: 'invited_member' });
    const list = await t.call('GET', `/v1/pro-trial-onboarding/event?teamId=${team.id}`, { token: owner.token });
    expect(list.json.events).toEqual([
      { id: step.json.id, event: 'invited_member', userId: owner.user.id, createdAt: step.json.createdAt },
    ]);
    const [stored] = await db.listActivityEvents(t.db, { topic: 'pro_trial_onboarding', limit: 10 });
    expect(stored!.record).toMatchObject({ team_id: team.id, user_id: owner.user.id, properties: { seats: 2 } });

    const bad = await t.call('POST', `/v1/pro-trial-onboarding/event?teamId=${team.id}`, {
      token: owner.token,
      body: { event: 'Not A Step!' },
    });
    expect(bad.status).toBe(400);
    const hobby = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Still Hobby' } });
    const outside = await t.call('POST', `/v1/pro-trial-onboarding/event?teamId=${hobby.json.id}`, {
      token: owner.token,
      body: { event: 'invited_member' },
    });
    expect(outside.status).toBe(400);
    expect(outside.json.error.message).toMatch(/not in a Pro trial/);
  });
});

describe('project transfer', () => {
  async function project(token: string, teamId: string, name: string) {
    const r = await t.call('POST', `/v11/projects?teamId=${teamId}`, { token, body: { name } });
    expect(r.status).toBe(200);
    return r.json;
  }

  it('moves one project to another team of the caller and it leaves the source', async () => {
    const owner = await t.signup('mover@example.com');
    const from = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'From Co' } });
    const to = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'To Co' } });
    const p = await project(owner.token, from.json.id, 'moving-site');
    const res = await t.call('POST', `/v1/projects/${p.id}/transfer/${to.json.id}?teamId=${from.json.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect((await t.call('GET', `/v9/projects/moving-site?teamId=${to.json.id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect(
      (await t.call('GET', `/v9/projects/moving-site?teamId=${from.json.id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('bulk transfer is all or nothing when a name is taken in the destination', async () => {
    const owner = await t.signup('bulk@example.com');
    const from = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Bulk From' } });
    const to = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Bulk To' } });
    const a = await project(owner.token, from.json.id, 'alpha');
    const b = await project(owner.token, from.json.id, 'beta');
    await project(owner.token, to.json.id, 'beta');
    const clash = await t.call('POST', `/v1/projects/transfer/bulk/${to.json.id}?teamId=${from.json.id}`, {
      token: owner.token,
      body: { projectIds: [a.id, b.id] },
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toContain('"beta"');
    const stillThere = await t.call('GET', `/v10/projects?teamId=${from.json.id}`, { token: owner.token });
    expect(stillThere.json.projects.map((x: { name: string }) => x.name).sort()).toEqual(['alpha', 'beta']);
    await t.call('DELETE', `/v9/projects/beta?teamId=${to.json.id}`, { token: owner.token });
    const ok = await t.call('POST', `/v1/projects/transfer/bulk/${to.json.id}?teamId=${from.json.id}`, {
      token: owner.token,
      body: { projectIds: [a.id, b.id] },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.projects).toHaveLength(2);
  });

  it('checks roles on both sides', async () => {
    const { owner, member, team } = await teamWithMember('src-owner@example.com', 'dev-mover@example.com', 'DEVELOPER');
    const p = await project(owner.token, team.id, 'guarded');
    const memberPersonal = member.user.defaultTeamId;
    const fromDev = await t.call('POST', `/v1/projects/${p.id}/transfer/${memberPersonal}?teamId=${team.id}`, {
      token: member.token,
    });
    expect(fromDev.status).toBe(403);
    const stranger = await t.signup('stranger-dest@example.com');
    const toForeign = await t.call(
      'POST',
      `/v1/projects/${p.id}/transfer/${stranger.user.defaultTeamId}?teamId=${team.id}`,
      { token: owner.token },
    );
    expect(toForeign.status).toBe(404);
  });
});
