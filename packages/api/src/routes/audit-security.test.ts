// The audit log of security and domain changes: team and project domains (with a takeover seen by
// both teams), aliases, deployment protection and bypass secrets, two-factor (in the personal team
// and the teams that require it), team two-factor enforcement, SAML single sign-on (settings,
// just-in-time joins, sign-ins) and account changes. Each change is exactly one event with its actor,
// target and team; the protection password, bypass secrets and the TOTP secret appear nowhere.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';
import { startTestDns, startTestIdp, type TestIdp } from '../sso-testing';
import { ORIGIN } from '../testing';

const PASSWORD = 'correct horse battery';
const PROTECTION_PASSWORD = 'protect-me-not-in-the-log-31337';
const BYPASS_SECRET = 'BypassSecretNeverLogged000000042';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let idp: TestIdp;
let dns: Awaited<ReturnType<typeof startTestDns>>;
const records = new Map<string, string[]>();
type User = Awaited<ReturnType<typeof t.signup>>;
let owner: User;
let rival: User;
let dev: User;
let teamId: string;
const slug = 'sec-co';
const q = () => `?teamId=${teamId}`;
/** Every secret a test handed the API or got back from it: none may appear in the audit log. */
const secrets: string[] = [PROTECTION_PASSWORD, BYPASS_SECRET];

type Event = {
  id: string;
  action: string;
  text: string;
  type?: string;
  userId: string;
  target: { type: string; id: string; name: string | null };
  payload: Record<string, unknown>;
};

/** Every event of a team (the caller's default team without `teamId`), newest first, with payloads. */
async function events(cookie: string, team?: string): Promise<Event[]> {
  const all: Event[] = [];
  let until = '';
  for (;;) {
    const scope = team ? `teamId=${team}&` : '';
    const res = await t.call('GET', `/v3/events?${scope}limit=100&withPayload=true${until}`, { cookie });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    all.push(...res.json.events);
    for (const secret of secrets) expect(JSON.stringify(res.json)).not.toContain(secret);
    if (res.json.pagination.next === null) return all;
    until = `&until=${res.json.pagination.next}`;
  }
}

/** Events of one request in a fixed order: those made in the same millisecond come back in any order. */
const byAction = (list: Event[]) => [...list].sort((a, b) => a.action.localeCompare(b.action));

/** Runs `change` and answers the events it added to the team `reader` reads (by id, oldest first). */
async function added(reader: { cookie: string }, team: string | undefined, change: () => Promise<unknown>) {
  const before = new Set((await events(reader.cookie, team)).map((e) => e.id));
  await change();
  return (await events(reader.cookie, team)).filter((e) => !before.has(e.id)).reverse();
}

async function ok(method: string, path: string, who: { cookie?: string; token?: string }, body?: unknown) {
  const auth = who.token ? { token: who.token } : { cookie: who.cookie };
  const res = await t.call(method, path, { ...auth, body });
  expect([200, 204], `${method} ${path}: ${JSON.stringify(res.json)}`).toContain(res.status);
  return res.json;
}

const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

beforeAll(async () => {
  dns = await startTestDns(records);
  idp = await startTestIdp();
  t = await createEngineTestApi({
    worker: {},
    api: { dns: { servers: [dns.server], edgeIPv4: [], edgeIPv6: [], cnameTarget: null } },
  });
  owner = await t.signup('sec-owner@example.com');
  rival = await t.signup('sec-rival@example.com');
  dev = await t.signup('sec-dev@example.com');
  teamId = (await t.proTeam(owner.token, 'Sec Co')).json.id;
  await ok('PATCH', `/v2/teams/${teamId}`, owner, { slug });
  const invite = await ok('POST', `/v1/teams/${teamId}/members`, owner, { email: dev.user.email, role: 'DEVELOPER' });
  await ok('POST', `/v1/invitations/${invite.link.split('/invite/')[1]}/accept`, dev);
  await ok('POST', `/v10/projects${q()}`, owner, { name: 'web' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
  dns?.close();
});

describe('domains and aliases', () => {
  it('records a team domain added and verified, by its owner, in the team', async () => {
    const [add] = await added(owner, teamId, () => ok('POST', `/v7/domains${q()}`, owner, { name: 'sec.test' }));
    expect(add).toMatchObject({
      action: 'domain.added',
      type: 'domain',
      userId: owner.user.id,
      target: { type: 'domain', name: 'sec.test', id: expect.stringMatching(/^dom_/) },
      text: 'sec-owner added the domain sec.test',
    });
    const proof = (await ok('GET', `/v5/domains/sec.test${q()}`, owner)).domain.verification[0];
    records.set(proof.domain, [proof.value]);
    const verified = await added(owner, teamId, () => ok('POST', `/v6/domains/sec.test/verify${q()}`, owner));
    expect(verified).toEqual([expect.objectContaining({ action: 'domain.verified', target: add!.target })]);
    // Checking again changes nothing: no event.
    expect(await added(owner, teamId, () => ok('POST', `/v6/domains/sec.test/verify${q()}`, owner))).toEqual([]);
  });

  it('records project domains added, changed (redirect) and removed', async () => {
    const adds = await added(owner, teamId, async () => {
      await ok('POST', `/v10/projects/web/domains${q()}`, owner, { name: 'sec.test' });
      await ok('POST', `/v10/projects/web/domains${q()}`, owner, { name: 'www.sec.test' });
    });
    expect(adds.map((e) => [e.action, e.target.name, e.type])).toEqual([
      ['project_domain.added', 'sec.test', 'project-add-alias'],
      ['project_domain.added', 'www.sec.test', 'project-add-alias'],
    ]);
    const project = await ok('GET', `/v9/projects/web${q()}`, owner);
    expect(adds[0]!.payload).toMatchObject({ projectId: project.id });
    const updated = await added(owner, teamId, () =>
      ok('PATCH', `/v9/projects/web/domains/www.sec.test${q()}`, owner, { redirect: 'sec.test' }),
    );
    expect(updated).toEqual([
      expect.objectContaining({
        action: 'project_domain.updated',
        type: 'project-domain-updated',
        target: expect.objectContaining({ name: 'www.sec.test' }),
        payload: expect.objectContaining({ redirect: 'sec.test', projectId: project.id }),
      }),
    ]);
    const removed = await added(owner, teamId, () =>
      ok('DELETE', `/v9/projects/web/domains/www.sec.test${q()}`, owner),
    );
    expect(removed.map((e) => [e.action, e.target.name, e.userId, e.text])).toEqual([
      [
        'project_domain.removed',
        'www.sec.test',
        owner.user.id,
        'sec-owner removed the domain www.sec.test from project web',
      ],
    ]);
  });

  it('records an alias set and removed', async () => {
    const res = await t.deploy(owner.token, { 'index.html': 'hi' }, { name: 'web' }, q());
    expect(res.status).toBe(200);
    let uid = '';
    const set = await added(owner, teamId, async () => {
      uid = (await ok('POST', `/v2/deployments/${res.json.id}/aliases${q()}`, owner, { alias: 'sec-alias' })).uid;
    });
    expect(set).toEqual([
      expect.objectContaining({
        action: 'alias.set',
        type: 'alias',
        target: { type: 'alias', id: uid, name: 'sec-alias.localhost:3000' },
        payload: expect.objectContaining({ deploymentId: res.json.id }),
      }),
    ]);
    const removed = await added(owner, teamId, () => ok('DELETE', `/v2/aliases/${uid}${q()}`, owner));
    expect(removed.map((e) => [e.action, e.type, e.target.id])).toEqual([['alias.removed', 'alias-delete', uid]]);
  });

  it('records a takeover in both teams: verified in the new one, taken over in the old one', async () => {
    const winner = await added(rival, undefined, async () => {
      await ok('POST', '/v7/domains', rival, { name: 'sec.test' });
      const proof = (await ok('GET', '/v5/domains/sec.test', rival)).domain.verification[0];
      records.set(proof.domain, [proof.value]);
    });
    expect(winner.map((e) => e.action)).toEqual(['domain.added']);
    const loser = await added(owner, teamId, async () => {
      const mine = await added(rival, undefined, () => ok('POST', '/v6/domains/sec.test/verify', rival));
      expect(mine).toEqual([
        expect.objectContaining({
          action: 'domain.verified',
          userId: rival.user.id,
          payload: expect.objectContaining({ takenFromOtherTeam: true }),
        }),
      ]);
    });
    expect(loser).toEqual([
      expect.objectContaining({
        action: 'domain.taken_over',
        userId: rival.user.id,
        text: 'sec-rival took over the domain sec.test by verifying it in another team',
        target: expect.objectContaining({ type: 'domain', name: 'sec.test' }),
      }),
    ]);
    const removed = await added(rival, undefined, () => ok('DELETE', '/v6/domains/sec.test', rival));
    expect(removed.map((e) => [e.action, e.type, e.target.name])).toEqual([
      ['domain.removed', 'domain-delete', 'sec.test'],
    ]);
    // The old team's own claim is untouched by the other team's removal.
    expect(await added(owner, teamId, async () => {})).toEqual([]);
  });
});

describe('deployment protection', () => {
  it('records each protection setting as its own action, never the password, and no project.updated', async () => {
    const project = await ok('GET', `/v9/projects/web${q()}`, owner);
    const target = { type: 'project', id: project.id, name: 'web' };
    const sso = await added(owner, teamId, () =>
      ok('PATCH', `/v9/projects/web${q()}`, owner, { ssoProtection: { deploymentType: 'preview' } }),
    );
    expect(sso).toEqual([
      expect.objectContaining({
        action: 'protection.sso_changed',
        type: 'project-sso-protection',
        target,
        text: 'sec-owner changed Nimbus Authentication of project web (preview)',
      }),
    ]);
    const password = await added(owner, teamId, () =>
      ok('PATCH', `/v9/projects/web${q()}`, owner, {
        passwordProtection: { deploymentType: 'preview', password: PROTECTION_PASSWORD },
      }),
    );
    expect(password).toEqual([
      expect.objectContaining({
        action: 'protection.password_changed',
        type: 'project-password-protection',
        payload: expect.objectContaining({ deploymentType: 'preview', newPassword: true }),
      }),
    ]);
    // The dashboard sends both settings on each save: only a change is an event.
    const unchanged = await added(owner, teamId, () =>
      ok('PATCH', `/v9/projects/web${q()}`, owner, {
        ssoProtection: { deploymentType: 'preview' },
        passwordProtection: { deploymentType: 'preview' },
      }),
    );
    expect(unchanged).toEqual([]);
    const both = await added(owner, teamId, () =>
      ok('PATCH', `/v9/projects/web${q()}`, owner, {
        ssoProtection: null,
        passwordProtection: null,
        buildCommand: 'make',
      }),
    );
    expect(
      byAction(both).map((e) => [e.action, 'fields' in e.payload ? e.payload.fields : e.payload.deploymentType]),
    ).toEqual([
      ['project.updated', ['buildCommand']],
      ['protection.password_changed', null],
      ['protection.sso_changed', null],
    ]);
  });

  it('records bypass secrets created, rotated and revoked, never the secrets', async () => {
    const path = `/v1/projects/web/protection-bypass${q()}`;
    const created = await added(owner, teamId, async () => {
      const res = await ok('PATCH', path, owner, { generate: { secret: BYPASS_SECRET, note: 'CI' } });
      expect(Object.keys(res.protectionBypass)).toContain(BYPASS_SECRET);
    });
    expect(created.map((e) => [e.action, e.type, e.userId])).toEqual([
      ['protection.bypass_created', 'project-automation-bypass', owner.user.id],
    ]);
    let fresh = '';
    const rotated = await added(owner, teamId, async () => {
      const res = await ok('PATCH', path, owner, { revoke: { secret: BYPASS_SECRET, regenerate: true } });
      fresh = Object.keys(res.protectionBypass)[0]!;
      secrets.push(fresh);
    });
    expect(rotated.map((e) => e.action)).toEqual(['protection.bypass_rotated']);
    const noted = await added(owner, teamId, () =>
      ok('PATCH', path, owner, { update: { secret: fresh, note: 'deploys' } }),
    );
    expect(noted.map((e) => e.action)).toEqual(['protection.bypass_updated']);
    const revoked = await added(owner, teamId, () => ok('PATCH', path, owner, { revoke: { secret: fresh } }));
    expect(revoked.map((e) => [e.action, e.target.name])).toEqual([['protection.bypass_revoked', 'web']]);
  });
});

describe('single sign-on', () => {
  async function ssoLogin(email: string) {
    idp.email = email;
    const start = await t.call('GET', `/auth/sso?slug=${slug}&next=/${slug}`);
    expect(start.status).toBe(302);
    const page = await (await fetch(start.res.headers.get('location')!)).text();
    const SAMLResponse = /name="SAMLResponse" value="([^"]+)"/.exec(page)![1]!;
    const relay = idp.lastRequest?.relayState;
    const form = new URLSearchParams({ SAMLResponse, ...(relay ? { RelayState: relay } : {}) });
    const res = await t.app.request(`${ORIGIN}/auth/sso/acs`, {
      method: 'POST',
      headers: {
        host: 'localhost:3000',
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://idp.test',
      },
      body: form.toString(),
    });
    // The ACS hands a ticket to the browser that started the sign-in (its nonce cookie), which logs in.
    expect(res.status, await res.clone().text()).toBe(303);
    const path = res.headers.get('location')!.slice('/api'.length);
    const done = await t.call('GET', path, { cookie: cookieOf(start.res) });
    expect(done.status, JSON.stringify(done.json)).toBe(302);
    return cookieOf(done.res);
  }

  it('records the identity provider added, changed, the settings, the domain proof and enforcement', async () => {
    const path = `/v1/teams/${teamId}/saml`;
    const configured = await added(owner, teamId, async () => {
      await ok('PUT', `${path}/idp`, owner, { metadataXml: idp.metadataXml });
      await ok('PUT', `${path}/idp`, owner, { metadataXml: idp.metadataXml });
    });
    expect(configured.map((e) => [e.action, e.type, e.target.type])).toEqual([
      ['sso.configured', 'saml-connection-created', 'sso'],
      ['sso.idp_changed', undefined, 'sso'],
    ]);
    let record = { name: '', value: '' };
    const settings = await added(owner, teamId, async () => {
      record = (await ok('PATCH', path, owner, { domain: 'sec-sso.test', defaultRole: 'DEVELOPER' }))
        .verificationRecord;
    });
    expect(settings).toEqual([
      expect.objectContaining({
        action: 'sso.updated',
        payload: expect.objectContaining({ domain: 'sec-sso.test', defaultRole: 'DEVELOPER' }),
      }),
    ]);
    records.set(record.name, [record.value]);
    const proven = await added(owner, teamId, async () => {
      await ok('POST', `${path}/verify`, owner);
      await ok('PATCH', path, owner, { enforced: true });
    });
    expect(proven.map((e) => [e.action, e.type, e.text])).toEqual([
      [
        'sso.domain_verified',
        'team-domain-verification-verified',
        'sec-owner verified the single sign-on domain sec-sso.test',
      ],
      [
        'sso.enforcement_changed',
        'team-saml-enforced',
        'sec-owner changed the single sign-on requirement of team sec-co: required',
      ],
    ]);
  });

  it('records a just-in-time join (via saml) and each SSO sign-in, by the person signing in', async () => {
    let cookie = '';
    const first = await added(owner, teamId, async () => {
      cookie = await ssoLogin('jit.person@sec-sso.test');
    });
    const me = (await ok('GET', '/v2/user', { cookie })).user;
    expect(byAction(first).map((e) => [e.action, e.userId, e.target.type, e.type])).toEqual([
      ['login.sso', me.id, 'team', 'sso-login'],
      ['member.joined', me.id, 'member', 'team-member-join'],
    ]);
    expect(byAction(first)[1]!.payload).toMatchObject({ role: 'DEVELOPER', via: 'saml' });
    const again = await added(owner, teamId, () => ssoLogin('jit.person@sec-sso.test'));
    expect(again.map((e) => [e.action, e.userId])).toEqual([['login.sso', me.id]]);
  });

  it('records enforcement off and the removal of single sign-on', async () => {
    const path = `/v1/teams/${teamId}/saml`;
    const off = await added(owner, teamId, async () => {
      await ok('PATCH', path, owner, { enforced: false });
      await ok('DELETE', path, owner);
    });
    expect(off.map((e) => [e.action, e.payload.enforced ?? e.payload.domain])).toEqual([
      ['sso.enforcement_changed', false],
      ['sso.removed', 'sec-sso.test'],
    ]);
  });
});

describe('two-factor', () => {
  async function enable(user: User) {
    const setup = await ok('POST', '/v1/user/two-factor/setup', { cookie: user.cookie });
    secrets.push(setup.secret);
    await ok('POST', '/v1/user/two-factor/enable', { cookie: user.cookie }, { code: await totp(setup.secret) });
    return setup.secret as string;
  }

  it('records turning it on in the personal team only, while no team requires it', async () => {
    const personal = await added(owner, undefined, async () => {
      const team = await added(owner, teamId, () => enable(owner));
      expect(team).toEqual([]);
    });
    expect(personal).toEqual([
      expect.objectContaining({
        action: 'two_factor.enabled',
        type: 'user-mfa-configuration-updated',
        userId: owner.user.id,
        target: { type: 'user', id: owner.user.id, name: 'sec-owner' },
      }),
    ]);
  });

  it('records the team requirement as its own action, not as team.updated', async () => {
    const on = await added(owner, teamId, () => ok('PATCH', `/v2/teams/${teamId}`, owner, { mfaEnforced: true }));
    expect(on.map((e) => [e.action, e.type, e.text])).toEqual([
      [
        'team.mfa_enforcement_changed',
        'team-mfa-enforcement-updated',
        'sec-owner changed the two-factor requirement of team sec-co: required',
      ],
    ]);
  });

  it("shows a member's two-factor changes to the owners of a team that requires it, and in their personal team", async () => {
    const inTeam = await added(owner, teamId, async () => {
      const personal = await added(dev, undefined, async () => {
        await enable(dev);
        await ok('POST', '/v1/user/two-factor/recovery-codes', { cookie: dev.cookie }, { password: PASSWORD });
        await ok('POST', '/v1/user/two-factor/disable', { cookie: dev.cookie }, { password: PASSWORD });
      });
      expect(personal.map((e) => e.action)).toEqual([
        'two_factor.enabled',
        'two_factor.recovery_codes_regenerated',
        'two_factor.disabled',
      ]);
    });
    expect(inTeam.map((e) => [e.action, e.type, e.userId, e.target.id])).toEqual([
      ['two_factor.enabled', 'user-mfa-configuration-updated', dev.user.id, dev.user.id],
      ['two_factor.recovery_codes_regenerated', 'user-mfa-recovery-codes-regenerated', dev.user.id, dev.user.id],
      ['two_factor.disabled', 'user-mfa-removed', dev.user.id, dev.user.id],
    ]);
    const off = await added(owner, teamId, () =>
      ok('PATCH', `/v2/teams/${teamId}`, { cookie: owner.cookie }, { mfaEnforced: false }),
    );
    expect(off.map((e) => [e.action, e.payload.enforced])).toEqual([['team.mfa_enforcement_changed', false]]);
  });
});

describe('account', () => {
  it('records a username change in each team of the person', async () => {
    const inTeam = await added(owner, teamId, async () => {
      const personal = await added(dev, undefined, () => ok('PATCH', '/v2/user', dev, { username: 'sec-dev-2' }));
      expect(personal.map((e) => e.action)).toEqual(['user.username_changed']);
    });
    expect(inTeam).toEqual([
      expect.objectContaining({
        action: 'user.username_changed',
        type: 'username',
        text: 'sec-dev-2 changed their username to sec-dev-2 (was sec-dev)',
        payload: expect.objectContaining({ from: 'sec-dev', to: 'sec-dev-2' }),
      }),
    ]);
    expect(await added(owner, teamId, () => ok('PATCH', '/v2/user', dev, { username: 'sec-dev-2' }))).toEqual([]);
  });

  it('records a deleted account in the teams it leaves behind, with the one it handed over', async () => {
    const founder = await t.signup('sec-founder@example.com');
    const handed = (await t.proTeam(founder.token, 'Handed Co')).json.id as string;
    const invite = await ok('POST', `/v1/teams/${handed}/members`, founder, {
      email: owner.user.email,
      role: 'MEMBER',
    });
    await ok('POST', `/v1/invitations/${invite.link.split('/invite/')[1]}/accept`, owner);
    const teamInvite = await ok('POST', `/v1/teams/${teamId}/members`, owner, {
      email: founder.user.email,
      role: 'MEMBER',
    });
    await ok('POST', `/v1/invitations/${teamInvite.link.split('/invite/')[1]}/accept`, founder);
    const inTeam = await added(owner, teamId, () =>
      ok('DELETE', '/v1/user', founder, { confirm: 'sec-founder', handover: { [handed]: owner.user.id } }),
    );
    expect(inTeam.map((e) => [e.action, e.type, e.userId, e.payload.handedOverTo])).toEqual([
      ['user.deleted', 'user-delete', founder.user.id, undefined],
    ]);
    const inHanded = (await events(owner.cookie, handed)).filter((e) => e.action === 'user.deleted');
    expect(inHanded).toEqual([
      expect.objectContaining({
        userId: founder.user.id,
        target: { type: 'user', id: founder.user.id, name: 'sec-founder' },
        payload: expect.objectContaining({ handedOverTo: owner.user.id }),
      }),
    ]);
  });
});
