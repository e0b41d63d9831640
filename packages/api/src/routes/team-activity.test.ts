// A team's Activity tab and its Deployments tab read the team's own records: deployments of all its
// projects, projects created, members who joined, invitations sent; nothing of another team.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
beforeAll(async () => {
  t = await createEngineTestApi();
});
afterAll(() => t.close());

describe('team activity', () => {
  it('lists deployments, projects, members and invitations newest first; invitees only for those who invite', async () => {
    const owner = await t.signup('activity-owner@example.com');
    const viewer = await t.signup('activity-viewer@example.com');
    const team = (await t.proTeam(owner.token, 'Activity Co')).json;
    const q = `?teamId=${team.id}`;
    const first = await t.call('POST', `/v1/teams/${team.id}/members`, {
      token: owner.token,
      body: { email: 'activity-viewer@example.com', role: 'VIEWER' },
    });
    await t.call('POST', `/v1/invitations/${first.json.link.split('/invite/')[1]}/accept`, { token: viewer.token });
    await t.deploy(owner.token, { 'index.html': 'a' }, { name: 'alpha' }, q);
    await t.deploy(owner.token, { 'index.html': 'b' }, { name: 'beta' }, q);
    await t.deploy(owner.token, { 'index.html': 'elsewhere' }, { name: 'not-this-team' });

    const { status, json } = await t.call('GET', `/v1/teams/${team.id}/activity`, { token: owner.token });
    expect(status).toBe(200);
    const kinds = json.events.map((e: { kind: string }) => e.kind);
    expect(kinds.filter((k: string) => k === 'deployment')).toHaveLength(2);
    expect(kinds.filter((k: string) => k === 'project')).toHaveLength(2);
    expect(kinds.filter((k: string) => k === 'member')).toHaveLength(2);
    expect(json.events[0]).toMatchObject({ kind: 'deployment', project: 'beta', actor: 'activity-owner' });
    expect(json.events.map((e: { project?: string }) => e.project)).not.toContain('not-this-team');
    const at = json.events.map((e: { at: number }) => e.at);
    expect(at).toEqual([...at].sort((a, b) => b - a));
    expect(json.events.find((e: { kind: string }) => e.kind === 'invitation')).toMatchObject({
      actor: 'activity-owner',
      email: 'activity-viewer@example.com',
      role: 'VIEWER',
    });

    const seen = await t.call('GET', `/v1/teams/${team.id}/activity`, { token: viewer.token });
    expect(seen.json.events.find((e: { kind: string }) => e.kind === 'invitation').email).toBeNull();
    const stranger = await t.signup('activity-stranger@example.com');
    expect((await t.call('GET', `/v1/teams/${team.id}/activity`, { token: stranger.token })).status).toBe(404);
  });

  it('lists the deployments of every project of the team without a project filter', async () => {
    const owner = await t.signup('all-deployments@example.com');
    const team = (await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'All Deploys' } })).json;
    const q = `?teamId=${team.id}`;
    await t.deploy(owner.token, { 'index.html': 'one' }, { name: 'one' }, q);
    await t.deploy(owner.token, { 'index.html': 'two' }, { name: 'two' }, q);
    const { json } = await t.call('GET', `/v6/deployments${q}&limit=20`, { token: owner.token });
    expect(json.deployments.map((d: { name: string }) => d.name).sort()).toEqual(['one', 'two']);
  });
});
