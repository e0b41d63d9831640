import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  ({ token } = await t.signup('lifecycle@example.com'));
});
afterAll(() => t.close());

async function ready(files: Record<string, string>, extra: Record<string, unknown> = {}) {
  const res = await t.deploy(token, files, { name: 'shop', ...extra });
  expect(res.status).toBe(200);
  return t.waitFor(token, res.json.id);
}

describe('production host, promote and rollback', () => {
  let prod1: any, preview: any, prod2: any;

  it('gives a READY production deployment the project host and a preview only its own', async () => {
    const moved: string[] = [];
    t.engine.events.on('alias', (host) => moved.push(host));
    prod1 = await ready({ 'index.html': 'v1' }, { target: 'production' });
    expect(prod1).toMatchObject({
      readyState: 'READY',
      target: 'production',
      aliasAssigned: true,
      alias: ['shop.localhost:3000'],
    });
    expect(moved).toContain('shop');
    preview = await ready({ 'index.html': 'preview' });
    expect(preview).toMatchObject({ target: null, aliasAssigned: true, alias: [] });
    const byUrl = await t.call('GET', '/v13/deployments/shop.localhost:3000', { token });
    expect(byUrl.json.id).toBe(prod1.id);
    const byHost = await t.call('GET', `/v13/deployments/${encodeURIComponent(`https://${preview.url}`)}`, { token });
    expect(byHost.json.id).toBe(preview.id);
  });

  it('promotes a preview by moving the alias only, and rolls back to the earlier production', async () => {
    const promote = await t.call('POST', `/v10/projects/shop/promote/${preview.id}`, { token });
    expect(promote.status).toBe(201);
    expect(promote.json).toMatchObject({ deploymentId: preview.id, alias: 'shop.localhost:3000' });
    expect((await t.call('GET', '/v13/deployments/shop.localhost', { token })).json.id).toBe(preview.id);
    const aliases = await t.call('GET', `/v2/deployments/${preview.id}/aliases`, { token });
    expect(aliases.json.aliases.map((a: { alias: string }) => a.alias)).toEqual(['shop.localhost:3000']);
    const badRollback = await t.call('POST', `/v9/projects/shop/rollback/${preview.id}`, { token });
    expect(badRollback.status).toBe(400);
    const rollback = await t.call('POST', `/v9/projects/shop/rollback/${prod1.id}`, { token });
    expect(rollback.status).toBe(201);
    expect((await t.call('GET', '/v13/deployments/shop.localhost', { token })).json.id).toBe(prod1.id);
  });

  it('shows in the project which deployment is newest and which serves production, in lists too', async () => {
    const project = await t.call('GET', '/v9/projects/shop', { token });
    expect(project.json.latestDeployments).toEqual([
      expect.objectContaining({ id: preview.id, readyState: 'READY', target: null, alias: [] }),
    ]);
    expect(project.json.targets.production).toMatchObject({
      id: prod1.id,
      url: prod1.url,
      alias: ['shop.localhost:3000'],
      target: 'production',
    });
    const list = await t.call('GET', '/v10/projects?search=shop', { token });
    expect(list.json.projects[0]).toMatchObject({
      name: 'shop',
      latestDeployments: [{ id: preview.id }],
      targets: { production: { id: prod1.id } },
    });
  });

  it('moves production to a newer production deployment when it is READY', async () => {
    prod2 = await ready({ 'index.html': 'v2' }, { target: 'production' });
    expect((await t.call('GET', '/v13/deployments/shop.localhost', { token })).json.id).toBe(prod2.id);
  });

  it('refuses to delete the deployment that serves production, deletes others', async () => {
    const refused = await t.call('DELETE', `/v13/deployments/${prod2.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/Promote another deployment first/);
    const deleted = await t.call('DELETE', `/v13/deployments/${prod1.id}`, { token });
    expect(deleted.json).toEqual({ uid: prod1.id, state: 'DELETED' });
    expect((await t.call('GET', `/v13/deployments/${prod1.id}`, { token })).status).toBe(404);
  });

  it('lists deployments newest first with filters and a last page whose next is null', async () => {
    const all = await t.call('GET', '/v6/deployments?projectId=shop', { token });
    expect(all.json.deployments.map((d: { uid: string }) => d.uid)).toEqual([prod2.id, preview.id]);
    expect(all.json.pagination).toMatchObject({ count: 2, next: null });
    const page1 = await t.call('GET', '/v7/deployments?projectId=shop&limit=1', { token });
    expect(page1.json.pagination.next).toBeTypeOf('number');
    const page2 = await t.call('GET', `/v7/deployments?projectId=shop&limit=1&until=${page1.json.pagination.next}`, {
      token,
    });
    expect(page2.json.deployments[0].uid).toBe(preview.id);
    expect(page2.json.pagination.next).toBeNull();
    const prodOnly = await t.call('GET', '/v7/deployments?target=production&state=READY', { token });
    expect(prodOnly.json.deployments.map((d: { uid: string }) => d.uid)).toEqual([prod2.id]);
    const bad = await t.call('GET', '/v7/deployments?state=DONE', { token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/QUEUED, BUILDING, READY, ERROR, CANCELED/);
  });
});

describe('build log streams', () => {
  it('streams NDJSON that follows the build and ends with the READY state', async () => {
    const res = await t.deploy(token, { 'index.html': 'log me' }, { name: 'logs' });
    const stream = await t.app.request(
      `http://localhost:3000/v3/now/deployments/${res.json.id}/events?direction=forward&follow=1&format=lines`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(stream.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const lines = (await stream.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'stdout', deploymentId: res.json.id });
    expect(lines[0].created).toBeTypeOf('number');
    expect(lines.some((l) => /Deployment ready/.test(l.text))).toBe(true);
    expect(lines.at(-1)).toMatchObject({ event: 'state', payload: { value: 'READY' } });
  });

  it('serves the same log as server-sent events for the dashboard', async () => {
    const res = await t.deploy(token, { 'index.html': 'sse' }, { name: 'logs' });
    const sse = await t.app.request(`http://localhost:3000/v1/deployments/${res.json.id}/events/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sse.headers.get('content-type')).toMatch(/text\/event-stream/);
    const text = await sse.text();
    expect(text).toMatch(/event: log\ndata: .*Queued 1 files/);
    expect(text).toMatch(/event: state\ndata: \{"value":"READY"\}/);
  });
});

describe('cancel', () => {
  it('cancels a queued deployment, which then never builds', async () => {
    const idle = await createEngineTestApi();
    try {
      const { token: tk } = await idle.signup('idle@example.com');
      const res = await idle.deploy(tk, { 'index.html': 'never' }, { name: 'idle' });
      const canceled = await idle.call('PATCH', `/v12/deployments/${res.json.id}/cancel`, { token: tk });
      expect(canceled.status).toBe(200);
      expect(canceled.json.readyState).toBe('CANCELED');
      const again = await idle.call('PATCH', `/v12/deployments/${res.json.id}/cancel`, { token: tk });
      expect(again.status).toBe(400);
      expect(again.json.error.message).toMatch(/already CANCELED/);
    } finally {
      await idle.close();
    }
  });
});

describe('permissions', () => {
  it('lets a VIEWER read deployments but not create, cancel or promote them', async () => {
    const owner = await t.signup('owner-perm@example.com');
    const team = await t.proTeam(owner.token, 'Perm Team');
    const viewer = await t.signup('viewer-perm@example.com');
    const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'viewer-perm@example.com', role: 'VIEWER' },
    });
    await t.call('POST', `/v1/invitations/${invite.json.link.split('/').pop()}/accept`, { token: viewer.token });
    const q = `?teamId=${team.json.id}`;
    const res = await t.deploy(owner.token, { 'index.html': 'team' }, { name: 'team-site', target: 'production' }, q);
    await t.waitFor(owner.token, res.json.id, undefined, undefined, q);
    expect((await t.call('GET', `/v13/deployments/${res.json.id}${q}`, { token: viewer.token })).status).toBe(200);
    const create = await t.call('POST', `/v13/deployments${q}`, {
      token: viewer.token,
      body: { name: 'team-site', files: [] },
    });
    expect(create.status).toBe(403);
    expect(create.json.error.message).toMatch(/VIEWER/);
    expect(
      (await t.call('POST', `/v10/projects/team-site/promote/${res.json.id}${q}`, { token: viewer.token })).status,
    ).toBe(403);
    expect((await t.call('GET', `/v13/deployments/${res.json.id}`, { token })).status).toBe(404);
  });
});
