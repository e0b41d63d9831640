// Two-factor authentication end to end through the API: setup with the secret the API shows, codes
// made by otplib itself, login in two steps, recovery codes, throttling, and team enforcement.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';
import { ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
beforeAll(async () => {
  t = await createEngineTestApi();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
/** The code of the time step `steps` away from now: each step's code works once, so tests move forward. */
const code = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const browser = { origin: ORIGIN };
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** A signed-up user with two-factor on: their cookie (the session that turned it on), secret and recovery codes. */
async function withTwoFactor(email: string) {
  const user = await t.signup(email);
  const setup = await t.call('POST', '/v1/user/two-factor/setup', { cookie: user.cookie });
  expect(setup.status).toBe(200);
  expect(setup.json.uri).toContain(`secret=${setup.json.secret}`);
  expect(setup.json.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const enabled = await t.call('POST', '/v1/user/two-factor/enable', {
    cookie: user.cookie,
    body: { code: await code(setup.json.secret) },
  });
  expect(enabled.status).toBe(200);
  // A token made now, after two-factor was turned on (the sign-up's token was made before).
  const fresh = await t.call('POST', '/v3/user/tokens', { cookie: user.cookie, body: { name: 'after' } });
  return {
    ...user,
    token: fresh.json.bearerToken as string,
    secret: setup.json.secret as string,
    recoveryCodes: enabled.json.recoveryCodes as string[],
  };
}

const login = (email: string, password = PASSWORD) =>
  t.call('POST', '/auth/login', { body: { email, password }, headers: browser });
const secondStep = (ticket: string, c: string) =>
  t.call('POST', '/auth/login/two-factor', { body: { ticket, code: c }, headers: browser });

describe('two-factor authentication', () => {
  it('is turned on only by a correct code from the shown secret, and shows 10 recovery codes once', async () => {
    const user = await t.signup('setup@example.com');
    const setup = await t.call('POST', '/v1/user/two-factor/setup', { cookie: user.cookie });
    const wrong = await t.call('POST', '/v1/user/two-factor/enable', { cookie: user.cookie, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe('invalid_code');
    expect((await t.call('GET', '/v1/user/two-factor', { cookie: user.cookie })).json.enabled).toBe(false);
    const ok = await t.call('POST', '/v1/user/two-factor/enable', {
      cookie: user.cookie,
      body: { code: await code(setup.json.secret) },
    });
    expect(ok.json.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.json.recoveryCodes).size).toBe(10);
    const status = await t.call('GET', '/v1/user/two-factor', { cookie: user.cookie });
    expect(status.json).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.json)).not.toContain(ok.json.recoveryCodes[0]);
    // The secret is sealed at rest.
    const row = await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.user.id) });
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(setup.json.secret);
  });

  it('asks for a second step at login, which a current code completes; a code works once', async () => {
    const user = await withTwoFactor('login@example.com');
    const first = await login('login@example.com');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ mfaRequired: true });
    expect(first.res.headers.getSetCookie()).toHaveLength(0);
    const c = await code(user.secret, 1);
    const wrong = await secondStep(first.json.ticket, '123456' === c ? '654321' : '123456');
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe('invalid_code');
    const done = await secondStep(first.json.ticket, c);
    expect(done.status).toBe(200);
    expect(done.json.user.email).toBe('login@example.com');
    const session = await t.call('GET', '/v2/user', { cookie: cookieOf(done.res) });
    expect(session.status).toBe(200);
    // The ticket is spent, and the same code cannot start another login.
    expect((await secondStep(first.json.ticket, c)).status).toBe(401);
    const again = await login('login@example.com');
    expect((await secondStep(again.json.ticket, c)).json.error.code).toBe('invalid_code');
  });

  it('takes each recovery code once instead of a code', async () => {
    const user = await withTwoFactor('recovery@example.com');
    const [recovery] = user.recoveryCodes;
    const first = await login('recovery@example.com');
    expect((await secondStep(first.json.ticket, recovery!.toUpperCase())).status).toBe(200);
    const second = await login('recovery@example.com');
    expect((await secondStep(second.json.ticket, recovery!)).json.error.code).toBe('invalid_code');
    expect((await t.call('GET', '/v1/user/two-factor', { cookie: user.cookie })).json.recoveryCodesLeft).toBe(9);
  });

  it('throttles wrong codes per account like passwords', async () => {
    await withTwoFactor('guess@example.com');
    const { json } = await login('guess@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await secondStep(json.ticket, String(100000 + i))).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('regenerates recovery codes and is turned off only with the password or a code', async () => {
    const user = await withTwoFactor('off@example.com');
    const fresh = await t.call('POST', '/v1/user/two-factor/recovery-codes', {
      cookie: user.cookie,
      body: { code: await code(user.secret, 1) },
    });
    expect(fresh.json.recoveryCodes).toHaveLength(10);
    const old = await login('off@example.com');
    expect((await secondStep(old.json.ticket, user.recoveryCodes[0]!)).status).toBe(400);
    expect((await t.call('POST', '/v1/user/two-factor/disable', { cookie: user.cookie, body: {} })).status).toBe(400);
    const wrong = await t.call('POST', '/v1/user/two-factor/disable', {
      cookie: user.cookie,
      body: { password: 'not it at all' },
    });
    expect(wrong.json.error.code).toBe('invalid_credentials');
    const off = await t.call('POST', '/v1/user/two-factor/disable', {
      cookie: user.cookie,
      body: { password: PASSWORD },
    });
    expect(off.json).toEqual({ enabled: false });
    expect((await login('off@example.com')).json.user.email).toBe('off@example.com');
  });

  it('ends the other sessions when it is turned on', async () => {
    const user = await t.signup('sessions@example.com');
    const other = cookieOf((await login('sessions@example.com')).res);
    const setup = await t.call('POST', '/v1/user/two-factor/setup', { cookie: user.cookie });
    await t.call('POST', '/v1/user/two-factor/enable', {
      cookie: user.cookie,
      body: { code: await code(setup.json.secret) },
    });
    expect((await t.call('GET', '/v2/user', { cookie: other })).status).toBe(403);
    expect((await t.call('GET', '/v2/user', { cookie: user.cookie })).status).toBe(200);
  });
});

describe('team two-factor enforcement', () => {
  async function team(ownerEmail: string) {
    const owner = await withTwoFactor(ownerEmail);
    const created = await t.proTeam(owner.token, `Team ${ownerEmail.split('@')[0]}`);
    return { owner, team: created.json as { id: string; slug: string } };
  }
  async function join(teamId: string, ownerCookie: string, email: string) {
    const member = await t.signup(email);
    const inv = await t.call('POST', `/v1/teams/${teamId}/members`, {
      cookie: ownerCookie,
      body: { email, role: 'MEMBER' },
    });
    await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: member.token });
    return member;
  }

  it('lets only an owner with two-factor require it', async () => {
    const plain = await t.signup('plain-owner@example.com');
    const theirs = await t.proTeam(plain.token, 'Plain team');
    const refused = await t.call('PATCH', `/v2/teams/${theirs.json.id}`, {
      cookie: plain.cookie,
      body: { mfaEnforced: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/two-factor authentication for your own account first/);
    const { owner, team: enforced } = await team('owner-2fa@example.com');
    const member = await join(enforced.id, owner.cookie, 'not-owner@example.com');
    const byMember = await t.call('PATCH', `/v2/teams/${enforced.id}`, {
      token: member.token,
      body: { mfaEnforced: true },
    });
    expect(byMember.status).toBe(403);
    const on = await t.call('PATCH', `/v2/teams/${enforced.id}`, { cookie: owner.cookie, body: { mfaEnforced: true } });
    expect(on.status).toBe(200);
    expect(on.json.mfaEnforced).toBe(true);
  });

  it('answers mfa_enforced on the team routes to a member without two-factor, not on their personal routes', async () => {
    const { owner, team: enforced } = await team('enforcer@example.com');
    const member = await join(enforced.id, owner.cookie, 'lax@example.com');
    await t.call('PATCH', `/v2/teams/${enforced.id}`, { cookie: owner.cookie, body: { mfaEnforced: true } });

    for (const path of [`/v9/projects?teamId=${enforced.id}`, `/v6/deployments?slug=${enforced.slug}`]) {
      const res = await t.call('GET', path, { cookie: member.cookie });
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'mfa_enforced', teamSlug: enforced.slug });
    }
    expect((await t.call('GET', '/v9/projects', { token: member.token })).status).toBe(200);
    expect((await t.call('GET', '/v2/user', { token: member.token })).status).toBe(200);
    // The team itself stays readable, so a page can name the team that asks for it.
    expect((await t.call('GET', `/v2/teams/${enforced.id}`, { cookie: member.cookie })).json.mfaEnforced).toBe(true);
    // The owner, with two-factor, is let in by session and by a token made after turning it on.
    expect((await t.call('GET', `/v9/projects?teamId=${enforced.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.call('GET', `/v9/projects?teamId=${enforced.id}`, { token: owner.token })).status).toBe(200);
  });

  it('accepts a member once they turn two-factor on, but not their tokens made before', async () => {
    const { owner, team: enforced } = await team('strict@example.com');
    const member = await join(enforced.id, owner.cookie, 'converted@example.com');
    await t.call('PATCH', `/v2/teams/${enforced.id}`, { cookie: owner.cookie, body: { mfaEnforced: true } });
    const setup = await t.call('POST', '/v1/user/two-factor/setup', { cookie: member.cookie });
    await t.call('POST', '/v1/user/two-factor/enable', {
      cookie: member.cookie,
      body: { code: await code(setup.json.secret) },
    });
    const path = `/v9/projects?teamId=${enforced.id}`;
    expect((await t.call('GET', path, { cookie: member.cookie })).status).toBe(200);
    const oldToken = await t.call('GET', path, { token: member.token });
    expect(oldToken.json.error.code).toBe('mfa_enforced');
    expect(oldToken.json.error.message).toMatch(/made before you turned it on/);
    const fresh = await t.call('POST', '/v3/user/tokens', { cookie: member.cookie, body: { name: 'after' } });
    expect((await t.call('GET', path, { token: fresh.json.bearerToken })).status).toBe(200);
  });

  it('keeps an owner of an enforcing team from turning two-factor off', async () => {
    const { owner, team: enforced } = await team('keeper@example.com');
    await t.call('PATCH', `/v2/teams/${enforced.id}`, { cookie: owner.cookie, body: { mfaEnforced: true } });
    const off = await t.call('POST', '/v1/user/two-factor/disable', {
      cookie: owner.cookie,
      body: { password: PASSWORD },
    });
    expect(off.status).toBe(409);
    expect(off.json.error.message).toContain(enforced.slug);
  });
});
