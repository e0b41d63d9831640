import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe('registration and session', () => {
  it('creates a northstar user with a personal hobby team and sets the session cookies', async () => {
    const res = await t.call('POST', '/v2/registration', {
      body: { email: 'Ada@Example.com', password: 'correct horse battery', name: 'Ada' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({
      email: 'ada@example.com',
      username: 'ada',
      name: 'Ada',
      version: 'northstar',
    });
    const cookies = res.res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/nimbus_session=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/SameSite=Lax/);
    expect(cookies).toMatch(/isLoggedIn=1/);
    expect(cookies).toMatch(/scope=ada-projects;.*Max-Age=31536000/);
    const cookie = res.res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const teams = await t.call('GET', '/v2/teams', { cookie });
    expect(teams.json.teams).toHaveLength(1);
    expect(teams.json.teams[0]).toMatchObject({
      slug: 'ada-projects',
      personal: true,
      billing: { plan: 'hobby' },
      membership: { role: 'OWNER' },
    });
    expect(res.json.user.defaultTeamId).toBe(teams.json.teams[0].id);
  });

  it('rejects a duplicate e-mail, a short password and a bad e-mail with clear 4xx messages', async () => {
    const origin = { origin: 'http://localhost:3000' };
    const dup = await t.call('POST', '/v2/registration', {
      body: { email: 'ada@example.com', password: 'another password' },
      headers: origin,
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toMatchObject({ code: 'email_taken' });
    const short = await t.call('POST', '/v2/registration', {
      body: { email: 'x@example.com', password: 'short' },
      headers: origin,
    });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toBe('Use a password of at least 8 characters.');
    const bad = await t.call('POST', '/v2/registration', {
      body: { email: 'not-an-email', password: 'long enough pw' },
      headers: origin,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('bad_request');
  });

  it('logs in with the right password only, and the session call answers user and flags', async () => {
    const wrong = await t.call('POST', '/auth/login', {
      body: { email: 'ada@example.com', password: 'nope nope nope' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe('invalid_credentials');
    const ok = await t.call('POST', '/auth/login', {
      body: { email: 'ADA@example.com', password: 'correct horse battery' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(ok.status).toBe(200);
    const cookie = ok.res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const session = await t.call('GET', '/www/user', { cookie });
    expect(session.status).toBe(200);
    expect(session.json).toMatchObject({ user: { username: 'ada' }, flags: { staff: false } });
  });

  it('answers the session call with 403 and removes isLoggedIn when logged out', async () => {
    const res = await t.call('GET', '/www/user', { headers: { cookie: 'nimbus_session=bogus; isLoggedIn=1' } });
    expect(res.status).toBe(403);
    expect(res.res.headers.getSetCookie().join('\n')).toMatch(/isLoggedIn=;.*Max-Age=0/);
  });

  it('logs out: the session cookie stops working', async () => {
    const { cookie } = await t.signup('logout@example.com');
    expect((await t.call('GET', '/v2/user', { cookie })).status).toBe(200);
    expect((await t.call('POST', '/auth/logout', { cookie })).status).toBe(200);
    expect((await t.call('GET', '/v2/user', { cookie })).status).toBe(403);
  });

  it('rejects cross-site logins and cookie writes (Origin check)', async () => {
    const login = await t.call('POST', '/auth/login', {
      body: { email: 'ada@example.com', password: 'correct horse battery' },
      headers: { origin: 'https://evil.example' },
    });
    expect(login.status).toBe(403);
    const { cookie } = await t.signup('csrf@example.com');
    const res = await t.call('POST', '/v1/teams', {
      cookie,
      body: { name: 'Evil' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden_origin');
  });
});

describe('/v2/user', () => {
  it('answers 403 with the envelope for a missing or bad token (docs/vercel-compatibility.md)', async () => {
    const none = await t.call('GET', '/v2/user');
    expect(none.status).toBe(403);
    expect(none.json.error).toMatchObject({ code: 'not_authenticated' });
    const bad = await t.call('GET', '/v2/user', { token: 'nmb_doesnotexist' });
    expect(bad.status).toBe(403);
    expect(bad.json.error.code).toBe('invalid_token');
  });

  it('renames the user and sets the default team', async () => {
    const { token } = await t.signup('grace@example.com', 'Grace');
    const team = await t.call('POST', '/v1/teams', { token, body: { name: 'Compilers' } });
    const res = await t.call('PATCH', '/v2/user', {
      token,
      body: { name: 'Grace Hopper', defaultTeamId: team.json.slug },
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ name: 'Grace Hopper', defaultTeamId: team.json.id });
    const personal = (await t.call('GET', '/v2/teams', { token })).json.teams.find(
      (x: { personal: boolean }) => x.personal,
    );
    expect(personal.name).toBe('Grace Hopper');
    const teams = await t.call('GET', '/v1/teams', { token });
    expect(teams.json.teams[0].id).toBe(team.json.id);
  });
});

describe('tokens', () => {
  it('creates a token shown once with only [A-Za-z0-9_], lists it, and revokes it', async () => {
    const { cookie } = await t.signup('tok@example.com');
    const created = await t.call('POST', '/v3/user/tokens', { cookie, body: { name: 'CI' } });
    expect(created.status).toBe(200);
    expect(created.json.bearerToken).toMatch(/^nmb_[A-Za-z0-9]{40}$/);
    const me = await t.call('GET', '/v2/user', { token: created.json.bearerToken });
    expect(me.json.user.email).toBe('tok@example.com');
    const list = await t.call('GET', '/v6/user/tokens', { cookie });
    expect(list.json.tokens.map((x: { name: string }) => x.name)).toContain('CI');
    expect(JSON.stringify(list.json)).not.toContain(created.json.bearerToken);
    expect(list.json.pagination).toMatchObject({ next: null });
    const one = await t.call('GET', `/v5/user/tokens/${created.json.token.id}`, { cookie });
    expect(one.json.token.name).toBe('CI');
    expect((await t.call('DELETE', `/v3/user/tokens/${created.json.token.id}`, { cookie })).status).toBe(200);
    expect((await t.call('GET', '/v2/user', { token: created.json.bearerToken })).status).toBe(403);
  });

  it('refuses expired tokens and expiry dates in the past', async () => {
    const { cookie } = await t.signup('exp@example.com');
    const past = await t.call('POST', '/v3/user/tokens', {
      cookie,
      body: { name: 'old', expiresAt: Date.now() - 1000 },
    });
    expect(past.status).toBe(400);
    expect(past.json.error.message).toMatch(/future/);
    // A minute ahead, then the clock is moved past it: real waiting raced a busy machine.
    const expiresAt = Date.now() + 60_000;
    const soon = await t.call('POST', '/v3/user/tokens', { cookie, body: { name: 'soon', expiresAt } });
    expect((await t.call('GET', '/v2/user', { token: soon.json.bearerToken })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: expiresAt + 1000 });
    try {
      expect((await t.call('GET', '/v2/user', { token: soon.json.bearerToken })).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a team-scoped token inside its team', async () => {
    const { cookie } = await t.signup('scoped@example.com');
    const team = await t.call('POST', '/v1/teams', { cookie, body: { name: 'Scoped Team' } });
    const other = await t.call('POST', '/v1/teams', { cookie, body: { name: 'Other Team' } });
    const scoped = await t.call('POST', '/v3/user/tokens', {
      cookie,
      body: { name: 'one team', teamId: team.json.id },
    });
    expect((await t.call('GET', `/v3/teams/${team.json.id}/members`, { token: scoped.json.bearerToken })).status).toBe(
      200,
    );
    const denied = await t.call('GET', `/v3/teams/${other.json.id}/members`, { token: scoped.json.bearerToken });
    expect(denied.status).toBe(403);
  });
});

describe('avatar', () => {
  it('draws the same SVG for the same seed and honours s', async () => {
    const a = await t.app.request('http://localhost/www/avatar?u=ada&s=64');
    const b = await t.app.request('http://localhost/www/avatar?u=ada&s=64');
    expect(a.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await a.text();
    expect(svg).toBe(await b.text());
    expect(svg).toContain('width="64"');
    const byHash = await t.app.request(`http://localhost/www/avatar/${'a'.repeat(40)}`);
    expect(await byHash.text()).toContain('width="80"');
    const bad = await t.app.request('http://localhost/www/avatar?u=ada&s=-3');
    expect(bad.status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the route schemas', async () => {
    const res = await t.app.request('http://localhost/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v2/user', '/v1/teams', '/v3/user/tokens', '/v2/registration']),
    );
    expect(doc.paths['/v1/teams'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/TeamCreate',
    );
    expect(doc.components.schemas.TeamCreate.properties.name.description).toMatch(/Letters, numbers/);
  });
});

describe('dashboard data', () => {
  it('lists a token as never used until its first call, then with the time of that call', async () => {
    const { cookie } = await t.signup('lastused@example.com');
    const created = await t.call('POST', '/v3/user/tokens', { cookie, body: { name: 'deploy' } });
    const find = async () =>
      (await t.call('GET', '/v6/user/tokens', { cookie })).json.tokens.find(
        (x: { name: string }) => x.name === 'deploy',
      );
    expect((await find()).lastUsedAt).toBeNull();
    const before = Date.now();
    await t.call('GET', '/v2/user', { token: created.json.bearerToken });
    expect((await find()).lastUsedAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it('lists pending invitations with millisecond timestamps', async () => {
    const { cookie, token } = await t.signup('inviter@example.com');
    const team = await t.proTeam(token, 'Inviters');
    await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      cookie,
      body: { email: 'guest@example.com', role: 'VIEWER' },
    });
    const list = await t.call('GET', `/v1/teams/${team.json.id}/invitations`, { cookie });
    expect(list.json.invitations).toHaveLength(1);
    expect(list.json.invitations[0]).toMatchObject({ email: 'guest@example.com', role: 'VIEWER' });
    expect(list.json.invitations[0].expiresAt).toBeGreaterThan(list.json.invitations[0].createdAt);
  });
});
