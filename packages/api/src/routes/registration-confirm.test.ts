// Sign-up on a server that sends mail (SMTP_URL, a real smtp-server on loopback): the reply never
// tells whether an address has an account, and the mailed link finishes the sign-up once.
import * as db from '@nimbus/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../../../test/mail-catcher';
import { createTestApi, ORIGIN, signupToken } from '../testing';

const PASSWORD = 'correct horse battery';
let smtp: MailCatcher;
let t: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await createTestApi({ smtpUrl: smtp.url, signupLimitPerHour: 1000 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const register = (email: string, password = PASSWORD, name: string | null = null) =>
  t.call('POST', '/v2/registration', { body: { email, password, name }, headers: { origin: ORIGIN } });
const confirm = (token: string) =>
  t.call('POST', '/v2/registration/confirm', { body: { token }, headers: { origin: ORIGIN } });
const mailTo = (email: string) => smtp.mails.filter((m) => m.to === email);
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
/** An account made directly, the way a sign-up without mail makes one. */
const existing = (email: string) => db.registerUser(t.db, { email, password: PASSWORD });

describe('sign-up with mail', () => {
  it('answers a new and a registered address alike, and mails the link or the notice', async () => {
    const owner = await existing('taken@example.com');
    const taken = await register('taken@example.com', 'a different sturdy phrase');
    const fresh = await register('fresh@example.com');
    expect(taken.status).toBe(202);
    expect(fresh.status).toBe(202);
    expect(taken.res.headers.getSetCookie()).toEqual([]);
    expect(fresh.res.headers.getSetCookie()).toEqual([]);
    const words = (reply: { json: { message: string } }, email: string) => ({
      ...reply.json,
      message: reply.json.message.replace(email, '<email>'),
    });
    expect(words(taken, 'taken@example.com')).toEqual(words(fresh, 'fresh@example.com'));
    expect(fresh.json).toEqual({
      pending: true,
      message: 'Check fresh@example.com: we sent a link to finish signing up. It works once, for an hour.',
    });

    const [notice] = mailTo('taken@example.com');
    expect(notice!.body).toContain('Someone tried to sign up to Nimbus with your address');
    expect(notice!.body).toContain(`${ORIGIN}/forgot-password`);
    expect(notice!.body).not.toContain('/signup/confirm');
    const [link] = mailTo('fresh@example.com');
    expect(link!.body).toContain(`${ORIGIN}/signup/confirm?token=${await signupToken(t.db, 'fresh@example.com')}`);

    // Nothing changed for the owner: the old password still works, and no account waits for the address.
    expect(await db.checkLogin(t.db, 'taken@example.com', PASSWORD)).toMatchObject({ id: owner.id });
    const pending = await t.db.select().from(db.schema.pendingSignups);
    expect(pending.map((p) => p.email)).toEqual(['fresh@example.com']);
    expect(await db.userByEmail(t.db, 'fresh@example.com')).toBeNull();
  });

  it('takes about as long for a registered address as for a new one', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      expect((await register(email)).status).toBe(202);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const news: number[] = [];
    const registered: number[] = [];
    for (let i = 0; i < 5; i++) {
      await existing(`timed-taken-${i}@example.com`);
      registered.push(await time(`timed-taken-${i}@example.com`));
      news.push(await time(`timed-new-${i}@example.com`));
    }
    const [fast, slow] = [median(news), median(registered)].sort((a, b) => a - b);
    expect(slow! / fast!).toBeLessThan(3);
  });

  it('checks the fields as before: the password rule and the address', async () => {
    const weak = await register('weak@example.com', 'password');
    expect(weak.status).toBe(400);
    expect(weak.json.error.code).toBe('weak_password');
    expect((await register('not-an-email')).json.error.code).toBe('bad_request');
    expect(mailTo('weak@example.com')).toHaveLength(0);
  });

  it('signs up and logs in once with the link, keeping the name and password given', async () => {
    await register('once@example.com', PASSWORD, 'Once');
    const token = await signupToken(t.db, 'once@example.com');
    const stored = await t.db.select().from(db.schema.pendingSignups);
    expect(stored.some((r) => r.tokenHash === db.sha256(token))).toBe(true);
    expect(stored.some((r) => r.tokenHash === token || r.passwordHash === PASSWORD)).toBe(false);

    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(done.json.user).toMatchObject({ email: 'once@example.com', name: 'Once', username: 'once' });
    expect(done.res.headers.getSetCookie().join('\n')).toMatch(/nimbus_session=[^;]+;.*HttpOnly/);
    const session = await t.call('GET', '/www/user', { cookie: cookieOf(done.res) });
    expect(session.json.user.email).toBe('once@example.com');
    expect(await db.checkLogin(t.db, 'once@example.com', PASSWORD)).not.toBeNull();
    expect(await t.db.select().from(db.schema.pendingSignups)).not.toContainEqual(
      expect.objectContaining({ email: 'once@example.com' }),
    );

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: 'signup_invalid' });
    // Signing up again now only tells the owner.
    expect((await register('once@example.com')).status).toBe(202);
    expect(mailTo('once@example.com').at(-1)!.body).toContain('Someone tried to sign up to Nimbus with your address');
  });

  it('refuses an expired link and an unknown one, and prunes expired sign-ups', async () => {
    await register('late@example.com');
    const token = await signupToken(t.db, 'late@example.com');
    await t.db.update(db.schema.pendingSignups).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await confirm(token)).json.error.code).toBe('signup_invalid');
    expect((await confirm('made-up')).status).toBe(400);
    expect(await db.userByEmail(t.db, 'late@example.com')).toBeNull();

    await register('prompt@example.com');
    const emails = (await t.db.select().from(db.schema.pendingSignups)).map((p) => p.email);
    expect(emails).toEqual(['prompt@example.com']);
  });

  it('replaces an earlier pending sign-up: only the newest link works', async () => {
    await register('twice@example.com', 'first sturdy phrase here', 'First');
    const first = await signupToken(t.db, 'twice@example.com');
    await new Promise((r) => setTimeout(r, 5));
    await register('twice@example.com', 'second sturdy phrase here', 'Second');
    const second = await signupToken(t.db, 'twice@example.com');
    expect(second).not.toBe(first);
    expect((await confirm(first)).json.error.code).toBe('signup_invalid');
    const done = await confirm(second);
    expect(done.json.user.name).toBe('Second');
    expect(await db.checkLogin(t.db, 'twice@example.com', 'second sturdy phrase here')).not.toBeNull();
  });

  it('answers 409 when the address got an account before the link was used', async () => {
    await register('race@example.com');
    const token = await signupToken(t.db, 'race@example.com');
    await existing('race@example.com');
    const late = await confirm(token);
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('email_taken');
  });

  it('stops mailing one address after a few sign-ups an hour, with the same reply', async () => {
    const replies = [];
    for (let i = 0; i < 7; i++) replies.push((await register('flood@example.com')).json);
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(mailTo('flood@example.com')).toHaveLength(5);
  });
});
