// Device login (`nimbus login`): the CLI's public calls, the dashboard's approval, and their error codes.

import { schema } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let ada: Awaited<ReturnType<Awaited<ReturnType<typeof createTestApi>>['signup']>>;

beforeAll(async () => {
  t = await createTestApi();
  ada = await t.signup('ada@example.com', 'Ada');
});
afterAll(() => t.close());

async function start(clientName = 'ada-laptop') {
  const res = await t.call('POST', '/v1/device/code', { body: { client_name: clientName } });
  expect(res.status).toBe(200);
  return res.json as {
    device_code: string;
    user_code: string;
    verification_uri: string;
    verification_uri_complete: string;
    expires_in: number;
    interval: number;
  };
}
const poll = (deviceCode: string) => t.call('POST', '/v1/device/token', { body: { device_code: deviceCode } });
/** Lets the next poll through without waiting the real interval. */
const forgetLastPoll = (userCode: string) =>
  t.db.update(schema.deviceCodes).set({ lastPolledAt: null }).where(eq(schema.deviceCodes.userCode, userCode));

describe('device login', () => {
  it('issues a readable user code with dashboard URLs, a 10 minute lifetime and a 5 s interval', async () => {
    const code = await start();
    expect(code.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(code.verification_uri).toBe(`${ORIGIN}/device`);
    expect(code.verification_uri_complete).toBe(`${ORIGIN}/device?code=${code.user_code}`);
    expect(code.expires_in).toBeGreaterThan(590);
    expect(code.interval).toBe(5);
    const [row] = await t.db.select().from(schema.deviceCodes).where(eq(schema.deviceCodes.userCode, code.user_code));
    expect(row!.deviceCodeHash).not.toContain(code.device_code);
  });

  it('answers authorization_pending, then slow_down when polled too fast', async () => {
    const code = await start();
    const pending = await poll(code.device_code);
    expect(pending.status).toBe(400);
    expect(pending.json.error.code).toBe('authorization_pending');
    const fast = await poll(code.device_code);
    expect(fast.json.error.code).toBe('slow_down');
  });

  it('turns an approval in the dashboard into one working CLI token, usable once', async () => {
    const code = await start('build-box');
    const shown = await t.call('GET', `/v1/device/${code.user_code.toLowerCase().replace('-', '')}`, {
      cookie: ada.cookie,
    });
    expect(shown.json).toMatchObject({ userCode: code.user_code, clientName: 'build-box', status: 'pending' });
    const approved = await t.call('POST', `/v1/device/${code.user_code}/approve`, {
      cookie: ada.cookie,
      body: { teamId: 'ada-projects' },
    });
    expect(approved.json.status).toBe('approved');
    const granted = await poll(code.device_code);
    expect(granted.status).toBe(200);
    const me = await t.call('GET', '/v2/user', { token: granted.json.token });
    expect(me.json.user.username).toBe('ada');
    expect(granted.json.team_id).toBe(me.json.user.defaultTeamId);
    const tokens = await t.call('GET', '/v6/user/tokens', { token: granted.json.token });
    expect(tokens.json.tokens[0]).toMatchObject({ name: 'nimbus CLI on build-box', origin: 'cli' });
    await forgetLastPoll(code.user_code);
    expect((await poll(code.device_code)).json.error.code).toBe('expired_token');
    expect((await t.call('GET', `/v1/device/${code.user_code}`, { cookie: ada.cookie })).status).toBe(404);
  });

  it('tells the CLI access_denied after a denial', async () => {
    const code = await start();
    expect((await t.call('POST', `/v1/device/${code.user_code}/deny`, { cookie: ada.cookie })).json.status).toBe(
      'denied',
    );
    expect((await poll(code.device_code)).json.error.code).toBe('access_denied');
  });

  it('answers expired_token after ten minutes and for an unknown device code', async () => {
    const code = await start();
    await t.db
      .update(schema.deviceCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.deviceCodes.userCode, code.user_code));
    expect((await poll(code.device_code)).json.error.code).toBe('expired_token');
    expect((await poll('not-a-device-code')).json.error.code).toBe('expired_token');
  });

  it.each([
    [
      'an API token instead of the browser session',
      (c: string) => t.call('POST', `/v1/device/${c}/approve`, { token: ada.token }),
      403,
      'forbidden',
    ],
    [
      'a cross-site page',
      (c: string) =>
        t.call('POST', `/v1/device/${c}/approve`, { cookie: ada.cookie, headers: { origin: 'https://evil.example' } }),
      403,
      'forbidden_origin',
    ],
    ['nobody signed in', (c: string) => t.call('POST', `/v1/device/${c}/approve`), 403, 'not_authenticated'],
    ['a mistyped code', () => t.call('POST', '/v1/device/AAAA-0000/approve', { cookie: ada.cookie }), 404, 'not_found'],
    [
      'a team the approver is not in',
      (c: string) =>
        t.call('POST', `/v1/device/${c}/approve`, { cookie: ada.cookie, body: { teamId: 'someone-else' } }),
      404,
      'not_found',
    ],
  ])('refuses an approval from %s', async (_, approve, status, errorCode) => {
    const code = await start();
    const res = await approve(code.user_code);
    expect(res.status).toBe(status);
    expect(res.json.error.code).toBe(errorCode);
    await forgetLastPoll(code.user_code);
    expect((await poll(code.device_code)).json.error.code).toBe('authorization_pending');
  });
});
