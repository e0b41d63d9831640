// The official Vercel clients deploy to Nimbus unmodified (docs/vercel-compatibility.md): the `vercel` CLI, the
// @vercel/client library and @vercel/sdk, against a real HTTP server with a build worker.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDeployment } from '@vercel/client';
import { Vercel } from '@vercel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApi } from '../../../test/api-server';
import { createEngineTestApi, writeSite } from './engine-testing';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let server: Awaited<ReturnType<typeof serveApi>>;
let token: string;
let apiUrl: string;
let work: string;

beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  server = await serveApi(t.app.fetch);
  apiUrl = `http://127.0.0.1:${server.port}`;
  ({ token } = await t.signup('clients@example.com'));
  work = await mkdtemp(path.join(tmpdir(), 'nimbus-clients-'));
});
afterAll(async () => {
  await server.close();
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const site = (name: string, files: Record<string, string>) => writeSite(path.join(work, name), files);

/** `vercel deploy` as a person runs it, with --api pointing at Nimbus; returns stdout (the URL). */
async function vercel(dir: string, ...args: string[]) {
  const env = { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0' };
  const bin = path.join(root, 'node_modules/.bin/vercel');
  const { stdout } = await run(
    bin,
    ['deploy', dir, '--api', apiUrl, '--token', token, '-Q', path.join(work, '.vercel-global'), '--yes', ...args],
    { env, cwd: dir, timeout: 90_000 },
  );
  return stdout.trim();
}

async function deploymentOf(url: string) {
  const res = await t.call('GET', `/v13/deployments/${encodeURIComponent(url.replace(/^https?:\/\//, ''))}`, { token });
  expect(res.status).toBe(200);
  return res.json;
}

describe('vercel CLI', () => {
  it('deploys a static folder as a preview', { timeout: 120_000 }, async () => {
    const dir = await site('cli-site', {
      'index.html': '<h1>cli</h1>',
      'style.css': 'body{}',
      'app.js': 'console.log(1)',
    });
    const url = await vercel(dir);
    const d = await deploymentOf(url);
    expect(d).toMatchObject({ readyState: 'READY', name: 'cli-site', target: null });
  });

  it('deploys to production with --prod and gets the project host', { timeout: 120_000 }, async () => {
    const dir = await site('cli-prod', { 'index.html': '<h1>prod</h1>', 'a.js': '1' });
    const d = await deploymentOf(await vercel(dir, '--prod'));
    expect(d).toMatchObject({ readyState: 'READY', target: 'production', alias: ['cli-prod.localhost:3000'] });
  });

  it('deploys an HTML-only folder (files sent inline)', { timeout: 120_000 }, async () => {
    const dir = await site('cli-html', { 'index.html': '<h1>only html</h1>', 'about.html': '<p>about</p>' });
    const d = await deploymentOf(await vercel(dir));
    expect(d.readyState).toBe('READY');
    const tree = await t.call('GET', `/file-tree?deploymentId=${d.id}`, { token });
    expect(tree.json.map((n: { name: string }) => n.name)).toEqual(['about.html', 'index.html']);
  });

  it('deploys with --archive=tgz', { timeout: 120_000 }, async () => {
    const dir = await site('cli-tgz', { 'index.html': '<h1>tgz</h1>', 'assets/app.js': 'console.log("tgz")' });
    const d = await deploymentOf(await vercel(dir, '--archive=tgz'));
    expect(d.readyState).toBe('READY');
    const tree = await t.call('GET', `/file-tree?deploymentId=${d.id}`, { token });
    expect(tree.json.map((n: { name: string }) => n.name)).toEqual(['assets', 'index.html']);
  });
});

describe('@vercel/client', () => {
  it('createDeployment uploads, creates the project by name and reports ready', { timeout: 60_000 }, async () => {
    const dir = await site('lib-site', { 'index.html': '<h1>lib</h1>', 'main.js': 'console.log("lib")' });
    const events: string[] = [];
    let ready: any;
    for await (const event of createDeployment({ token, path: dir, apiUrl }, { name: 'lib-site' })) {
      events.push(event.type);
      if (event.type === 'error') throw new Error(JSON.stringify(event.payload));
      if (event.type === 'alias-assigned') ready = event.payload;
    }
    expect(events).toContain('file-uploaded');
    expect(events).toContain('created');
    expect(ready).toMatchObject({ readyState: 'READY', name: 'lib-site' });
  });
});

describe('@vercel/sdk', () => {
  it('passes the SDK response validation for projects, env and deployments', { timeout: 60_000 }, async () => {
    const sdk = new Vercel({ bearerToken: token, serverURL: apiUrl });
    const project = await sdk.projects.createProject({ requestBody: { name: 'sdk-app' } });
    expect(project.name).toBe('sdk-app');
    const list = await sdk.projects.getProjects({});
    expect('projects' in list && list.projects.map((p) => p.name)).toContain('sdk-app');
    await sdk.projects.createProjectEnv({
      idOrName: 'sdk-app',
      requestBody: { key: 'TOKEN', value: 'x', type: 'encrypted', target: ['preview'] },
    });
    const envs = await sdk.projects.filterProjectEnvs({ idOrName: 'sdk-app' });
    expect(JSON.stringify(envs)).toContain('TOKEN');
    const created = await sdk.deployments.createDeployment({
      requestBody: { name: 'sdk-app', files: [{ file: 'index.html', data: '<h1>sdk</h1>' }] },
    });
    const done = await t.waitFor(token, created.id);
    expect(done.readyState).toBe('READY');
    const got = await sdk.deployments.getDeployment({ idOrUrl: created.id });
    expect(got.id).toBe(created.id);
    const all = await sdk.deployments.getDeployments({ projectId: project.id });
    expect(all.deployments.map((d) => d.uid)).toContain(created.id);
    const updated = await sdk.projects.updateProject({ idOrName: 'sdk-app', requestBody: { outputDirectory: 'dist' } });
    expect(updated.outputDirectory).toBe('dist');
    const aliases = await sdk.aliases.listDeploymentAliases({ id: created.id });
    expect(aliases.aliases).toEqual([]);
    const removed = await sdk.deployments.deleteDeployment({ id: created.id });
    expect(removed.state).toBe('DELETED');
    await sdk.projects.deleteProject({ idOrName: 'sdk-app' });
    expect((await t.call('GET', '/v9/projects/sdk-app', { token })).status).toBe(404);
  });
});
