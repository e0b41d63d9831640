import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi, sha1 } from '../engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
beforeAll(async () => {
  t = await createEngineTestApi({ worker: {}, maxFileSize: 1024 * 1024 });
  ({ token } = await t.signup('deployer@example.com'));
});
afterAll(() => t.close());

describe('POST /v2/files', () => {
  it('stores a blob under its SHA-1 and answers {}', async () => {
    const res = await t.upload(token, 'hello');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await t.engine.store.has(sha1('hello'))).toBe(true);
  });

  it.each([
    ['a digest that does not match', { 'x-now-digest': sha1('other'), 'x-now-size': '5' }, 400, 'invalid_digest'],
    ['a size that does not match', { 'x-now-digest': sha1('hello'), 'x-now-size': '6' }, 400, 'bad_request'],
    ['no digest', { 'x-now-size': '5' }, 400, 'bad_request'],
    ['a digest that is not SHA-1', { 'x-vercel-digest': '../../x', 'x-now-size': '5' }, 400, 'invalid_digest'],
  ])('rejects %s with a 4xx envelope', async (_, headers, status, code) => {
    const res = await t.app.request('http://localhost:3000/v2/files', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: 'hello',
    });
    expect(res.status).toBe(status);
    expect((await res.json()).error.code).toBe(code);
  });

  it('answers 413 payload_too_large with the limit above NIMBUS_MAX_FILE_SIZE', async () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 1);
    const res = await t.upload(token, big);
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'payload_too_large' });
    expect(body.error.message).toMatch(/at most 1 MB/);
  });
});

describe('POST /v13/deployments', () => {
  it('reports missing files, then creates the project by name and builds a static site to READY', async () => {
    const first = await t.call('POST', '/v13/deployments', {
      token,
      body: { name: 'static-site', files: [{ file: 'index.html', sha: sha1('<h1>hi</h1>'), size: 11 }] },
    });
    expect(first.status).toBe(400);
    expect(first.json.error).toMatchObject({ code: 'missing_files', missing: [sha1('<h1>hi</h1>')] });
    const res = await t.deploy(
      token,
      { 'index.html': '<h1>hi</h1>', 'vercel.json': '{"cleanUrls":true}' },
      { name: 'static-site' },
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ readyState: 'QUEUED', name: 'static-site', target: null, aliasAssigned: false });
    expect(res.json.url).toMatch(/^static-site-[a-z0-9]{6}\.localhost:3000$/);
    const ready = await t.waitFor(token, res.json.id);
    expect(ready).toMatchObject({ readyState: 'READY', aliasAssigned: true, config: { cleanUrls: true } });
    const tree = await t.call('GET', `/file-tree?deploymentId=${res.json.id}`, { token });
    expect(tree.json).toEqual([
      { name: 'index.html', type: 'file', uid: sha1('<h1>hi</h1>'), size: 11, mode: 0o100644 },
    ]);
    const project = await t.call('GET', '/v9/projects/static-site', { token });
    expect(project.json.id).toBe(res.json.projectId);
    // The creator as `vercel ls` shows it: the username, in the deployment and in the list.
    const user = await t.call('GET', '/v2/user', { token });
    expect(user.json.user.username).toBeTruthy();
    expect(ready.creator).toEqual({ uid: user.json.user.id, username: user.json.user.username });
    const list = await t.call('GET', `/v6/deployments?projectId=${res.json.projectId}`, { token });
    expect(list.json.deployments[0].creator).toEqual({ uid: user.json.user.id, username: user.json.user.username });
  });

  it('accepts files inline as base64 with no upload step', async () => {
    const data = Buffer.from('<p>inline</p>').toString('base64');
    const res = await t.call('POST', '/v13/deployments', {
      token,
      body: { name: 'inline-site', files: [{ file: 'index.html', data, encoding: 'base64' }] },
    });
    expect(res.status).toBe(200);
    expect((await t.waitFor(token, res.json.id)).readyState).toBe('READY');
    expect((await t.engine.store.get(sha1('<p>inline</p>'))).toString()).toBe('<p>inline</p>');
  });

  it('takes a folder listed with only its directory mode as nothing to store, and refuses a file without sha', async () => {
    const html = Buffer.from('<p>with a folder</p>').toString('base64');
    const res = await t.call('POST', '/v13/deployments', {
      token,
      body: {
        name: 'with-folder',
        files: [
          { file: 'index.html', data: html, encoding: 'base64' },
          { file: 'empty', mode: 0o40755 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect((await t.waitFor(token, res.json.id)).readyState).toBe('READY');
    const bare = await t.call('POST', '/v13/deployments', {
      token,
      body: { name: 'bare-file', files: [{ file: 'a.html', mode: 0o100644 }] },
    });
    expect(bare.status).toBe(400);
    expect(bare.json.error.message).toContain('a file needs its sha and size, or its data');
  });

  it.each([
    ['../escape.html', 'Unsafe file path'],
    ['/etc/passwd', 'Unsafe file path'],
    ['a/../../b', 'Unsafe file path'],
    ['nul\u0000.html', 'NUL character'],
    ['dir\\file', 'Unsafe file path'],
  ])('rejects the unsafe path %j with a 400 and writes nothing', async (file, message) => {
    const res = await t.call('POST', '/v13/deployments', {
      token,
      body: { name: 'unsafe', files: [{ file, sha: sha1('x'), size: 1 }] },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain(message);
    expect((await t.call('GET', '/v9/projects/unsafe', { token })).status).toBe(404);
  });

  it('rejects duplicate paths and a path that is both file and folder', async () => {
    const dup = await t.call('POST', '/v13/deployments', {
      token,
      body: {
        name: 'dup',
        files: [
          { file: 'a.html', sha: sha1('x'), size: 1 },
          { file: 'a.html', sha: sha1('x'), size: 1 },
        ],
      },
    });
    expect(dup.status).toBe(400);
    expect(dup.json.error.message).toMatch(/listed twice/);
    const both = await t.call('POST', '/v13/deployments', {
      token,
      body: {
        name: 'dup',
        files: [
          { file: 'a', sha: sha1('x'), size: 1 },
          { file: 'a/b', sha: sha1('x'), size: 1 },
        ],
      },
    });
    expect(both.json.error.message).toMatch(/both a file and a folder/);
  });

  it('rejects a body without files or name with an actionable 400', async () => {
    const noName = await t.call('POST', '/v13/deployments', {
      token,
      body: { files: [{ file: 'a', sha: sha1('x'), size: 1 }] },
    });
    expect(noName.status).toBe(400);
    expect(noName.json.error.message).toMatch(/name/);
    const noFiles = await t.call('POST', '/v13/deployments', { token, body: { name: 'x' } });
    expect(noFiles.status).toBe(400);
    expect(noFiles.json.error.message).toMatch(/^files/);
  });

  it.each([
    [{ target: 'staging' }, /^target: "staging" is not a target: use production or preview/],
    [{ projectSettings: { framework: 'rails' } }, /^projectSettings\.framework: "rails" is not a framework.*nextjs/],
    [{ projectSettings: { outputDirectory: '../up' } }, /^projectSettings\.outputDirectory: must be a relative folder/],
  ])('answers 400 for %j, naming what is accepted, and creates nothing', async (extra, message) => {
    const files = [{ file: 'index.html', data: 'x' }];
    const res = await t.call('POST', '/v13/deployments', { token, body: { name: 'vocab-site', files, ...extra } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'bad_request', message: expect.stringMatching(message) });
    expect((await t.call('GET', '/v9/projects/vocab-site', { token })).status).toBe(404);
  });

  it('accepts a framework slug of the vercel CLI that Nimbus builds generically, and empty settings', async () => {
    const res = await t.call('POST', '/v13/deployments', {
      token,
      body: {
        name: 'gatsby-site',
        target: null,
        files: [{ file: 'index.html', data: 'x' }],
        projectSettings: { framework: 'gatsby', buildCommand: '', outputDirectory: null },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ target: null, projectSettings: { framework: 'gatsby' } });
    expect(res.json.projectSettings).not.toHaveProperty('buildCommand');
  });

  it('lists by state and answers 400 for a state that does not exist', async () => {
    const ok = await t.call('GET', '/v6/deployments?state=ready,error', { token });
    expect(ok.status).toBe(200);
    const bad = await t.call('GET', '/v6/deployments?state=READY,DONE', { token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('state: "DONE" is not a state: use QUEUED, BUILDING, READY, ERROR, CANCELED.');
  });

  it('serves public/ when it exists and never publishes vercel.json or node_modules from a static root', async () => {
    const withPublic = await t.deploy(
      token,
      { 'public/index.html': 'pub', 'README.md': 'readme' },
      { name: 'with-public' },
    );
    await t.waitFor(token, withPublic.json.id);
    const tree = await t.call('GET', `/file-tree?deploymentId=${withPublic.json.id}`, { token });
    expect(tree.json.map((n: { name: string }) => n.name)).toEqual(['index.html']);
    const root = await t.deploy(
      token,
      { 'index.html': 'root', 'vercel.json': '{}', 'node_modules/x/index.js': 'x', 'css/a.css': 'a' },
      { name: 'root-site' },
    );
    await t.waitFor(token, root.json.id);
    const rootTree = await t.call('GET', `/file-tree?deploymentId=${root.json.id}`, { token });
    expect(rootTree.json.map((n: { name: string }) => n.name)).toEqual(['css', 'index.html']);
    // node_modules/ is not even kept as source: the build installs its own.
    const source = await t.call('GET', `/file-tree?deploymentId=${root.json.id}&kind=source`, { token });
    expect(source.json.map((n: { name: string }) => n.name)).toEqual(['css', 'index.html', 'vercel.json']);
  });

  it('builds with .env files but never serves them; .well-known/ and a static export stay served', {
    timeout: 120_000,
  }, async () => {
    const res = await t.deploy(
      token,
      {
        'package.json': JSON.stringify({
          scripts: {
            build:
              'mkdir -p out/.well-known && cp .env out/.env && . ./.env && echo "<p>$GREETING</p>" > out/index.html && cp .env out/.env.local && echo ok > out/.well-known/security.txt',
          },
        }),
        '.env': 'GREETING=from-dotenv',
      },
      { name: 'dotenv-site', projectSettings: { outputDirectory: 'out' } },
    );
    expect((await t.waitFor(token, res.json.id)).readyState).toBe('READY');
    const tree = await t.call('GET', `/file-tree?deploymentId=${res.json.id}`, { token });
    expect(tree.json.map((n: { name: string }) => n.name)).toEqual(['.well-known', 'index.html']);
    const index = tree.json.find((n: { name: string }) => n.name === 'index.html');
    expect((await t.engine.store.get(index.uid)).toString()).toBe('<p>from-dotenv</p>\n');
  });
});

describe('redeploy (POST /v13/deployments with deploymentId)', () => {
  it('builds the same files again with the current env vars, keeping the target unless one is sent', {
    timeout: 180_000,
  }, async () => {
    const files = {
      'package.json': JSON.stringify({
        scripts: { build: 'mkdir -p public && echo "<p>$GREETING</p>" > public/index.html' },
      }),
    };
    const first = await t.deploy(token, files, { name: 'redeploy-site', target: 'production' });
    expect((await t.waitFor(token, first.json.id)).readyState).toBe('READY');
    await t.call('POST', '/v10/projects/redeploy-site/env', {
      token,
      body: { key: 'GREETING', value: 'hello again', target: ['production', 'preview'] },
    });

    const again = await t.call('POST', '/v13/deployments', { token, body: { deploymentId: first.json.id } });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ name: 'redeploy-site', projectId: first.json.projectId, target: 'production' });
    expect(again.json.id).not.toBe(first.json.id);
    expect((await t.waitFor(token, again.json.id)).readyState).toBe('READY');
    const tree = await t.call('GET', `/file-tree?deploymentId=${again.json.id}`, { token });
    expect(tree.json[0]).toMatchObject({ name: 'index.html', uid: sha1('<p>hello again</p>\n') });

    const preview = await t.call('POST', '/v13/deployments', {
      token,
      body: { deploymentId: first.json.id, target: null },
    });
    expect(preview.json.target).toBeNull();
  });

  it('answers 404 for a deployment of another team', async () => {
    const other = await t.signup('other-redeployer@example.com');
    const mine = await t.deploy(token, { 'index.html': 'mine' }, { name: 'mine' });
    const res = await t.call('POST', '/v13/deployments', { token: other.token, body: { deploymentId: mine.json.id } });
    expect(res.status).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('documents the project, env, file and deployment routes', async () => {
    const doc = await (await t.app.request('http://localhost:3000/openapi.json')).json();
    for (const p of [
      '/v10/projects',
      '/v10/projects/{idOrName}/env',
      '/v2/files',
      '/v13/deployments',
      '/v13/deployments/{id}',
      '/v3/now/deployments/{id}/events',
      '/v10/projects/{idOrName}/promote/{deploymentId}',
      '/file-tree',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
      for (const op of Object.values(doc.paths[p]) as { summary?: string }[]) expect(op.summary, p).toBeTruthy();
    }
  });

  it('describes every field of a deployment reply, and the accepted targets of a request', async () => {
    const doc = await (await t.app.request('http://localhost:3000/openapi.json')).json();
    const reply = await t.deploy(token, { 'index.html': 'described' }, { name: 'described-site' });
    const documented = Object.keys(doc.components.schemas.Deployment.properties);
    expect(Object.keys(reply.json).filter((k) => !documented.includes(k))).toEqual([]);
    // Custom environments make the accepted targets per project: the service names them on a 400.
    expect(doc.components.schemas.DeploymentCreate.properties.target.description).toMatch(
      /^production or preview .*custom environment/,
    );
  });
});
