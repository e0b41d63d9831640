// SAML single sign-on against a real (small) identity provider started here: setup from metadata,
// domain proof by TXT record, the signed-assertion checks (signature, audience, replay), just-in-time
// membership, enforcement's error, and the missing-scope error of a token limited to another team.
// A sign-in goes start (the nonce cookie) → IdP → ACS (303 with a ticket) → complete, with the cookie.
import * as db from '@nimbus/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, startTestIdp, type TestIdp } from '../sso-testing';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let idp: TestIdp;
let dns: Awaited<ReturnType<typeof startTestDns>>;
const records = new Map<string, string[]>();
let owner: { cookie: string; token: string };
let teamId: string;
const slug = 'acme-sso';

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Starts a sign-in the way the browser does and lets the IdP see the AuthnRequest; `nonce` is the cookie it got. */
async function startSignIn(query = `slug=${slug}&next=/${slug}/~/settings`) {
  const start = await t.call('GET', `/auth/sso?${query}`);
  expect(start.status).toBe(302);
  const location = start.res.headers.get('location')!;
  const page = await (await fetch(location)).text();
  return {
    location,
    nonce: cookieOf(start.res),
    setCookie: start.res.headers.getSetCookie().join('\n'),
    formResponse: /name="SAMLResponse" value="([^"]+)"/.exec(page)![1]!,
    request: idp.lastRequest!,
  };
}

async function postAcs(SAMLResponse: string, RelayState?: string) {
  const form = new URLSearchParams({ SAMLResponse, ...(RelayState ? { RelayState } : {}) });
  return t.app.request(`${ORIGIN}/auth/sso/acs`, {
    method: 'POST',
    headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded', origin: 'http://idp.test' },
    body: form.toString(),
  });
}

/** The ACS's answer: a 303 to complete, whose path (without the /api the front server strips) is returned. */
async function ticketPath(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(303);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/api\/auth\/sso\/complete\?ticket=/);
  return location.slice('/api'.length);
}

/** The browser's top-level visit to complete, with its cookies (none, for another browser). */
const complete = (path: string, cookie?: string) => t.call('GET', path, cookie ? { cookie } : {});

/** A full SSO sign-in of `email`: the session cookie it leaves. */
async function ssoLogin(email: string): Promise<string> {
  idp.email = email;
  const { formResponse, request, nonce } = await startSignIn();
  const path = await ticketPath(await postAcs(formResponse, request.relayState ?? undefined));
  const res = await complete(path, nonce);
  expect(res.status, JSON.stringify(res.json)).toBe(302);
  expect(res.res.headers.get('location')).toBe(`/${slug}/~/settings`);
  return cookieOf(res.res);
}

beforeAll(async () => {
  dns = await startTestDns(records);
  idp = await startTestIdp();
  t = await createTestApi({
    dns: { servers: [dns.server], edgeIPv4: [], edgeIPv6: [], cnameTarget: null },
    // The identity provider listens on 127.0.0.1.
    allowPrivateHookAddresses: true,
  });
  owner = await t.signup('owner@acme.test');
  teamId = (await t.proTeam(owner.token, 'Acme SSO')).json.id;
  await t.call('PATCH', `/v2/teams/${teamId}`, { token: owner.token, body: { slug } });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  dns.close();
});

type IdpBody = { metadataXml?: string; metadataUrl?: string };

describe('setting up the identity provider', () => {
  it.each<[IdpBody, RegExp]>([
    [{ metadataXml: '<md:EntityDescriptor' }, /not valid XML/],
    [{ metadataXml: '<x/>' }, /no EntityDescriptor/],
    [{ metadataXml: 'MISSING_CERT' }, /no signing certificate/],
    [{ metadataXml: '<x/>', metadataUrl: 'http://x' }, /either metadataXml or metadataUrl/],
    [{ metadataUrl: 'ftp://idp.test/metadata' }, /must be http/],
  ])('refuses bad input %# with a 400 that says why', async (body, message) => {
    const metadataXml =
      body.metadataXml === 'MISSING_CERT'
        ? idp.metadataXml.replace(/<md:KeyDescriptor.*<\/md:KeyDescriptor>/, '')
        : body.metadataXml;
    const res = await t.call('PUT', `/v1/teams/${teamId}/saml/idp`, {
      token: owner.token,
      body: { ...body, metadataXml },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'bad_request', message: expect.stringMatching(message) });
  });

  it('reads the metadata from its URL, and only owners may', async () => {
    const res = await t.call('PUT', `/v1/teams/${teamId}/saml/idp`, {
      token: owner.token,
      body: { metadataUrl: idp.metadataUrl },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      configured: true,
      identityProvider: { entityId: idp.entityId, ssoUrl: idp.ssoUrl, metadataUrl: idp.metadataUrl },
      serviceProvider: { acsUrl: `${ORIGIN}/api/auth/sso/acs`, entityId: `${ORIGIN}/api/auth/sso/metadata/${teamId}` },
    });
    const metadata = await t.call('GET', `/auth/sso/metadata/${teamId}`);
    expect(metadata.status).toBe(200);
    expect(await metadata.res.text()).toContain(`Location="${ORIGIN}/api/auth/sso/acs"`);
  });

  it('proves the e-mail domain with a TXT record before anyone can sign in or SSO is enforced', async () => {
    const set = await t.call('PATCH', `/v1/teams/${teamId}/saml`, {
      token: owner.token,
      body: { domain: 'Acme.test', defaultRole: 'DEVELOPER' },
    });
    expect(set.json).toMatchObject({ domain: 'acme.test', domainVerified: false, defaultRole: 'DEVELOPER' });
    const record = set.json.verificationRecord;
    expect(record.name).toBe('_nimbus-sso.acme.test');
    expect((await t.call('GET', `/auth/sso?slug=${slug}`)).json.error.message).toMatch(
      /not verified its e-mail domain/,
    );
    const enforce = await t.call('PATCH', `/v1/teams/${teamId}/saml`, { token: owner.token, body: { enforced: true } });
    expect(enforce.json.error.message).toMatch(/Verify the e-mail domain before enforcing/);
    const early = await t.call('POST', `/v1/teams/${teamId}/saml/verify`, { token: owner.token });
    expect(early.status).toBe(400);
    expect(early.json.error.message).toContain(record.value);
    records.set(record.name, [record.value]);
    const verified = await t.call('POST', `/v1/teams/${teamId}/saml/verify`, { token: owner.token });
    expect(verified.json).toMatchObject({ domainVerified: true });
  });
});

describe('signing in', () => {
  it('makes the account and the membership just in time, with the default role', async () => {
    const cookie = await ssoLogin('new.person@acme.test');
    const user = await t.call('GET', '/v2/user', { cookie });
    expect(user.json.user.email).toBe('new.person@acme.test');
    const members = await t.call('GET', `/v3/teams/${teamId}/members`, { token: owner.token });
    expect(members.json.members).toContainEqual(
      expect.objectContaining({ email: 'new.person@acme.test', role: 'DEVELOPER' }),
    );
  });

  it('finds the team from an e-mail address of its verified domain', async () => {
    const res = await t.call('GET', '/auth/sso?email=someone@ACME.test&next=/x');
    expect(res.status).toBe(302);
    expect(res.res.headers.get('location')).toMatch(new RegExp(`^${idp.ssoUrl}\\?SAMLRequest=`));
    expect((await t.call('GET', '/auth/sso?email=someone@elsewhere.test')).status).toBe(404);
  });

  it('refuses a replayed response', async () => {
    idp.email = 'replay@acme.test';
    const { formResponse } = await startSignIn();
    expect((await postAcs(formResponse)).status).toBe(303);
    const again = await postAcs(formResponse);
    expect(again.status).toBe(403);
    expect((await again.json()).error.message).toMatch(/already used or has expired/);
  });

  it('refuses a tampered assertion', async () => {
    idp.email = 'honest@acme.test';
    const { formResponse } = await startSignIn();
    const xml = Buffer.from(formResponse, 'base64').toString('utf8').replaceAll('honest@acme.test', 'owner@acme.test');
    const res = await postAcs(Buffer.from(xml).toString('base64'));
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toMatch(/refused: .*signature/i);
  });

  it('refuses an assertion for another audience, or outside the verified domain', async () => {
    const { request } = await startSignIn();
    const base = { inResponseTo: request.id, acsUrl: request.acsUrl, email: 'x@acme.test' };
    const wrongAudience = await postAcs(idp.response({ ...base, audience: 'https://evil.example/sp' }));
    expect(wrongAudience.status).toBe(403);
    expect((await wrongAudience.json()).error.message).toMatch(/audience/i);

    const second = await startSignIn();
    const outside = await postAcs(
      idp.response({
        ...base,
        inResponseTo: second.request.id,
        audience: second.request.issuer,
        email: 'boss@other.test',
      }),
    );
    expect(outside.status).toBe(403);
    expect((await outside.json()).error.message).toMatch(/not in acme\.test/);
  });

  it('refuses a response to no request Nimbus made', async () => {
    const res = await postAcs(
      idp.response({ acsUrl: `${ORIGIN}/api/auth/sso/acs`, audience: 'x', email: 'x@acme.test' }),
    );
    expect(res.status).toBe(403);
  });
});

describe('binding the sign-in to the browser that started it', () => {
  const OTHER_BROWSER = 'This sign-in was started in another browser. Start it again from this browser.';

  it('sets a host-only HttpOnly Lax nonce cookie for the sign-in endpoints, for as long as the request lives', async () => {
    const { setCookie, nonce } = await startSignIn();
    expect(nonce).toMatch(/^nimbus_sso=[\w-]{43}$/);
    expect(setCookie).toMatch(/Max-Age=600; Path=\/api\/auth\/sso; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it('logs no one in at the ACS: its answer sets no session', async () => {
    idp.email = 'acs@acme.test';
    const { formResponse, request } = await startSignIn();
    const res = await postAcs(formResponse, request.relayState ?? undefined);
    await ticketPath(res);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses to complete without the cookie (a response posted from a victim browser)', async () => {
    idp.email = 'attacker@acme.test';
    const { formResponse } = await startSignIn();
    const res = await complete(await ticketPath(await postAcs(formResponse)));
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: 'forbidden', message: OTHER_BROWSER });
    expect(res.res.headers.getSetCookie().join()).not.toContain('nimbus_session=');
  });

  it("refuses another browser's cookie, from a sign-in of its own", async () => {
    idp.email = 'attacker@acme.test';
    const attacker = await startSignIn();
    const victim = await startSignIn();
    const res = await complete(await ticketPath(await postAcs(attacker.formResponse)), victim.nonce);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(OTHER_BROWSER);
    // The victim's own sign-in still works.
    const own = await complete(await ticketPath(await postAcs(victim.formResponse)), victim.nonce);
    expect(own.status).toBe(302);
  });

  it('uses a ticket once, and refuses a tampered one', async () => {
    idp.email = 'once@acme.test';
    const { formResponse, nonce } = await startSignIn();
    const path = await ticketPath(await postAcs(formResponse));
    const tampered = await complete(`${path.slice(0, -2)}${path.endsWith('AA') ? 'BB' : 'AA'}`, nonce);
    expect(tampered.status).toBe(403);
    expect(tampered.json.error.message).toMatch(/already used or has expired/);
    expect((await complete(path, nonce)).status).toBe(302);
    const again = await complete(path, nonce);
    expect(again.status).toBe(403);
    expect(again.json.error.message).toBe(
      'This sign-in link was already used or has expired. Start the sign-in again.',
    );
  });

  it('keeps only the hash of a ticket, and refuses one that waited too long', async () => {
    idp.email = 'slow@acme.test';
    const { formResponse, nonce } = await startSignIn();
    const path = await ticketPath(await postAcs(formResponse));
    const ticket = new URL(path, ORIGIN).searchParams.get('ticket')!;
    const rows = await t.db.select().from(db.schema.ssoRequests).where(like(db.schema.ssoRequests.id, 'ticket:%'));
    expect(rows.map((r) => r.id).join()).not.toContain(ticket);
    const row = rows.find((r) => r.id === `ticket:${db.sha256(ticket)}`);
    expect(row!.value).not.toContain(ticket);
    expect(row!.value).not.toContain(nonce.split('=')[1]);
    const value = { ...JSON.parse(row!.value), expiresAt: Date.now() - 1000 };
    await t.db
      .update(db.schema.ssoRequests)
      .set({ value: JSON.stringify(value) })
      .where(eq(db.schema.ssoRequests.id, row!.id));
    const res = await complete(path, nonce);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/already used or has expired/);
  });

  it('refuses a missing or oversized ticket with a 400', async () => {
    expect((await complete('/auth/sso/complete')).status).toBe(400);
    expect((await complete(`/auth/sso/complete?ticket=${'a'.repeat(201)}`)).status).toBe(400);
  });
});

describe('enforcement', () => {
  it('asks a member without a recent SSO sign-in for one, with the scope and saml: true', async () => {
    const member = await t.signup('member@acme.test');
    await ssoLogin('member@acme.test');
    await t.call('PATCH', `/v1/teams/${teamId}/saml`, { token: owner.token, body: { enforced: true } });
    const refused = await t.call('GET', `/v9/projects?teamId=${teamId}`, { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: {
        code: 'missing_scope',
        message: `Team ${slug} requires single sign-on. Log in with SSO to continue.`,
        scope: slug,
        saml: true,
        teamId,
      },
    });
    const ssoCookie = await ssoLogin('member@acme.test');
    expect((await t.call('GET', `/v9/projects?teamId=${teamId}`, { cookie: ssoCookie })).status).toBe(200);
  });

  it('lets owners in with a password session (break-glass), and tokens', async () => {
    expect((await t.call('GET', `/v9/projects?teamId=${teamId}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.call('GET', `/v9/projects?teamId=${teamId}`, { token: owner.token })).status).toBe(200);
    expect((await t.call('GET', `/v1/teams/${teamId}/saml`, { cookie: owner.cookie })).json.enforced).toBe(true);
  });
});

describe('missing scope', () => {
  it('answers a token limited to another team with missing_scope and the slug it lacks', async () => {
    const made = await t.call('POST', '/v3/user/tokens', { cookie: owner.cookie, body: { name: 'ci', teamId } });
    const personal = (await t.call('GET', '/v2/teams', { token: owner.token })).json.teams.find(
      (team: { id: string }) => team.id !== teamId,
    );
    const res = await t.call('GET', `/v9/projects?teamId=${personal.id}`, { token: made.json.bearerToken });
    expect(res.status).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'missing_scope', scope: personal.slug });
  });
});

describe('starting sign-ins', () => {
  it('limits how many one address may start in an hour', async () => {
    let last = 0;
    for (let i = 0; i < 121 && last !== 429; i++) last = (await t.call('GET', `/auth/sso?slug=${slug}`)).status;
    expect(last).toBe(429);
  });
});
