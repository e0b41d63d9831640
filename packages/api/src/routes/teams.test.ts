import { TEAM_NAME_INVALID, TEAM_NAME_REQUIRED } from '@nimbus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe('teams', () => {
  it('validates team names with the two messages of docs/spec.md', async () => {
    const { token } = await t.signup('names@example.com');
    const empty = await t.call('POST', '/v1/teams', { token, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe(TEAM_NAME_REQUIRED);
    const bad = await t.call('POST', '/v1/teams', { token, body: { name: 'Hello <world>' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe(TEAM_NAME_INVALID);
    const ok = await t.call('POST', '/v1/teams', { token, body: { name: "Zoë's Team_1" } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ name: "Zoë's Team_1", slug: 'zoe-s-team-1' });
  });

  it('refuses reserved and taken slugs and lets owners rename and re-slug', async () => {
    const { token } = await t.signup('slugs@example.com');
    for (const slug of ['pricing', 'api', 'v3', 'vercel', 'login', 'docs', 'nimbus-staff']) {
      const r = await t.call('POST', '/v1/teams', { token, body: { name: 'Reserved', slug } });
      expect(r.status, slug).toBe(400);
      expect(r.json.error.code).toBe('invalid_slug');
    }
    const first = await t.call('POST', '/v1/teams', { token, body: { name: 'First', slug: 'first-co' } });
    const taken = await t.call('POST', '/v1/teams', { token, body: { name: 'Again', slug: 'first-co' } });
    expect(taken.status).toBe(409);
    const personalTaken = await t.call('POST', '/v1/teams', { token, body: { name: 'Mine', slug: 'slugs' } });
    expect(personalTaken.status).toBe(409);
    const patched = await t.call('PATCH', `/v2/teams/${first.json.id}`, {
      token,
      body: { name: 'First Company', slug: 'first-company' },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: 'First Company', slug: 'first-company' });
    expect((await t.call('GET', '/teams/first-company', { token })).json.id).toBe(first.json.id);
  });

  it('sorts by name then slug with the default team first (docs/spec.md)', async () => {
    const { token } = await t.signup('sorter@example.com', 'Zed');
    await t.call('POST', '/v1/teams', { token, body: { name: 'beta', slug: 'beta-2' } });
    await t.call('POST', '/v1/teams', { token, body: { name: 'Alpha', slug: 'alpha-x' } });
    await t.call('POST', '/v1/teams', { token, body: { name: 'beta', slug: 'beta-1' } });
    const { json } = await t.call('GET', '/v2/teams', { token });
    expect(json.teams.map((x: { slug: string }) => x.slug)).toEqual(['sorter-projects', 'alpha-x', 'beta-1', 'beta-2']);
    expect(json.pagination).toEqual({ count: 4, next: null, prev: null });
  });

  it('hides teams from non-members and deletes only for owners', async () => {
    const owner = await t.signup('owner1@example.com');
    const stranger = await t.signup('stranger@example.com');
    const team = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Private' } });
    expect((await t.call('GET', `/v2/teams/${team.json.id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/teams/${team.json.id}`, { token: stranger.token })).status).toBe(404);
    const personal = (await t.call('GET', '/v2/user', { token: owner.token })).json.user.defaultTeamId;
    const noPersonal = await t.call('DELETE', `/v1/teams/${personal}`, { token: owner.token });
    expect(noPersonal.status).toBe(403);
    expect((await t.call('DELETE', `/v1/teams/${team.json.id}`, { token: owner.token })).status).toBe(200);
    expect((await t.call('GET', `/v2/teams/${team.json.id}`, { token: owner.token })).status).toBe(404);
  });

  it('treats teamId equal to the user id as the personal scope', async () => {
    const { token, user } = await t.signup('personal-scope@example.com');
    const res = await t.call('GET', `/v3/teams/${user.defaultTeamId}/members?teamId=${user.id}`, { token });
    expect(res.status).toBe(200);
  });
});

describe('members and invitations', () => {
  it('invites by e-mail, keeps the link in the outbox without SMTP, and the invitee accepts', async () => {
    const owner = await t.signup('inviter@example.com');
    const team = await t.proTeam(owner.token, 'Invite Co');
    const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'Invitee@example.com', role: 'DEVELOPER' },
    });
    expect(invite.status).toBe(200);
    expect(invite.json).toMatchObject({ email: 'invitee@example.com', role: 'DEVELOPER', delivered: false });
    const outbox = await t.call('GET', `/v1/teams/${team.json.id}/outbox`, { token: owner.token });
    expect(outbox.json.messages[0]).toMatchObject({ to: 'invitee@example.com', link: invite.json.link, sentAt: null });
    const secret = invite.json.link.split('/invite/')[1];

    const wrong = await t.signup('someone-else@example.com');
    const refused = await t.call('POST', `/v1/invitations/${secret}/accept`, { token: wrong.token });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toContain('invitee@example.com');

    // The link tells a logged-out visitor which team it is for; a made-up one is a 404.
    const preview = await t.call('GET', `/v1/invitations/${secret}`);
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      email: 'invitee@example.com',
      role: 'DEVELOPER',
      team: { id: team.json.id, slug: team.json.slug, name: 'Invite Co' },
    });
    expect((await t.call('GET', `/v1/invitations/${secret}x`)).status).toBe(404);
    expect((await t.call('POST', `/v1/invitations/${secret}/accept`)).status).toBe(403);

    const invitee = await t.signup('invitee@example.com');
    const info = await t.call('GET', `/v1/invitations/${secret}`, { token: invitee.token });
    expect(info.json).toMatchObject({ role: 'DEVELOPER', team: { slug: team.json.slug } });
    expect((await t.call('POST', `/v1/invitations/${secret}/accept`, { token: invitee.token })).status).toBe(200);
    const members = await t.call('GET', `/v3/teams/${team.json.id}/members`, { token: invitee.token });
    expect(members.json.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['inviter@example.com', 'OWNER'],
      ['invitee@example.com', 'DEVELOPER'],
    ]);
    expect((await t.call('POST', `/v1/invitations/${secret}/accept`, { token: invitee.token })).status).toBe(404);
  });

  it('gives owners a pending invitation link again and resends it; others see no link', async () => {
    const owner = await t.signup('resender@example.com');
    const viewer = await t.signup('resend-viewer@example.com');
    const team = await t.proTeam(owner.token, 'Resend Co');
    const invite = async (email: string, role: string) =>
      (await t.call('POST', `/v1/teams/${team.json.id}/members`, { token: owner.token, body: { email, role } })).json;
    const first = await invite('resend-viewer@example.com', 'VIEWER');
    await t.call('POST', `/v1/invitations/${first.link.split('/invite/')[1]}/accept`, { token: viewer.token });
    const pending = await invite('later@example.com', 'DEVELOPER');

    const listed = await t.call('GET', `/v1/teams/${team.json.id}/invitations`, { token: owner.token });
    expect(listed.json.invitations).toEqual([
      expect.objectContaining({ email: 'later@example.com', link: pending.link }),
    ]);
    const seen = await t.call('GET', `/v1/teams/${team.json.id}/invitations`, { token: viewer.token });
    expect(seen.json.invitations[0]).not.toHaveProperty('link');

    const before = listed.json.invitations[0].expiresAt;
    const resent = await t.call('POST', `/v1/teams/${team.json.id}/invitations/${pending.id}/resend`, {
      token: owner.token,
    });
    expect(resent.status).toBe(200);
    expect(resent.json).toEqual({
      id: pending.id,
      email: 'later@example.com',
      role: 'DEVELOPER',
      link: pending.link,
      delivered: false,
    });
    const after = await t.call('GET', `/v1/teams/${team.json.id}/invitations`, { token: owner.token });
    expect(after.json.invitations[0].expiresAt).toBeGreaterThanOrEqual(before);
    const denied = await t.call('POST', `/v1/teams/${team.json.id}/invitations/${pending.id}/resend`, {
      token: viewer.token,
    });
    expect(denied.status).toBe(403);
    const unknown = await t.call('POST', `/v1/teams/${team.json.id}/invitations/inv_nope/resend`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('keeps a Hobby team to its one member: inviting and accepting past the limit ask to upgrade', async () => {
    const owner = await t.signup('hobby-owner@example.com');
    const guest = await t.signup('hobby-guest@example.com');
    const team = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Hobby Co' } });
    const refused = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'hobby-guest@example.com', role: 'MEMBER' },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'plan_limit', limit: 1, plan: 'hobby' });
    expect(refused.json.error.message).toBe(
      'The Hobby plan allows 1 member. Upgrade Hobby Co to Pro in Settings → Billing to add more.',
    );

    // Invited while on Pro, then moved back to Hobby: the link no longer adds a member.
    await t.call('POST', `/v1/plan/change?teamId=${team.json.id}`, { token: owner.token, body: { plan: 'pro' } });
    const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'hobby-guest@example.com', role: 'MEMBER' },
    });
    expect(invite.status).toBe(200);
    await t.call('POST', `/v1/plan/change?teamId=${team.json.id}`, { token: owner.token, body: { plan: 'hobby' } });
    const secret = invite.json.link.split('/invite/')[1];
    const late = await t.call('POST', `/v1/invitations/${secret}/accept`, { token: guest.token });
    expect(late.status).toBe(403);
    expect(late.json.error.code).toBe('plan_limit');
    const members = await t.call('GET', `/v3/teams/${team.json.id}/members`, { token: owner.token });
    expect(members.json.members).toHaveLength(1);
  });

  it('checks roles: a VIEWER cannot invite, rename or change roles; owners can', async () => {
    const owner = await t.signup('boss@example.com');
    const viewer = await t.signup('watcher@example.com');
    const team = await t.proTeam(owner.token, 'Roles Co');
    const inv = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'watcher@example.com', role: 'VIEWER' },
    });
    await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: viewer.token });

    const denied = [
      await t.call('POST', `/v1/teams/${team.json.id}/members`, {
        token: viewer.token,
        body: { email: 'x@example.com', role: 'OWNER' },
      }),
      await t.call('PATCH', `/v2/teams/${team.json.id}`, { token: viewer.token, body: { name: 'Hijacked' } }),
      await t.call('PATCH', `/v1/teams/${team.json.id}/members/${owner.user.id}`, {
        token: viewer.token,
        body: { role: 'VIEWER' },
      }),
      await t.call('DELETE', `/v1/teams/${team.json.id}/members/${owner.user.id}`, { token: viewer.token }),
    ];
    for (const r of denied) {
      expect(r.status).toBe(403);
      expect(r.json.error.message).toMatch(/VIEWER/);
    }
    const promoted = await t.call('PATCH', `/v1/teams/${team.json.id}/members/${viewer.user.id}`, {
      token: owner.token,
      body: { role: 'MEMBER' },
    });
    expect(promoted.json).toEqual({ uid: viewer.user.id, role: 'MEMBER' });
    const badRole = await t.call('PATCH', `/v1/teams/${team.json.id}/members/${viewer.user.id}`, {
      token: owner.token,
      body: { role: 'KING' },
    });
    expect(badRole.status).toBe(400);
  });

  it('keeps the last owner: cannot leave or be demoted; a member can leave', async () => {
    const owner = await t.signup('solo@example.com');
    const member = await t.signup('leaver@example.com');
    const team = await t.proTeam(owner.token, 'Solo Co');
    const inv = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'leaver@example.com', role: 'MEMBER' },
    });
    await t.call('POST', `/v1/invitations/${inv.json.link.split('/invite/')[1]}/accept`, { token: member.token });

    const leave = await t.call('DELETE', `/v1/teams/${team.json.id}/members/me`, { token: owner.token });
    expect(leave.status).toBe(400);
    expect(leave.json.error.code).toBe('last_owner');
    const demote = await t.call('PATCH', `/v1/teams/${team.json.id}/members/${owner.user.id}`, {
      token: owner.token,
      body: { role: 'MEMBER' },
    });
    expect(demote.json.error.code).toBe('last_owner');
    expect((await t.call('DELETE', `/v1/teams/${team.json.id}/members/me`, { token: member.token })).status).toBe(200);
    expect((await t.call('GET', `/v2/teams/${team.json.id}`, { token: member.token })).status).toBe(404);
  });
});
