// Deployment protection end to end: the settings through the API (and @vercel/sdk), and the edge
// refusing strangers before any file or function is served: Nimbus Authentication with its login
// hand-off (one use), the password page, and automation bypass secrets with their cookie and rotation.
import { EventEmitter } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEdge } from '@nimbus/engine';
import { Vercel } from '@vercel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer, type Reply } from './functions-testing';
import { ORIGIN } from './testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let owner: { token: string; cookie: string };
let stranger: { token: string; cookie: string };
let teamId: string;
let projectId: string;
let preview: string;
let production: string;
let productionOwnUrl: string;
const PROJECT = 'guarded';

const label = (url: string) => url.replace(/\.localhost.*$/, '');
const q = () => `?teamId=${teamId}`;
const cookieOf = (r: Reply) => String(r.headers['set-cookie'] ?? '').split(';')[0]!;

async function deployReady(files: Record<string, string>, extra: Record<string, unknown> = {}, query = '') {
  const res = await t.deploy(owner.token, files, { name: PROJECT, ...extra }, `${q()}${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const done = await t.waitFor(owner.token, res.json.id, undefined, 120_000, q());
  if (done.readyState !== 'READY') throw new Error(await t.logText(owner.token, done.id));
  return done;
}

const patchProject = (body: unknown, token = owner.token) =>
  t.call('PATCH', `/v9/projects/${projectId}${q()}`, { token, body });

/** Follows the hand-off as a browser would: deployment → /api/deployment-auth → /_nimbus/auth → the page. */
async function handOff(host: string, cookie: string, path = '/') {
  const first = await t.fetchHost(host, path);
  expect(first.status).toBe(302);
  const auth = new URL(first.headers.location!);
  expect(`${auth.origin}${auth.pathname}`).toBe('http://localhost:3000/api/deployment-auth');
  return t.call('GET', `/deployment-auth${auth.search}`, { cookie });
}

beforeAll(async () => {
  t = await createFunctionsTestServer();
  owner = await t.signup('guard-owner@example.com', 'Guard Owner');
  stranger = await t.signup('guard-stranger@example.com', 'Stranger');
  teamId = (await t.proTeam(owner.token, 'Guards')).json.id;
  productionOwnUrl = label((await deployReady({ 'index.html': '<h1>live</h1>' }, { target: 'production' })).url);
  preview = label((await deployReady({ 'index.html': '<h1>preview</h1>', 'about.html': 'about' })).url);
  production = PROJECT;
  projectId = (await t.call('GET', `/v9/projects/${PROJECT}${q()}`, { token: owner.token })).json.id;
}, 240_000);
afterAll(() => t?.close());

describe('Nimbus Authentication', () => {
  it('sends a stranger without a cookie to log in, and keeps production public with deploymentType preview', async () => {
    expect((await t.fetchHost(preview, '/')).status).toBe(200);
    const res = await patchProject({ ssoProtection: { deploymentType: 'preview' } });
    expect(res.status).toBe(200);
    expect(res.json.ssoProtection).toEqual({ deploymentType: 'preview' });

    const refused = await t.fetchHost(preview, '/about.html?x=1');
    expect(refused.status).toBe(302);
    expect(refused.text).not.toContain('preview');
    const location = new URL(refused.headers.location!);
    expect(location.searchParams.get('url')).toBe(`http://${preview}.localhost/about.html?x=1`);

    const loggedOut = await t.call('GET', `/deployment-auth${location.search}`);
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.res.headers.get('location')).toBe(
      `http://localhost:3000/login?next=${encodeURIComponent(`/api/deployment-auth?url=${encodeURIComponent(`http://${preview}.localhost/about.html?x=1`)}`)}`,
    );

    expect((await t.fetchHost(production, '/')).text).toContain('live');
    expect((await t.fetchHost(productionOwnUrl, '/')).text).toContain('live');
  });

  it('lets a member through the hand-off with a host-only cookie', async () => {
    const back = await handOff(preview, owner.cookie, '/about.html');
    expect(back.status).toBe(302);
    const auth = new URL(back.res.headers.get('location')!);
    expect(auth.host).toBe(`${preview}.localhost`);
    expect(auth.pathname).toBe('/_nimbus/auth');
    const landed = await t.fetchHost(preview, `${auth.pathname}${auth.search}`);
    expect(landed.status).toBe(302);
    expect(landed.headers.location).toBe('/about.html');
    const setCookie = String(landed.headers['set-cookie']);
    expect(setCookie).toMatch(/^_nimbus_jwt=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const cookie = cookieOf(landed);
    const page = await t.fetchHost(preview, '/about.html', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.text).toBe('about');

    // The cookie is for this host only, and a hand-off token is for one host too.
    expect((await t.fetchHost(productionOwnUrl, '/', { headers: { cookie } })).status).toBe(200);
    await patchProject({ ssoProtection: { deploymentType: 'prod_deployment_urls_and_all_previews' } });
    expect((await t.fetchHost(productionOwnUrl, '/', { headers: { cookie } })).status).toBe(302);
    expect((await t.fetchHost(productionOwnUrl, `${auth.pathname}${auth.search}`)).status).toBe(401);
    expect((await t.fetchHost(production, '/')).status).toBe(200);
    await patchProject({ ssoProtection: { deploymentType: 'all' } });
    expect((await t.fetchHost(production, '/')).status).toBe(302);
    // The server's cron scheduler passes with a pass signed for the host, and only for that host.
    const pass = t.engine.protectionTokens.sign({ k: 'cron', p: '', h: `${production}.localhost` }, 60_000);
    expect((await t.fetchHost(production, '/', { headers: { 'x-nimbus-cron-pass': pass } })).status).toBe(200);
    expect((await t.fetchHost(preview, '/', { headers: { 'x-nimbus-cron-pass': pass } })).status).toBe(302);
    await patchProject({ ssoProtection: { deploymentType: 'preview' } });
  });

  it('lets a hand-off link set the cookie once, whichever process sees it first', async () => {
    const back = await handOff(preview, owner.cookie, '/about.html');
    const link = new URL(back.res.headers.get('location')!);
    const authPath = `${link.pathname}${link.search}`;
    // Another process of the same server: its own edge, the same database.
    const other = createEdge({
      db: t.db,
      store: t.engine.store,
      deployDomain: 'localhost',
      events: new EventEmitter(),
      protection: { tokens: t.engine.protectionTokens, publicUrl: ORIGIN },
    });
    const server = createServer((req, res) => other.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const viaOther = (headers: Record<string, string> = {}) =>
      new Promise<Reply>((resolve, reject) => {
        const port = (server.address() as AddressInfo).port;
        const headersWithHost = { ...headers, host: `${preview}.localhost` };
        request({ port, host: '127.0.0.1', path: authPath, headers: headersWithHost }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString() });
          });
        })
          .on('error', reject)
          .end();
      });
    try {
      const first = await viaOther();
      expect(first.status).toBe(302);
      expect(first.headers.location).toBe('/about.html');
      const cookie = cookieOf(first);
      expect(cookie).toMatch(/^_nimbus_jwt=/);

      // Anyone who finds the link later (history, a log, a Referer), in this process or that one.
      for (const again of [await t.fetchHost(preview, authPath), await viaOther()]) {
        expect(again.status).toBe(401);
        expect(again.text).toContain('This sign-in link was already used');
        expect(again.text).toContain('Open the deployment again');
        expect(again.headers['set-cookie']).toBeUndefined();
      }
      // The browser that used it, reloading the page: sent on with the cookie it has, given no new one.
      const reload = await t.fetchHost(preview, authPath, { headers: { cookie } });
      expect(reload.status).toBe(302);
      expect(reload.headers.location).toBe('/about.html');
      expect(reload.headers['set-cookie']).toBeUndefined();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await other.close();
    }
  });

  it('refuses a logged-in visitor who is not a member of the team, and a forged token', async () => {
    const refused = await handOff(preview, stranger.cookie);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toContain('only members of its team can open it');
    const forged = await t.fetchHost(preview, '/_nimbus/auth?token=eyJrIjoiaGFuZG9mZiJ9.AAAA&next=/');
    expect(forged.status).toBe(401);
    expect(forged.headers['set-cookie']).toBeUndefined();
    const fake = await t.fetchHost(preview, '/', { headers: { cookie: '_nimbus_jwt=abc.def' } });
    expect(fake.status).toBe(302);
  });

  it('refuses a hand-off url that is not a deployment', async () => {
    const notHost = await t.call('GET', `/deployment-auth?url=${encodeURIComponent('https://127.0.0.1/')}`, {
      cookie: owner.cookie,
    });
    expect(notHost.status).toBe(400);
    expect(notHost.json.error.code).toBe('bad_request');
    // A domain name could be a custom domain; one that no team verified is not found.
    const unknown = await t.call('GET', `/deployment-auth?url=${encodeURIComponent('https://evil.example/')}`, {
      cookie: owner.cookie,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('not_found');
  });
});

describe('password protection', () => {
  let passwordCookie = '';

  it('needs a password to turn on', async () => {
    const res = await patchProject({ ssoProtection: null, passwordProtection: { deploymentType: 'preview' } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Set a password to turn on password protection.');
  });

  it('shows the password page, refuses a wrong password and lets the right one in', async () => {
    const res = await patchProject({
      ssoProtection: null,
      passwordProtection: { deploymentType: 'preview', password: 'open sesame' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ssoProtection: null, passwordProtection: { deploymentType: 'preview' } });
    expect(JSON.stringify(res.json)).not.toContain('open sesame');

    const page = await t.fetchHost(preview, '/about.html');
    expect(page.status).toBe(401);
    expect(page.text).toContain('This deployment is password protected');
    expect(page.text).toContain('<form method="post" action="/_nimbus/password">');
    expect(page.text).not.toContain('Log in with Nimbus');

    const post = (password: string) =>
      t.fetchHost(preview, '/_nimbus/password', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password, next: '/about.html' }).toString(),
      });
    const wrong = await post('guess');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('Wrong password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const right = await post('open sesame');
    expect(right.status).toBe(302);
    expect(right.headers.location).toBe('/about.html');
    passwordCookie = cookieOf(right);
    const after = await t.fetchHost(preview, '/about.html', { headers: { cookie: passwordCookie } });
    expect(after.text).toBe('about');
    expect((await t.fetchHost(production, '/')).status).toBe(200);
  });

  it('ends the cookies of an old password when it changes, and offers the login too with both on', async () => {
    await patchProject({
      ssoProtection: { deploymentType: 'preview' },
      passwordProtection: { deploymentType: 'preview', password: 'new words here' },
    });
    const page = await t.fetchHost(preview, '/about.html', { headers: { cookie: passwordCookie } });
    expect(page.status).toBe(401);
    expect(page.text).toContain('Log in with Nimbus');
    await patchProject({ ssoProtection: null });
  });
});

describe('protection bypass for automation', () => {
  let secret = '';

  it('lets a request with the secret through, by header or query, and sets a cookie when asked', async () => {
    const res = await t.call('PATCH', `/v1/projects/${projectId}/protection-bypass${q()}`, {
      token: owner.token,
      body: { generate: { note: 'CI' } },
    });
    expect(res.status).toBe(200);
    [secret] = Object.keys(res.json.protectionBypass);
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(res.json.protectionBypass[secret!]).toMatchObject({ scope: 'automation-bypass', note: 'CI' });
    const project = await t.call('GET', `/v9/projects/${projectId}${q()}`, { token: owner.token });
    expect(Object.keys(project.json.protectionBypass)).toEqual([secret]);

    expect((await t.fetchHost(preview, '/about.html')).status).toBe(401);
    const byHeader = await t.fetchHost(preview, '/about.html', { headers: { 'x-vercel-protection-bypass': secret } });
    expect(byHeader.text).toBe('about');
    expect(byHeader.headers['set-cookie']).toBeUndefined();
    const byQuery = await t.fetchHost(preview, `/about.html?x-vercel-protection-bypass=${secret}`);
    expect(byQuery.text).toBe('about');
    const wrong = await t.fetchHost(preview, '/about.html', {
      headers: { 'x-vercel-protection-bypass': 'x'.repeat(32) },
    });
    expect(wrong.status).toBe(401);

    const withCookie = await t.fetchHost(
      preview,
      `/about.html?x-vercel-protection-bypass=${secret}&x-vercel-set-bypass-cookie=true`,
    );
    expect(withCookie.text).toBe('about');
    const cookie = cookieOf(withCookie);
    expect(cookie).toMatch(/^_nimbus_jwt=/);
    expect((await t.fetchHost(preview, '/about.html', { headers: { cookie } })).text).toBe('about');

    // Rotation: the old secret and the cookies it set stop working, the new one works.
    const rotated = await t.call('PATCH', `/v1/projects/${projectId}/protection-bypass${q()}`, {
      token: owner.token,
      body: { revoke: { secret, regenerate: true } },
    });
    expect(rotated.status).toBe(200);
    const [fresh] = Object.keys(rotated.json.protectionBypass);
    expect(fresh).not.toBe(secret);
    expect(
      (await t.fetchHost(preview, '/about.html', { headers: { 'x-vercel-protection-bypass': secret! } })).status,
    ).toBe(401);
    expect((await t.fetchHost(preview, '/about.html', { headers: { cookie } })).status).toBe(401);
    expect(
      (await t.fetchHost(preview, '/about.html', { headers: { 'x-vercel-protection-bypass': fresh! } })).text,
    ).toBe('about');
    secret = fresh!;
  });

  it('protects the functions of a Build Output deployment too', async () => {
    const done = await deployReady({
      '.vercel/output/config.json': JSON.stringify({ version: 3 }),
      '.vercel/output/functions/api/hi.func/.vc-config.json': JSON.stringify({
        runtime: 'nodejs22.x',
        handler: 'index.js',
        launcherType: 'Nodejs',
      }),
      '.vercel/output/functions/api/hi.func/index.js': "module.exports = (req, res) => res.end('from the function');",
    });
    const host = label(done.url);
    const refused = await t.fetchHost(host, '/api/hi');
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain('from the function');
    const passed = await t.fetchHost(host, '/api/hi', { headers: { 'x-vercel-protection-bypass': secret } });
    expect(passed.status).toBe(200);
    expect(passed.text).toBe('from the function');
  }, 120_000);
});

describe('who may change protection', () => {
  it('allows owners and members, refuses other roles (who never see the secrets) and other teams', async () => {
    for (const role of ['DEVELOPER', 'VIEWER']) {
      const email = `guard-${role.toLowerCase()}@example.com`;
      const member = await t.signup(email);
      const invite = await t.call('POST', `/v1/teams/${teamId}/members`, { token: owner.token, body: { email, role } });
      await t.call('POST', `/v1/invitations/${invite.json.link.split('/invite/')[1]}/accept`, { token: member.token });
      const res = await patchProject({ ssoProtection: { deploymentType: 'all' } }, member.token);
      expect(res.status, role).toBe(403);
      const bypass = await t.call('PATCH', `/v1/projects/${projectId}/protection-bypass${q()}`, {
        token: member.token,
        body: { generate: {} },
      });
      expect(bypass.status, role).toBe(403);
      const seen = await t.call('GET', `/v9/projects/${projectId}${q()}`, { token: member.token });
      expect(seen.json.ssoProtection, role).toBeDefined();
      expect(seen.json.protectionBypass, role).toBeUndefined();
    }
    const outsider = await patchProject({ ssoProtection: null }, stranger.token);
    expect(outsider.status).toBe(404);
  });
});

describe('@vercel/sdk', () => {
  it('turns protection on and off with updateProject and manages bypass secrets', async () => {
    const vercel = new Vercel({ bearerToken: owner.token, serverURL: t.url });
    const updated = await vercel.projects.updateProject({
      idOrName: projectId,
      teamId,
      requestBody: {
        ssoProtection: { deploymentType: 'all' },
        passwordProtection: { deploymentType: 'preview', password: 'from the sdk' },
      },
    });
    expect(updated.ssoProtection?.deploymentType).toBe('all');
    expect((await t.fetchHost(production, '/')).status).toBe(302);
    const bypass = await vercel.projects.updateProjectProtectionBypass({
      idOrName: projectId,
      teamId,
      requestBody: { generate: { secret: 'a'.repeat(32) } },
    });
    expect(Object.keys(bypass.protectionBypass ?? {})).toContain('a'.repeat(32));
    const off = await vercel.projects.updateProject({
      idOrName: projectId,
      teamId,
      requestBody: { ssoProtection: null, passwordProtection: null },
    });
    expect(off.ssoProtection).toBeNull();
    expect(off.passwordProtection).toBeNull();
    expect((await t.fetchHost(production, '/')).status).toBe(200);
    expect((await t.fetchHost(preview, '/about.html')).text).toBe('about');
  });
});
