// Fraud detection (spec 1): the score's rules, the script's session cookie, and what sign-up does with
// a session's score: 70 or more refuses it with a message (never silently), 40 or more counts twice
// against the per-IP limit, outside production nothing is refused. Staff read the scores.
import { riskOfUsers, riskSession } from '@nimbus/db';
import { afterEach, describe, expect, it } from 'vitest';
import { RISK_COOKIE, RISK_LIMIT_SCORE, RISK_REFUSE_SCORE, riskScore } from './services/risk';
import { RISK_REFUSED_MESSAGE } from './services/session';
import { createTestApi } from './testing';

const HUMAN = {
  webdriver: false,
  formMs: 12_000,
  pointerEvents: 80,
  keyEvents: 40,
  timeZone: 'Europe/Paris',
  language: 'fr-FR',
  languages: 2,
  plugins: 5,
  outerWidth: 1280,
};
const BOT = { ...HUMAN, webdriver: true, formMs: 300, pointerEvents: 0, keyEvents: 0 };

describe('riskScore', () => {
  it('pins the thresholds', () => {
    expect([RISK_LIMIT_SCORE, RISK_REFUSE_SCORE]).toEqual([40, 70]);
  });

  it('scores a person filling the form by hand 0', () => {
    expect(riskScore(HUMAN, { userAgent: 'Mozilla/5.0 (X11) Chrome/130', acceptLanguage: 'fr-FR,fr;q=0.9' })).toEqual({
      score: 0,
      reasons: [],
    });
  });

  it('adds each reason and caps the score at 100', () => {
    expect(riskScore({ ...HUMAN, webdriver: true }).score).toBe(60);
    expect(riskScore({ ...HUMAN, formMs: 1000 })).toEqual({ score: 40, reasons: ['form_too_fast'] });
    expect(riskScore({ ...HUMAN, formMs: 2000 })).toEqual({ score: 20, reasons: ['form_fast'] });
    expect(riskScore({ ...HUMAN, pointerEvents: 0, keyEvents: 0 }).reasons).toEqual(['no_pointer_or_keys']);
    expect(riskScore(HUMAN, { acceptLanguage: 'en-US,en;q=0.8' })).toEqual({
      score: 10,
      reasons: ['language_mismatch'],
    });
    expect(riskScore({ ...HUMAN, timeZone: 'Etc/UTC' }).reasons).toEqual(['utc_time_zone']);
    expect(riskScore({}, { userAgent: 'Mozilla/5.0 HeadlessChrome/130' })).toEqual({
      score: 50,
      reasons: ['headless_user_agent'],
    });
    expect(riskScore({ ...HUMAN, plugins: 0, languages: 0, outerWidth: 0 }).score).toBe(35);
    expect(riskScore(BOT, { userAgent: 'HeadlessChrome' }).score).toBe(100);
  });
});

describe('fraud detection at sign-up', () => {
  let api: Awaited<ReturnType<typeof createTestApi>>;
  afterEach(() => api.close());

  /** A browser session: fetches the script (its cookie), posts signals, signs up with that cookie. */
  async function session(signals: Record<string, unknown>) {
    const script = await api.call('GET', '/v1/risk/script.js');
    expect(script.status).toBe(200);
    expect(script.res.headers.get('content-type')).toContain('javascript');
    expect(await script.res.text()).toContain('/api/v1/risk/signals');
    const setCookie = script.res.headers.get('set-cookie')!;
    // A session cookie: no expiry, not readable by scripts.
    expect(setCookie).toMatch(new RegExp(`^${RISK_COOKIE}=[A-Za-z0-9]{24}; Path=/; HttpOnly; SameSite=Lax$`));
    const cookie = setCookie.split(';')[0]!;
    expect((await api.call('POST', '/v1/risk/signals', { cookie, body: signals })).status).toBe(200);
    return cookie;
  }

  const signUp = (cookie: string, email: string) =>
    api.call('POST', '/v2/registration', {
      cookie,
      body: { email, password: 'correct horse battery', name: null },
    });

  it('refuses a sign-up whose session scores 70 or more, saying why, and records it', async () => {
    api = await createTestApi();
    const cookie = await session(BOT);
    const res = await signUp(cookie, 'bot@example.com');
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: 'forbidden', message: RISK_REFUSED_MESSAGE, reason: 'risk' });
    const stored = await riskSession(api.db, cookie.split('=')[1]!);
    expect(stored).toMatchObject({ score: 100, outcome: 'refused', userId: null });
    expect(stored!.reasons).toEqual(['webdriver', 'form_too_fast', 'no_pointer_or_keys']);
  });

  it('lets a person sign up and keeps the score with the new user', async () => {
    api = await createTestApi();
    const cookie = await session(HUMAN);
    const res = await signUp(cookie, 'person@example.com');
    expect(res.status).toBe(200);
    expect(await riskOfUsers(api.db, [res.json.user.id])).toMatchObject([{ score: 0, outcome: 'allowed' }]);
  });

  it('counts a doubtful session twice against the per-IP sign-up limit', async () => {
    api = await createTestApi({ signupLimitPerHour: 2 });
    const doubtful = await session({ ...HUMAN, formMs: 1000 });
    expect((await signUp(doubtful, 'doubt@example.com')).status).toBe(200);
    const next = await signUp(await session(HUMAN), 'next@example.com');
    expect(next.status).toBe(429);
  });

  it('records but does not refuse outside production', async () => {
    api = await createTestApi({ environment: 'development' });
    const cookie = await session(BOT);
    expect((await signUp(cookie, 'journey@example.com')).status).toBe(200);
    expect(await riskSession(api.db, cookie.split('=')[1]!)).toMatchObject({ score: 100, outcome: 'allowed' });
  });

  it('refuses bad signals and lists scores for staff only', async () => {
    api = await createTestApi();
    const cookie = await session(BOT);
    expect((await api.call('POST', '/v1/risk/signals', { cookie, body: { webdriver: 'yes' } })).status).toBe(400);
    expect((await api.call('POST', '/v1/risk/signals', { cookie, body: { extra: 1 } })).status).toBe(400);
    await signUp(cookie, 'bot2@example.com');
    const user = await api.signup('someone@example.com');
    expect((await api.call('GET', '/v1/admin/risk', { token: user.token })).status).toBe(403);
    await api.call('POST', '/v1/teams', { token: user.token, body: { name: 'Staff', slug: 'staff-team' } });
    const list = await api.call('GET', '/v1/admin/risk', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.json.sessions[0]).toMatchObject({
      score: 100,
      outcome: 'refused',
      reasons: ['webdriver', 'form_too_fast', 'no_pointer_or_keys'],
    });
  });
});
