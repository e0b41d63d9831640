// Sensitive environment variables (docs/vercel-compatibility.md): no role can read the value back
// through the API, with ?decrypt=true or in any reply, nor turn the variable into an encrypted or
// plain one to read it then; builds still receive it.
import { envForTarget, getProject } from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';

const SECRET = 'sk_live_never_shown_again';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let owner: Awaited<ReturnType<typeof t.signup>>;
let teamId: string;
let envId: string;
const members: Record<string, string> = {};

beforeAll(async () => {
  t = await createEngineTestApi();
  owner = await t.signup('env-owner@example.com');
  teamId = (await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Env', slug: 'env-team' } })).json.id;
  await t.call('POST', `/v1/plan/change?teamId=${teamId}`, { token: owner.token, body: { plan: 'pro' } });
  await t.deploy(owner.token, { 'index.html': 'hi' }, { name: 'env-site' }, `?teamId=${teamId}`);
  const created = await t.call('POST', `/v10/projects/env-site/env?teamId=${teamId}`, {
    token: owner.token,
    body: { key: 'STRIPE_KEY', value: SECRET, type: 'sensitive', target: ['production', 'preview'] },
  });
  expect(created.status).toBe(201);
  envId = created.json.created.id;
  members.OWNER = owner.token;
  for (const role of ['MEMBER', 'DEVELOPER', 'BILLING', 'VIEWER']) {
    const member = await t.signup(`env-${role.toLowerCase()}@example.com`);
    const invite = await t.call('POST', `/v1/teams/${teamId}/members`, {
      token: owner.token,
      body: { email: `env-${role.toLowerCase()}@example.com`, role },
    });
    await t.call('POST', `/v1/invitations/${invite.json.link.split('/invite/')[1]}/accept`, { token: member.token });
    members[role] = member.token;
  }
});
afterAll(() => t.close());

/** Every reply, raw, so a value anywhere in it is caught. */
const texts: string[] = [];
async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await t.call(method, `${path}${path.includes('?') ? '&' : '?'}teamId=${teamId}`, { token, body });
  texts.push(JSON.stringify(res.json));
  return res;
}

describe.each([
  ['OWNER', { canList: true, canWrite: true }],
  ['MEMBER', { canList: true, canWrite: true }],
  ['DEVELOPER', { canList: true, canWrite: true }],
  ['BILLING', { canList: true, canWrite: false }],
  ['VIEWER', { canList: true, canWrite: false }],
])('a sensitive variable, as %s', (role, { canList, canWrite }) => {
  it('is never decrypted in a list, with or without ?decrypt=true', async () => {
    for (const query of ['', '?decrypt=true', '?decrypt=true&target=production']) {
      const res = await call('GET', `/v10/projects/env-site/env${query}`, members[role]!);
      expect(res.status).toBe(canList ? 200 : 403);
      if (!canList) continue;
      const item = res.json.envs.find((e: { id: string }) => e.id === envId);
      expect(item).toMatchObject({ key: 'STRIPE_KEY', type: 'sensitive', value: '', decrypted: false });
    }
  });

  it.each(['encrypted', 'plain'])('cannot become %s', async (type) => {
    const res = await call('PATCH', `/v9/projects/env-site/env/${envId}`, members[role]!, { type });
    expect(res.status).toBe(canWrite ? 400 : 403);
    if (canWrite) expect(res.json.error.message).toMatch(/stays sensitive/);
    const after = await call('GET', '/v10/projects/env-site/env?decrypt=true', owner.token);
    expect(after.json.envs.find((e: { id: string }) => e.id === envId)).toMatchObject({ type: 'sensitive', value: '' });
  });

  it('can be given a new value or comment without showing it', async () => {
    const res = await call('PATCH', `/v9/projects/env-site/env/${envId}`, members[role]!, {
      value: SECRET,
      comment: `set by ${role}`,
      type: 'sensitive',
    });
    expect(res.status).toBe(canWrite ? 200 : 403);
    if (canWrite) expect(res.json).toMatchObject({ type: 'sensitive', value: '', decrypted: false });
  });
});

describe('a sensitive variable', () => {
  it('never appeared in any reply above', () => {
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(text).not.toContain(SECRET);
  });

  it('still reaches builds of its targets', async () => {
    const project = await getProject(t.db, teamId, 'env-site');
    expect(await envForTarget(t.db, t.engine.cipher, project.id, 'production')).toMatchObject({ STRIPE_KEY: SECRET });
    expect(await envForTarget(t.db, t.engine.cipher, project.id, 'development')).not.toHaveProperty('STRIPE_KEY');
  });

  it('can still be made by turning an encrypted one sensitive', async () => {
    const made = await call('POST', '/v10/projects/env-site/env', owner.token, {
      key: 'LATER',
      value: 'later-secret',
      type: 'encrypted',
      target: ['preview'],
    });
    const id = made.json.created.id;
    expect((await call('PATCH', `/v9/projects/env-site/env/${id}`, owner.token, { type: 'sensitive' })).status).toBe(
      200,
    );
    const list = await call('GET', '/v10/projects/env-site/env?decrypt=true', owner.token);
    expect(list.json.envs.find((e: { id: string }) => e.id === id)).toMatchObject({ value: '', decrypted: false });
    expect((await call('PATCH', `/v9/projects/env-site/env/${id}`, owner.token, { type: 'plain' })).status).toBe(400);
  });
});
