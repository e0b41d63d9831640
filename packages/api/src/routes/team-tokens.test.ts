// A token limited to one team acts inside that team only: it mints no tokens, sees and revokes only
// itself, and cannot change the account. A token for all teams and the browser session still can.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let cookie: string;
let limited: { id: string; bearer: string };
let otherTokenId: string;
let teamId: string;

beforeAll(async () => {
  t = await createTestApi();
  const account = await t.signup('limited@example.com');
  cookie = account.cookie;
  teamId = (await t.call('POST', '/v1/teams', { cookie, body: { name: 'Only Team' } })).json.id;
  const made = await t.call('POST', '/v3/user/tokens', { cookie, body: { name: 'ci', teamId } });
  limited = { id: made.json.token.id, bearer: made.json.bearerToken };
  otherTokenId = (await t.call('GET', '/v5/user/tokens/current', { token: account.token })).json.token.id;
});
afterAll(() => t.close());

const A_TEAM_LIMITED_TOKEN = /team-limited token/;

describe('a team-limited token', () => {
  it.each([
    ['POST', '/v3/user/tokens', { name: 'more' }, /Only user authentication tokens can be used to create new tokens/],
    ['POST', '/v3/user/tokens?teamId=', { name: 'same team' }, /Only user authentication tokens/],
    ['GET', '/v5/user/tokens/OTHER', undefined, A_TEAM_LIMITED_TOKEN],
    ['DELETE', '/v3/user/tokens/OTHER', undefined, A_TEAM_LIMITED_TOKEN],
    ['PATCH', '/v2/user', { name: 'Mallory' }, A_TEAM_LIMITED_TOKEN],
    ['PATCH', '/v2/user', { defaultTeamId: 'TEAM' }, A_TEAM_LIMITED_TOKEN],
    ['POST', '/v1/user/password', { currentPassword: 'x', newPassword: 'sturdy maple lantern' }, A_TEAM_LIMITED_TOKEN],
    ['GET', '/v1/user/sessions', undefined, A_TEAM_LIMITED_TOKEN],
    ['DELETE', '/v1/user/sessions', undefined, A_TEAM_LIMITED_TOKEN],
    ['DELETE', '/v1/user/sessions/ses_any', undefined, A_TEAM_LIMITED_TOKEN],
  ])('is refused %s %s with 403 and a message', async (method, path, body, message) => {
    const resolved = path.replace('OTHER', otherTokenId).replace('teamId=', `teamId=${teamId}`);
    const res = await t.call(method, resolved, {
      token: limited.bearer,
      body: typeof body === 'object' && body && 'defaultTeamId' in body ? { defaultTeamId: teamId } : body,
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(message) });
  });

  it('lists and reads only itself', async () => {
    const list = await t.call('GET', '/v6/user/tokens', { token: limited.bearer });
    expect(list.status).toBe(200);
    expect(list.json.tokens.map((tok: { id: string }) => tok.id)).toEqual([limited.id]);
    expect((await t.call('GET', '/v5/user/tokens/current', { token: limited.bearer })).json.token.id).toBe(limited.id);
  });

  it('still works inside its team and may revoke itself (vercel logout)', async () => {
    expect((await t.call('GET', `/v2/teams/${teamId}`, { token: limited.bearer })).status).toBe(200);
    const self = await t.call('DELETE', '/v3/user/tokens/current', { token: limited.bearer });
    expect(self.status).toBe(200);
    expect((await t.call('GET', '/v2/user', { token: limited.bearer })).status).toBe(403);
  });

  it('leaves the session and tokens for all teams their powers', async () => {
    const viaSession = await t.call('GET', '/v6/user/tokens', { cookie });
    expect(viaSession.json.tokens.length).toBeGreaterThanOrEqual(1);
    const full = await t.call('POST', '/v3/user/tokens', { cookie, body: { name: 'full' } });
    const minted = await t.call('POST', '/v3/user/tokens', { token: full.json.bearerToken, body: { name: 'minted' } });
    expect(minted.status).toBe(200);
    expect((await t.call('PATCH', '/v2/user', { token: full.json.bearerToken, body: { name: 'Ada' } })).status).toBe(
      200,
    );
  });
});
