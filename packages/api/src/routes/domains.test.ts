// Custom domains end to end against a real DNS server (dnsmasq on 127.0.0.1, test/dns-server.ts):
// project and team domains in Vercel's shapes, TXT verification with each team's own token and the
// takeover rule, the config check, aliases, roles, bad names, and the edge serving (or not) each host.
import { createServer, request, type Server } from 'node:http';
import { schema } from '@nimbus/db';
import { createDomainChecker, createEdge, type Edge, recheckDueDomains } from '@nimbus/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsServer, hasDnsmasq, startDnsServer } from '../../../../test/dns-server';
import { createEngineTestApi } from '../engine-testing';

const EDGE_IP = '203.0.113.10';
const CNAME = 'cname.nimbus.test';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let dns: DnsServer;
let edge: Edge;
let server: Server;
let port: number;
let owner: Awaited<ReturnType<typeof t.signup>>;
let other: Awaited<ReturnType<typeof t.signup>>;
let prod1: { id: string; url: string };
let preview: { id: string; url: string };

/** A GET through the edge as a visitor of `host` sends it. */
function visit(host: string, path = '/'): Promise<{ status: number; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The TXT record `owner`'s team must set, as the API shows it. */
async function proofOf(token: string, domain: string, q = '') {
  const res = await t.call('GET', `/v5/domains/${domain}${q}`, { token });
  expect(res.status).toBe(200);
  const [record] = res.json.domain.verification;
  expect(record).toMatchObject({ type: 'TXT', domain: `_nimbus.${domain}`, reason: 'pending_domain_verification' });
  return record.value as string;
}

async function ready(token: string, files: Record<string, string>, extra: Record<string, unknown>) {
  const res = await t.deploy(token, files, extra);
  expect(res.status).toBe(200);
  return t.waitFor(token, res.json.id);
}

beforeAll(async () => {
  dns = await startDnsServer(['test']);
  t = await createEngineTestApi({
    worker: {},
    api: { dns: { servers: [dns.server], edgeIPv4: [EDGE_IP], edgeIPv6: [], cnameTarget: CNAME } },
  });
  edge = createEdge({ db: t.db, store: t.engine.store, deployDomain: 'localhost', events: t.engine.events });
  server = createServer((req, res) => edge.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  owner = await t.signup('domains-owner@example.com');
  other = await t.signup('domains-other@example.com');
  prod1 = await ready(owner.token, { 'index.html': 'shop one' }, { name: 'shop', target: 'production' });
  preview = await ready(owner.token, { 'index.html': 'shop preview' }, { name: 'shop' });
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await edge?.close();
  await t?.close();
  await dns?.close();
});

describe.skipIf(!hasDnsmasq)('project domains', () => {
  it('adds a domain unverified, with the TXT record to set, and serves nothing there yet', async () => {
    const added = await t.call('POST', '/v10/projects/shop/domains', {
      token: owner.token,
      body: { name: 'WWW.Shop.test' },
    });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({
      name: 'www.shop.test',
      apexName: 'shop.test',
      verified: false,
      redirect: null,
      verification: [
        { type: 'TXT', domain: '_nimbus.shop.test', value: expect.stringMatching(/^nimbus-domain-verify=/) },
      ],
    });
    expect((await visit('www.shop.test')).status).toBe(404);
    const list = await t.call('GET', '/v9/projects/shop/domains', { token: owner.token });
    expect(list.json).toMatchObject({ domains: [{ name: 'www.shop.test' }], pagination: { count: 1, next: null } });
    const again = await t.call('POST', '/v10/projects/shop/domains', {
      token: owner.token,
      body: { name: 'www.shop.test' },
    });
    expect(again.status).toBe(409);
  });

  it('stays unverified with a wrong token, verifies on the right TXT record, then the edge serves production', async () => {
    await dns.set({ txt: { '_nimbus.shop.test': ['nimbus-domain-verify=someone-else'] } });
    const wrong = await t.call('POST', '/v9/projects/shop/domains/www.shop.test/verify', { token: owner.token });
    expect(wrong.json.verified).toBe(false);
    const value = await proofOf(owner.token, 'shop.test');
    await dns.set({
      txt: { '_nimbus.shop.test': [value] },
      hosts: { 'shop.test': [EDGE_IP], [CNAME]: [EDGE_IP] },
      cname: { 'www.shop.test': CNAME },
    });
    const verified = await t.call('POST', '/v9/projects/shop/domains/www.shop.test/verify', { token: owner.token });
    expect(verified.json).toMatchObject({ name: 'www.shop.test', verified: true });
    expect(verified.json.verification).toBeUndefined();
    expect(await visit('www.shop.test')).toMatchObject({ status: 200, body: 'shop one' });
    expect(await visit('WWW.SHOP.TEST:8080', '/index.html')).toMatchObject({ status: 200, body: 'shop one' });
  });

  it('reports the configuration the DNS server holds, and what to set', async () => {
    const www = await t.call('GET', '/v6/domains/www.shop.test/config', { token: owner.token });
    expect(www.json).toMatchObject({
      misconfigured: false,
      configuredBy: 'CNAME',
      recommendedCNAME: [{ rank: 1, value: `${CNAME}.` }],
      records: [{ type: 'CNAME', name: 'www.shop.test', value: CNAME }],
    });
    const apex = await t.call('GET', '/v6/domains/shop.test/config', { token: owner.token });
    expect(apex.json).toMatchObject({
      misconfigured: false,
      configuredBy: 'A',
      recommendedIPv4: [{ rank: 1, value: [EDGE_IP] }],
    });
    const elsewhere = await t.call('GET', '/v6/domains/nowhere.test/config', { token: owner.token });
    expect(elsewhere.json).toMatchObject({ misconfigured: true, configuredBy: null, current: { a: [], cname: [] } });
  });

  it('redirects www to the apex with 308 and the same path and query', async () => {
    const apex = await t.call('POST', '/v10/projects/shop/domains', {
      token: owner.token,
      body: { name: 'shop.test' },
    });
    expect(apex.json.verified).toBe(true);
    const patched = await t.call('PATCH', '/v9/projects/shop/domains/www.shop.test', {
      token: owner.token,
      body: { redirect: 'shop.test' },
    });
    expect(patched.json).toMatchObject({ redirect: 'shop.test', redirectStatusCode: 308 });
    expect(await visit('www.shop.test:8080', '/a/b?x=1')).toMatchObject({
      status: 308,
      location: 'http://shop.test:8080/a/b?x=1',
    });
    expect(await visit('shop.test')).toMatchObject({ status: 200, body: 'shop one' });
    const bad = await t.call('PATCH', '/v9/projects/shop/domains/www.shop.test', {
      token: owner.token,
      body: { redirect: 'elsewhere.test' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/Add "elsewhere.test" to this project first/);
    const badStatus = await t.call('PATCH', '/v9/projects/shop/domains/www.shop.test', {
      token: owner.token,
      body: { redirect: 'shop.test', redirectStatusCode: 303 },
    });
    expect(badStatus.status).toBe(400);
    const temporary = await t.call('PATCH', '/v9/projects/shop/domains/www.shop.test', {
      token: owner.token,
      body: { redirectStatusCode: 307 },
    });
    expect(temporary.json.redirectStatusCode).toBe(307);
    expect((await visit('www.shop.test', '/')).status).toBe(307);
    await t.call('PATCH', '/v9/projects/shop/domains/www.shop.test', { token: owner.token, body: { redirect: null } });
    expect(await visit('www.shop.test')).toMatchObject({ status: 200, body: 'shop one' });
  });

  it('moves the domains with promote and rollback', async () => {
    expect((await t.call('POST', `/v10/projects/shop/promote/${preview.id}`, { token: owner.token })).status).toBe(201);
    expect((await visit('shop.test')).body).toBe('shop preview');
    expect((await visit('www.shop.test')).body).toBe('shop preview');
    expect((await t.call('POST', `/v9/projects/shop/rollback/${prod1.id}`, { token: owner.token })).status).toBe(201);
    expect((await visit('shop.test')).body).toBe('shop one');
    expect((await visit('shop.localhost')).body).toBe('shop one');
  });

  it('refuses names a person must fix, each with a reason', async () => {
    const cases: [string, RegExp][] = [
      ['localhost', /no top-level domain/],
      ['shop.localhost', /deployment domain/],
      ['my_site.test', /underscore/],
      ['127.0.0.1', /IP address/],
      ['[::1]', /IP address/],
      [`${'a'.repeat(64)}.test`, /longer than 63/],
      ['https://shop.test/x', /leave out the scheme/],
      ['co.uk', /public suffix/],
    ];
    for (const [name, message] of cases) {
      const res = await t.call('POST', '/v10/projects/shop/domains', { token: owner.token, body: { name } });
      expect(res.status, name).toBe(400);
      expect(res.json.error, name).toMatchObject({ code: 'invalid_domain', message: expect.stringMatching(message) });
    }
  });

  it('keeps other teams out: 404 for their project, nothing served from their unverified claim', async () => {
    expect((await t.call('GET', '/v9/projects/shop/domains', { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/v5/domains/shop.test', { token: other.token })).status).toBe(404);
    expect((await t.call('DELETE', '/v6/domains/shop.test', { token: other.token })).status).toBe(404);
  });
});

describe.skipIf(!hasDnsmasq)('team domains and the takeover rule', () => {
  it('lists the team domains in Vercel shape, with a last page whose next is null', async () => {
    const res = await t.call('GET', '/v5/domains?limit=1', { token: owner.token });
    expect(res.json.domains).toHaveLength(1);
    expect(res.json.domains[0]).toMatchObject({
      name: 'shop.test',
      verified: true,
      serviceType: 'external',
      creator: { username: expect.any(String) },
      boughtAt: null,
    });
    expect(res.json.pagination).toMatchObject({ count: 1, next: null });
  });

  it('adds an apex for the team; a subdomain needs a project', async () => {
    const added = await t.call('POST', '/v7/domains', { token: owner.token, body: { name: 'blog.test' } });
    expect(added.json.domain).toMatchObject({ name: 'blog.test', verified: false });
    expect((await t.call('POST', '/v7/domains', { token: owner.token, body: { name: 'blog.test' } })).status).toBe(409);
    const sub = await t.call('POST', '/v7/domains', { token: owner.token, body: { name: 'www.blog.test' } });
    expect(sub.status).toBe(400);
    expect(sub.json.error.message).toMatch(/add www.blog.test to a project/);
  });

  it('lets another team claim a verified domain but not take it with the first team still proven, then moves it on its own proof', async () => {
    await ready(other.token, { 'index.html': 'rival' }, { name: 'rival', target: 'production' });
    const claim = await t.call('POST', '/v10/projects/rival/domains', {
      token: other.token,
      body: { name: 'shop.test' },
    });
    expect(claim.json.verified).toBe(false);
    // The DNS still holds the first team's proof: it does not count for the second.
    const still = await t.call('POST', '/v9/projects/rival/domains/shop.test/verify', { token: other.token });
    expect(still.json.verified).toBe(false);
    expect((await visit('shop.test')).body).toBe('shop one');
    const value = await proofOf(other.token, 'shop.test');
    await dns.set({ txt: { '_nimbus.shop.test': [value] }, hosts: { 'shop.test': [EDGE_IP] } });
    const moved = await t.call('POST', '/v9/projects/rival/domains/shop.test/verify', { token: other.token });
    expect(moved.json.verified).toBe(true);
    expect((await visit('shop.test')).body).toBe('rival');
    expect((await visit('www.shop.test')).status).toBe(404);
    const lost = await t.call('GET', '/v9/projects/shop/domains/shop.test', { token: owner.token });
    expect(lost.json.verified).toBe(false);
    expect(lost.json.verification[0].value).not.toBe(value);
  });

  it('removes a team domain with its project domains, and the edge stops serving them', async () => {
    const removed = await t.call('DELETE', '/v6/domains/shop.test', { token: other.token });
    expect(removed.status).toBe(200);
    expect(removed.json.uid).toMatch(/^dom_/);
    expect((await visit('shop.test')).status).toBe(404);
    expect((await t.call('GET', '/v9/projects/rival/domains', { token: other.token })).json.domains).toEqual([]);
  });

  it('answers DNS-zone and registrar calls with a JSON error naming the records to set', async () => {
    const records = await t.call('GET', '/v4/domains/shop.test/records', { token: owner.token });
    expect(records.status).toBe(400);
    expect(records.json.error).toMatchObject({
      code: 'dns_not_supported',
      message: expect.stringContaining(
        `Nimbus does not host DNS: set these records at your DNS provider: A shop.test ${EDGE_IP}`,
      ),
    });
    const price = await t.call('GET', '/v1/registrar/domains/shop.test/price', { token: owner.token });
    expect(price.json.error.code).toBe('registrar_not_supported');
  });
});

describe.skipIf(!hasDnsmasq)('aliases', () => {
  it('sets an alias on the deploy domain, lists it team-wide, serves it, and removes it by name', async () => {
    const set = await t.call('POST', `/v2/deployments/${preview.id}/aliases`, {
      token: owner.token,
      body: { alias: 'my-alias.localhost' },
    });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      alias: 'my-alias.localhost:3000',
      oldDeploymentId: null,
      uid: expect.stringMatching(/^als_/),
    });
    expect((await visit('my-alias.localhost')).body).toBe('shop preview');
    const moved = await t.call('POST', `/now/deployments/${prod1.id}/aliases`, {
      token: owner.token,
      body: { alias: 'my-alias' },
    });
    expect(moved.json.oldDeploymentId).toBe(preview.id);
    expect((await visit('my-alias.localhost')).body).toBe('shop one');
    const list = await t.call('GET', '/v4/aliases', { token: owner.token });
    expect(list.json.aliases.map((a: { alias: string }) => a.alias)).toEqual(
      expect.arrayContaining(['my-alias.localhost:3000', 'shop.localhost:3000']),
    );
    expect(list.json.pagination.next).toBeNull();
    const page1 = await t.call('GET', '/v3/now/aliases?limit=1', { token: owner.token });
    expect(page1.json.aliases).toHaveLength(1);
    expect(page1.json.pagination.next).toEqual(expect.any(Number));
    const found = await t.call('GET', '/now/aliases/my-alias.localhost', { token: owner.token });
    expect(found.json).toMatchObject({ uid: set.json.uid, alias: 'my-alias.localhost:3000', kind: 'custom' });
    expect((await t.call('GET', '/now/aliases/my-alias.localhost', { token: other.token })).status).toBe(404);
    const removed = await t.call('DELETE', `/v2/aliases/${set.json.uid}`, { token: owner.token });
    expect(removed.json).toEqual({ status: 'SUCCESS' });
    expect((await visit('my-alias.localhost')).status).toBe(404);
  });

  it('refuses a production host, another team\u2019s alias, an unverified domain and deep names', async () => {
    const prod = await t.call('DELETE', '/now/aliases/shop.localhost', { token: owner.token });
    expect(prod.status).toBe(409);
    await t.call('POST', `/v2/deployments/${prod1.id}/aliases`, { token: owner.token, body: { alias: 'taken-one' } });
    const rivals = await t.call('GET', '/v6/deployments?projectId=rival', { token: other.token });
    const rivalId = rivals.json.deployments[0].uid;
    const taken = await t.call('POST', `/v2/deployments/${rivalId}/aliases`, {
      token: other.token,
      body: { alias: 'taken-one' },
    });
    expect(taken.status).toBe(409);
    const unverified = await t.call('POST', `/v2/deployments/${prod1.id}/aliases`, {
      token: owner.token,
      body: { alias: 'app.blog.test' },
    });
    expect(unverified.status).toBe(403);
    expect(unverified.json.error.message).toMatch(/not on localhost nor on a domain this team verified/);
    const deep = await t.call('POST', `/v2/deployments/${prod1.id}/aliases`, {
      token: owner.token,
      body: { alias: 'a.b.localhost' },
    });
    expect(deep.status).toBe(400);
  });

  it('sets an alias on a verified domain and serves it', async () => {
    const value = await proofOf(owner.token, 'blog.test');
    await dns.set({ txt: { '_nimbus.blog.test': [value] } });
    expect((await t.call('POST', '/v6/domains/blog.test/verify', { token: owner.token })).json.domain.verified).toBe(
      true,
    );
    const set = await t.call('POST', `/v2/deployments/${preview.id}/aliases`, {
      token: owner.token,
      body: { alias: 'app.blog.test' },
    });
    expect(set.json.alias).toBe('app.blog.test:3000');
    expect((await visit('app.blog.test')).body).toBe('shop preview');
  });
});

describe.skipIf(!hasDnsmasq)('roles', () => {
  it('lets a VIEWER read domains and aliases but not add or remove them', async () => {
    const team = await t.proTeam(owner.token, 'Domain Team');
    const viewer = await t.signup('domains-viewer@example.com');
    const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
      token: owner.token,
      body: { email: 'domains-viewer@example.com', role: 'VIEWER' },
    });
    await t.call('POST', `/v1/invitations/${invite.json.link.split('/').pop()}/accept`, { token: viewer.token });
    const q = `?teamId=${team.json.id}`;
    expect((await t.call('POST', `/v7/domains${q}`, { token: owner.token, body: { name: 'team.test' } })).status).toBe(
      200,
    );
    expect((await t.call('GET', `/v5/domains${q}`, { token: viewer.token })).json.domains).toHaveLength(1);
    expect((await t.call('GET', `/v4/aliases${q}`, { token: viewer.token })).status).toBe(200);
    const add = await t.call('POST', `/v7/domains${q}`, { token: viewer.token, body: { name: 'viewer.test' } });
    expect(add.status).toBe(403);
    expect(add.json.error.message).toMatch(/VIEWER/);
    expect((await t.call('DELETE', `/v6/domains/team.test${q}`, { token: viewer.token })).status).toBe(403);
  });
});

describe.skipIf(!hasDnsmasq)('background recheck', () => {
  it('verifies a domain once its TXT record appears, backing off while it is missing', async () => {
    const checker = createDomainChecker({
      servers: [dns.server],
      edgeIPv4: [EDGE_IP],
      edgeIPv6: [],
      cnameTarget: CNAME,
    });
    const moved: string[] = [];
    const pass = () => recheckDueDomains({ db: t.db, checker, onHosts: (hosts) => moved.push(...hosts) });
    await t.call('POST', '/v7/domains', { token: owner.token, body: { name: 'later.test' } });
    await t.call('POST', '/v10/projects/shop/domains', { token: owner.token, body: { name: 'later.test' } });
    await dns.set({});
    expect(await pass()).toBeGreaterThanOrEqual(1);
    const waiting = await t.call('GET', '/v5/domains/later.test', { token: owner.token });
    expect(waiting.json.domain).toMatchObject({ verified: false, checkedAt: expect.any(Number) });
    // Not due again for a minute: a second pass checks nothing.
    expect(await pass()).toBe(0);
    await t.db.update(schema.domains).set({ nextCheckAt: new Date() }).where(eq(schema.domains.name, 'later.test'));
    await dns.set({
      txt: { '_nimbus.later.test': [await proofOf(owner.token, 'later.test')] },
      hosts: { 'later.test': [EDGE_IP] },
    });
    expect(await pass()).toBe(1);
    const done = await t.call('GET', '/v5/domains/later.test', { token: owner.token });
    expect(done.json.domain).toMatchObject({ verified: true, configuredBy: 'A' });
    expect(moved).toContain('later.test');
    expect((await visit('later.test')).body).toBe('shop one');
  });
});

describe.skipIf(!hasDnsmasq)('project transfer', () => {
  it('takes the domains along, unverified until the new team proves them; aliases on them stay behind', async () => {
    await ready(owner.token, { 'index.html': 'moving' }, { name: 'mover', target: 'production' });
    await t.call('POST', '/v10/projects/mover/domains', { token: owner.token, body: { name: 'move.blog.test' } });
    const mover = await t.call('GET', '/v9/projects/mover', { token: owner.token });
    const deploymentId = mover.json.targets.production.id;
    await t.call('POST', `/v2/deployments/${deploymentId}/aliases`, {
      token: owner.token,
      body: { alias: 'extra.blog.test' },
    });
    expect((await visit('move.blog.test')).body).toBe('moving');
    expect((await visit('extra.blog.test')).body).toBe('moving');
    const team = await t.call('POST', '/v1/teams', { token: owner.token, body: { name: 'Receivers' } });
    const moved = await t.call('POST', `/v1/projects/${mover.json.id}/transfer/${team.json.id}`, {
      token: owner.token,
    });
    expect(moved.status).toBe(200);
    const q = `?teamId=${team.json.id}`;
    const domain = await t.call('GET', `/v9/projects/mover/domains/move.blog.test${q}`, { token: owner.token });
    expect(domain.json).toMatchObject({ verified: false, verification: [{ domain: '_nimbus.blog.test' }] });
    expect((await visit('move.blog.test')).status).toBe(404);
    expect((await visit('extra.blog.test')).status).toBe(404);
    expect((await t.call('GET', `/now/aliases/extra.blog.test${q}`, { token: owner.token })).status).toBe(404);
  });
});
