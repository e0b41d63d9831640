// Password change, reset by e-mail and the list of sessions (services/password.ts, sessions.ts).
import * as db from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTED } from '../services/password';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ trustProxy: true });
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'sturdy maple lantern';
const headers = (ip: string, userAgent = 'Test Browser') => ({
  origin: ORIGIN,
  'x-forwarded-for': ip,
  'user-agent': userAgent,
});
const cookieOf = (res: { res: Response }) =>
  res.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function logIn(email: string, password: string, ip: string, userAgent?: string) {
  const res = await t.call('POST', '/auth/login', { body: { email, password }, headers: headers(ip, userAgent) });
  return { status: res.status, cookie: cookieOf(res) };
}
const isLoggedIn = async (cookie: string) => (await t.call('GET', '/v2/user', { cookie })).status === 200;

describe('password rule', () => {
  it.each(['password', '12345678', '        '])('refuses %j at sign-up with a clear message', async (password) => {
    const res = await t.call('POST', '/v2/registration', {
      body: { email: 'weak@example.com', password },
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'weak_password',
      message: expect.stringMatching(/too easy to guess/),
    });
  });
});

describe('sign-up with a registered address', () => {
  it('tells the owner by e-mail', async () => {
    await t.signup('taken@example.com');
    const again = await t.call('POST', '/v2/registration', {
      body: { email: 'Taken@example.com', password: NEW_PASSWORD },
      headers: { origin: ORIGIN },
    });
    expect(again.status).toBe(409);
    const [mail] = await db.listAccountMail(t.db, 'taken@example.com');
    expect(mail).toMatchObject({ subject: 'Someone tried to sign up to Nimbus with your address' });
  });
});

describe('changing the password', () => {
  it('needs the current password, applies the rule, and logs out every other session', async () => {
    const { cookie } = await t.signup('change@example.com');
    const other = await logIn('change@example.com', PASSWORD, '198.51.100.1');
    const change = (body: object) => t.call('POST', '/v1/user/password', { cookie, body });

    const wrong = await change({ currentPassword: 'not it', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toBe('The current password is not correct.');
    expect((await change({ currentPassword: PASSWORD, newPassword: '12345678' })).json.error.code).toBe(
      'weak_password',
    );
    expect(await isLoggedIn(other.cookie)).toBe(true);

    expect((await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect(await isLoggedIn(cookie)).toBe(true);
    expect(await isLoggedIn(other.cookie)).toBe(false);
    expect((await logIn('change@example.com', PASSWORD, '198.51.100.2')).status).toBe(401);
    expect((await logIn('change@example.com', NEW_PASSWORD, '198.51.100.2')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists browser, address and times with the current one marked; ends one or every other', async () => {
    const { cookie } = await t.signup('sessions@example.com');
    const phone = await logIn('sessions@example.com', PASSWORD, '198.51.100.10', 'Phone Browser');
    const laptop = await logIn('sessions@example.com', PASSWORD, '198.51.100.11', 'Laptop Browser');
    const list = await t.call('GET', '/v1/user/sessions', { cookie: phone.cookie });
    expect(list.json.sessions).toHaveLength(3);
    const mine = list.json.sessions.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ userAgent: 'Phone Browser', ip: '198.51.100.10' });
    expect(mine.createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect(mine.lastSeenAt).toBeGreaterThanOrEqual(mine.createdAt);

    const laptopId = list.json.sessions.find((s: { userAgent: string }) => s.userAgent === 'Laptop Browser').id;
    expect((await t.call('DELETE', `/v1/user/sessions/${laptopId}`, { cookie: phone.cookie })).status).toBe(200);
    expect(await isLoggedIn(laptop.cookie)).toBe(false);

    const others = await t.call('DELETE', '/v1/user/sessions', { cookie: phone.cookie });
    expect(others.json).toEqual({ revoked: 1 });
    expect(await isLoggedIn(cookie)).toBe(false);
    expect(await isLoggedIn(phone.cookie)).toBe(true);
  });

  it("cannot end another user's session", async () => {
    const a = await t.signup('sessions-a@example.com');
    const b = await t.signup('sessions-b@example.com');
    const bId = (await t.call('GET', '/v1/user/sessions', { cookie: b.cookie })).json.sessions[0].id;
    expect((await t.call('DELETE', `/v1/user/sessions/${bId}`, { cookie: a.cookie })).status).toBe(404);
    expect(await isLoggedIn(b.cookie)).toBe(true);
  });
});

describe('password reset by e-mail', () => {
  const ask = (email: string, ip = '198.51.100.20') =>
    t.call('POST', '/auth/password-reset', { body: { email }, headers: headers(ip) });
  const confirm = (token: string, password: string) =>
    t.call('POST', '/auth/password-reset/confirm', { body: { token, password }, headers: { origin: ORIGIN } });
  const linkFor = async (email: string) => {
    const [mail] = await db.listAccountMail(t.db, email);
    return new URL(mail!.link!).searchParams.get('token')!;
  };

  it('answers the same for a registered and an unknown address, and mails only the registered one', async () => {
    await t.signup('reset@example.com');
    const known = await ask('reset@example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.json.message).toBe(RESET_REQUESTED);
    expect(await db.listAccountMail(t.db, 'nobody@example.com')).toHaveLength(0);
    const [mail] = await db.listAccountMail(t.db, 'reset@example.com');
    expect(mail!.text).toContain(`${ORIGIN}/reset-password?token=`);
  });

  it('sets the new password once, logs out every session, and stores only a hash of the link', async () => {
    const { cookie } = await t.signup('reset-use@example.com');
    await ask('reset-use@example.com');
    const token = await linkFor('reset-use@example.com');
    const stored = await t.db.select().from(db.schema.passwordResets);
    expect(stored.some((r) => r.tokenHash === db.sha256(token))).toBe(true);
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);

    expect((await confirm(token, 'password')).json.error.code).toBe('weak_password');
    expect((await confirm(token, NEW_PASSWORD)).status).toBe(200);
    expect(await isLoggedIn(cookie)).toBe(false);
    expect((await logIn('reset-use@example.com', NEW_PASSWORD, '198.51.100.21')).status).toBe(200);
    const again = await confirm(token, 'another sturdy lantern');
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: 'reset_invalid' });
  });

  it('refuses an expired link and an unknown one', async () => {
    await t.signup('reset-old@example.com');
    await ask('reset-old@example.com');
    const token = await linkFor('reset-old@example.com');
    await t.db.update(db.schema.passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await confirm(token, NEW_PASSWORD)).json.error.code).toBe('reset_invalid');
    expect((await confirm('made-up', NEW_PASSWORD)).json.error.code).toBe('reset_invalid');
  });

  it('mails one address at most three times an hour', async () => {
    await t.signup('reset-flood@example.com');
    for (let i = 0; i < 5; i++) expect((await ask('reset-flood@example.com', `198.51.100.${30 + i}`)).status).toBe(200);
    expect(await db.listAccountMail(t.db, 'reset-flood@example.com')).toHaveLength(3);
  });

  it('lets Nimbus staff read account mail when no SMTP server is configured, and nobody else', async () => {
    const staff = await t.signup('staff@example.com');
    await t.call('POST', '/v1/teams', { cookie: staff.cookie, body: { name: 'Staff', slug: 'staff-team' } });
    const read = await t.call('GET', '/v1/admin/account-mail?to=reset@example.com', { cookie: staff.cookie });
    expect(read.status).toBe(200);
    expect(read.json.messages[0]).toMatchObject({ to: 'reset@example.com', subject: 'Reset your Nimbus password' });
    const outsider = await t.signup('outsider@example.com');
    expect((await t.call('GET', '/v1/admin/account-mail', { cookie: outsider.cookie })).status).toBe(403);
  });
});
