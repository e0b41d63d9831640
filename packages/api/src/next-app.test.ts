// A Next.js 16 app on Nimbus, deployed both ways a Vercel user does: `vercel build` on their machine
// then `vercel deploy --prebuilt`, and its source built by Nimbus (install and `vercel build` in the
// sandbox). Each route kind is checked over HTTP: a static page, a force-dynamic page, a route
// handler, middleware that rewrites, an ISR page that regenerates, next/image, and a 404; Next's
// build folder is never served.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFixture, fixtureFiles, VERCEL_BIN } from '../../../test/framework-builds';
import { createFunctionsTestServer } from './functions-testing';

const run = promisify(execFile);
let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let token: string;
let teamId: string;

beforeAll(async () => {
  t = await createFunctionsTestServer();
  const signed = await t.signup('next-user@example.com', 'Next User');
  token = signed.token;
  teamId = (await t.call('GET', '/v2/user', { token })).json.user.defaultTeamId;
}, 60_000);
afterAll(() => t?.close());

/** Checks every route kind of the fixture on a READY deployment at `host`. */
function routesOf(label: string, hostOf: () => string) {
  describe(label, () => {
    it('serves the static page, prerendered, with next/image markup', async () => {
      const r = await t.fetchHost(hostOf(), '/');
      expect(r.status).toBe(200);
      expect(r.text).toContain('Static home');
      expect(r.text).toContain('/_next/image?url=%2Flogo.png');
    });

    it('renders the force-dynamic page per request with the request and the variables', async () => {
      const a = await t.fetchHost(hostOf(), '/dynamic', { headers: { 'user-agent': 'nimbus-test/1' } });
      expect(a.status).toBe(200);
      expect(a.text).toContain('agent <!-- -->nimbus-test/1');
      expect(a.text).toContain('secret <!-- -->set for next');
      const b = await t.fetchHost(hostOf(), '/dynamic');
      const rendered = (x: string) => x.match(/rendered <!-- -->(\d+)/)?.[1];
      expect(rendered(a.text)).toBeTruthy();
      expect(rendered(b.text)).not.toBe(rendered(a.text));
    });

    it('answers the route handler', async () => {
      const r = await t.fetchHost(hostOf(), '/api/hello?name=nimbus');
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text)).toEqual({ hello: 'nimbus', runtime: 'nodejs' });
    });

    it('runs the middleware (proxy.js) that rewrites /rewritten to the dynamic page', async () => {
      const r = await t.fetchHost(hostOf(), '/rewritten');
      expect(r.status).toBe(200);
      expect(r.text).toContain('Dynamic page');
      expect(r.text).toContain('from <!-- -->proxy');
    });

    it('serves the ISR page from its prerender and regenerates it after revalidate', { timeout: 60_000 }, async () => {
      const generated = (x: string) => x.match(/generated <!-- -->(\d+)/)?.[1];
      const first = await t.fetchHost(hostOf(), '/isr');
      expect(first.status).toBe(200);
      const initial = generated(first.text);
      expect(initial).toBeTruthy();
      let latest = initial;
      for (let i = 0; i < 40 && latest === initial; i++) {
        await new Promise((r) => setTimeout(r, 1_000));
        latest = generated((await t.fetchHost(hostOf(), '/isr')).text);
      }
      expect(latest).not.toBe(initial);
    });

    it('optimizes images through /_next/image', async () => {
      const r = await t.fetchHost(hostOf(), '/_next/image?url=%2Flogo.png&w=32&q=75', {
        headers: { accept: 'image/webp,*/*' },
      });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      expect((await sharp(r.body).metadata()).width).toBe(32);
    });

    it("answers a missing page with Next's 404 page and never serves the .next folder", async () => {
      const missing = await t.fetchHost(hostOf(), '/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('404');
      for (const p of ['/.next/BUILD_ID', '/.next/server/app/dynamic/page.js', '/.vercel/output/config.json']) {
        const r = await t.fetchHost(hostOf(), p);
        expect(r.status).toBe(404);
      }
    });
  });
}

describe('vercel build + vercel deploy --prebuilt', () => {
  let host = '';
  beforeAll(async () => {
    const dir = await builtFixture('next-app', 'nextjs');
    const project = await t.call('POST', '/v11/projects', { token, body: { name: 'next-prebuilt' } });
    await t.call('POST', `/v10/projects/${project.json.id}/env`, {
      token,
      body: { key: 'FIXTURE_SECRET', value: 'set for next', target: ['preview'], type: 'encrypted' },
    });
    await writeFile(
      path.join(dir, '.vercel', 'project.json'),
      JSON.stringify({ projectId: project.json.id, orgId: teamId, settings: { framework: 'nextjs' } }),
    );
    const home = await mkdtemp(path.join(tmpdir(), 'nimbus-next-home-'));
    const { stdout, stderr } = await run(
      process.execPath,
      [VERCEL_BIN, 'deploy', '--prebuilt', '--yes', '--api', t.url, '--token', token, '-Q', home],
      {
        cwd: dir,
        timeout: 240_000,
        env: { ...process.env, HOME: home, VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' },
      },
    );
    const url = `${stdout}\n${stderr}`.match(/https?:\/\/([a-z0-9-]+)\.localhost/)?.[1];
    if (!url) throw new Error(`no deployment URL in:\n${stdout}\n${stderr}`);
    host = url;
  }, 600_000);
  routesOf('the prebuilt deployment', () => host);
});

describe('source built by Nimbus', () => {
  let host = '';
  beforeAll(async () => {
    const files = await fixtureFiles('next-app');
    const project = await t.call('POST', '/v11/projects', { token, body: { name: 'next-source' } });
    await t.call('POST', `/v10/projects/${project.json.id}/env`, {
      token,
      body: { key: 'FIXTURE_SECRET', value: 'set for next', target: ['preview'], type: 'encrypted' },
    });
    const res = await t.deploy(token, files, { name: 'next-source', project: project.json.id });
    expect(res.status).toBe(200);
    const ready = await t.waitFor(token, res.json.id, ['READY', 'ERROR'], 540_000);
    if (ready.readyState !== 'READY') throw new Error(await t.logText(token, res.json.id));
    host = ready.url.replace(/\.localhost.*$/, '');
  }, 600_000);
  routesOf('the deployment built from source', () => host);
});
