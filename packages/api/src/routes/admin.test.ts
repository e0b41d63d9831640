// Staff tooling of the internal commands (docs/spec.md): the admin project lookup and the deploy-freeze
// debug toggle answer staff only, whichever team the project belongs to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let staff: Awaited<ReturnType<typeof t.signup>>;
let owner: Awaited<ReturnType<typeof t.signup>>;
beforeAll(async () => {
  t = await createTestApi();
  staff = await t.signup('admin-staff@example.com');
  await t.call('POST', '/v1/teams', { cookie: staff.cookie, body: { name: 'Staff', slug: 'staff-team' } });
  owner = await t.signup('admin-owner@example.com');
});
afterAll(() => t.close());

describe('staff routes', () => {
  it('GET /v1/dashboard/projects/{project} answers the project id to staff of any team, 403 to others', async () => {
    const team = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Looked At' } });
    const project = await t.call('POST', `/v11/projects?teamId=${team.json.id}`, {
      token: owner.token,
      body: { name: 'inspected' },
    });

    const byName = await t.call('GET', `/v1/dashboard/projects/inspected?teamId=${team.json.id}`, {
      cookie: staff.cookie,
    });
    expect(byName.status).toBe(200);
    expect(byName.json).toMatchObject({
      id: project.json.id,
      name: 'inspected',
      team: { id: team.json.id, plan: 'hobby' },
    });
    const byId = await t.call('GET', `/v1/dashboard/projects/${project.json.id}?teamId=${team.json.id}`, {
      cookie: staff.cookie,
    });
    expect(byId.json.id).toBe(project.json.id);
    expect(
      (await t.call('GET', `/v1/dashboard/projects/nope?teamId=${team.json.id}`, { cookie: staff.cookie })).status,
    ).toBe(404);
    expect(
      (await t.call('GET', '/v1/dashboard/projects/inspected?teamId=team_unknown', { cookie: staff.cookie })).status,
    ).toBe(404);

    const denied = await t.call('GET', `/v1/dashboard/projects/inspected?teamId=${team.json.id}`, {
      token: owner.token,
    });
    expect(denied.status).toBe(403);
    expect(denied.json.error.message).toContain('staff-team');
  });

  it('GET /force-deploy-freeze-toggle flips a 60-second debug cookie for staff only', async () => {
    const on = await t.call('GET', '/force-deploy-freeze-toggle', { cookie: staff.cookie });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ enabled: true });
    expect(on.res.headers.get('set-cookie')).toMatch(/deploy-freeze-branch=1; Max-Age=60/);
    const off = await t.call('GET', '/force-deploy-freeze-toggle', {
      cookie: `${staff.cookie}; deploy-freeze-branch=1`,
    });
    expect(off.json).toEqual({ enabled: false });
    expect(off.res.headers.get('set-cookie')).toMatch(/deploy-freeze-branch=; Max-Age=0/);
    expect((await t.call('GET', '/force-deploy-freeze-toggle', { cookie: owner.cookie })).status).toBe(403);
  });
});
