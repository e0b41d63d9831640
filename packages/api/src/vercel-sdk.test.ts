// The official @vercel/sdk against Nimbus: every call must pass the SDK's own response validation.
import { Vercel } from '@vercel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, listen } from './testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let sdk: Vercel;
let user: { id: string; username: string };

beforeAll(async () => {
  t = await createTestApi();
  server = await listen(t.app);
  const signed = await t.signup('sdk@example.com', 'Sdk User');
  user = signed.user;
  sdk = new Vercel({ bearerToken: signed.token, serverURL: server.url });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('@vercel/sdk', () => {
  it('user.getAuthUser returns the northstar user', async () => {
    const me = (await sdk.user.getAuthUser())!.user;
    expect(me).toMatchObject({ id: user.id, username: 'sdk', email: 'sdk@example.com' });
    expect(me.defaultTeamId).toMatch(/^team_/);
  });

  it('teams.createTeam, getTeams and getTeam agree', async () => {
    const created = await sdk.teams.createTeam({ slug: 'sdk-team', name: 'SDK Team' });
    expect(created).toMatchObject({ slug: 'sdk-team' });
    const { teams } = await sdk.teams.getTeams({});
    expect(teams.map((x) => x.slug)).toEqual(['sdk', 'sdk-team']);
    const team = await sdk.teams.getTeam({ teamId: created.id });
    expect(team).toMatchObject({ id: created.id, slug: 'sdk-team', name: 'SDK Team' });
  });

  it('teams.getTeamMembers lists the owner', async () => {
    const { teams } = await sdk.teams.getTeams({});
    const res = await sdk.teams.getTeamMembers({ teamId: teams[1]!.id });
    expect(res.members).toEqual([expect.objectContaining({ uid: user.id, role: 'OWNER' })]);
  });

  it('authentication: create, list, get and delete a token', async () => {
    const created = await sdk.authentication.createAuthToken({ requestBody: { name: 'from sdk' } });
    expect(created.bearerToken).toMatch(/^nmb_[A-Za-z0-9]+$/);
    const { tokens } = await sdk.authentication.listAuthTokens();
    expect(tokens.map((x) => x.name)).toContain('from sdk');
    const one = await sdk.authentication.getAuthToken({ tokenId: created.token.id });
    expect(one.token.name).toBe('from sdk');
    const deleted = await sdk.authentication.deleteAuthToken({ tokenId: created.token.id });
    expect(deleted.tokenId).toBe(created.token.id);
    const after = await sdk.authentication.listAuthTokens();
    expect(after.tokens.map((x) => x.name)).not.toContain('from sdk');
  });
});
