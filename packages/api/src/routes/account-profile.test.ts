// The account's avatar upload, username change and deletion, through the API.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';
import { ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
beforeAll(async () => {
  t = await createEngineTestApi();
});
afterAll(() => t.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

const upload = (cookie: string, data: Buffer, type = 'image/png') =>
  t.app.request(`${ORIGIN}/v1/user/avatar`, {
    method: 'PUT',
    headers: { host: 'localhost:3000', origin: ORIGIN, cookie, 'content-type': type },
    body: new Uint8Array(data),
  });

describe('avatar', () => {
  it('stores an uploaded image as a 256-pixel square WebP at a stable URL', async () => {
    const user = await t.signup('avatar@example.com');
    const res = await upload(user.cookie, await png(800, 400));
    expect(res.status).toBe(200);
    const { avatar } = (await res.json()) as { avatar: string };
    expect(avatar).toMatch(/^\/api\/www\/avatar\/[0-9a-f]{40}$/);
    expect((await t.call('GET', '/v2/user', { cookie: user.cookie })).json.user.avatar).toBe(avatar);
    for (const path of [avatar.replace('/api', ''), `/www/avatar/${user.user.id}`]) {
      const image = await t.app.request(`${ORIGIN}${path}`);
      expect(image.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    }
    const removed = await t.call('DELETE', '/v1/user/avatar', { cookie: user.cookie });
    expect(removed.json.avatar).toBe(`/api/www/avatar/${user.user.id}`);
    const drawn = await t.app.request(`${ORIGIN}/www/avatar/${user.user.id}`);
    expect(drawn.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses what is not an image whatever its type says, and images over the size limit', async () => {
    const user = await t.signup('not-image@example.com');
    const fake = await upload(user.cookie, Buffer.from('<?php echo "hi"; ?>'), 'image/png');
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as any).error.message).toMatch(/not an image Nimbus can read/);
    const empty = await upload(user.cookie, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const huge = await upload(user.cookie, Buffer.alloc(5 * 1024 * 1024, 1));
    expect(huge.status).toBe(413);
  });

  it('never serves a stored file that is not an avatar by its digest', async () => {
    const user = await t.signup('digest@example.com');
    const content = 'a deployment file';
    const sha = (await import('../engine-testing')).sha1(content);
    await t.upload(user.token, content);
    const res = await t.app.request(`${ORIGIN}/www/avatar/${sha}`);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
  });
});

describe('username', () => {
  it('changes with the slug rules and uniqueness; the personal team keeps its slug', async () => {
    const user = await t.signup('rename@example.com');
    const other = await t.signup('taken@example.com');
    const before = (await t.call('GET', '/v2/teams', { cookie: user.cookie })).json.teams.find((x: any) => x.personal);
    const bad = await t.call('PATCH', '/v2/user', { cookie: user.cookie, body: { username: 'Not Valid!' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/Usernames can only contain/);
    const taken = await t.call('PATCH', '/v2/user', { cookie: user.cookie, body: { username: other.user.username } });
    expect(taken.status).toBe(409);
    const teamSlug = await t.call('PATCH', '/v2/user', { cookie: user.cookie, body: { username: before.slug } });
    expect(teamSlug.status).toBe(409);
    const ok = await t.call('PATCH', '/v2/user', { cookie: user.cookie, body: { username: 'new-name' } });
    expect(ok.status).toBe(200);
    expect(ok.json.user.username).toBe('new-name');
    const after = (await t.call('GET', '/v2/teams', { cookie: user.cookie })).json.teams.find((x: any) => x.personal);
    expect(after.slug).toBe(before.slug);
  });
});

describe('deleting the account', () => {
  it('hands a team over to a member, deletes the rest, and ends every session and token', async () => {
    const owner = await t.signup('leaving@example.com');
    const member = await t.signup('heir@example.com');
    const kept = await t.proTeam(owner.token, 'Kept team');
    const dropped = await t.proTeam(owner.token, 'Dropped team');
    const inv = await t.call('POST', `/v1/teams/${kept.json.id}/members`, {
      token: owner.token,
      body: { email: 'heir@example.com', role: 'MEMBER' },
    });
    await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: member.token });

    const plan = await t.call('GET', '/v1/user/deletion', { cookie: owner.cookie });
    expect(plan.json.teams.map((x: any) => x.slug).sort()).toEqual([dropped.json.slug, kept.json.slug].sort());
    const wrong = await t.call('DELETE', '/v1/user', { cookie: owner.cookie, body: { confirm: 'someone-else' } });
    expect(wrong.status).toBe(400);
    const outsider = await t.call('DELETE', '/v1/user', {
      cookie: owner.cookie,
      body: { confirm: owner.user.username, handover: { [kept.json.id]: 'usr_nobody' } },
    });
    expect(outsider.status).toBe(400);

    const done = await t.call('DELETE', '/v1/user', {
      cookie: owner.cookie,
      body: { confirm: owner.user.username, handover: { [kept.json.id]: member.user.id } },
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ id: owner.user.id, email: 'leaving@example.com' });
    expect((await t.call('GET', '/v2/user', { cookie: owner.cookie })).status).toBe(403);
    expect((await t.call('GET', '/v2/user', { token: owner.token })).status).toBe(403);
    const heirTeam = await t.call('GET', `/v2/teams/${kept.json.id}`, { token: member.token });
    expect(heirTeam.json.membership.role).toBe('OWNER');
    const login = await t.call('POST', '/auth/login', {
      body: { email: 'leaving@example.com', password: 'correct horse battery' },
      headers: { origin: ORIGIN },
    });
    expect(login.status).toBe(401);
    const signup = await t.signup('leaving@example.com');
    const teams = (await t.call('GET', '/v2/teams', { cookie: signup.cookie })).json.teams;
    expect(teams.map((x: any) => x.slug)).not.toContain(dropped.json.slug);
  });
});
