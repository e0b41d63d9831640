// Real builds through the API and the worker: npm installs from the registry, bubblewrap when present.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from './engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  ({ token } = await t.signup('builder@example.com'));
});
afterAll(() => t.close());

const pkg = (scripts: Record<string, string>, devDependencies: Record<string, string> = {}) =>
  JSON.stringify({ name: 'app', private: true, scripts, devDependencies });

async function build(name: string, files: Record<string, string>, extra: Record<string, unknown> = {}) {
  const res = await t.deploy(token, files, { name, ...extra });
  expect(res.status).toBe(200);
  return res.json.id as string;
}

async function output(id: string, path: string) {
  const tree = await t.call('GET', `/file-tree?deploymentId=${id}`, { token });
  const find = (nodes: any[], parts: string[]): any => {
    const node = nodes.find((n) => n.name === parts[0]);
    return parts.length === 1 ? node : node && find(node.children, parts.slice(1));
  };
  const node = find(tree.json, path.split('/'));
  return node ? (await t.engine.store.get(node.uid)).toString() : null;
}

describe('builds', () => {
  it('builds a Vite app with npm and bakes in the env var of its target only', { timeout: 180_000 }, async () => {
    await t.call('POST', '/v1/projects', { token, body: { name: 'vite-app' } });
    await t.call('POST', '/v10/projects/vite-app/env', {
      token,
      body: [
        { key: 'VITE_GREETING', value: 'hello-from-preview', target: 'preview' },
        { key: 'VITE_GREETING', value: 'hello-from-production', target: 'production' },
      ],
    });
    const id = await build('vite-app', {
      'package.json': pkg({ build: 'vite build' }, { vite: '5.4.11' }),
      'index.html': '<!doctype html><div id="app"></div><script type="module" src="/main.js"></script>',
      'main.js': 'document.querySelector("#app").textContent = import.meta.env.VITE_GREETING;',
    });
    const done = await t.waitFor(token, id, undefined, 170_000);
    expect(done.readyState, await t.logText(token, id)).toBe('READY');
    expect(done.framework).toBe('vite');
    const tree = await t.call('GET', `/file-tree?deploymentId=${id}`, { token });
    const assets = tree.json.find((n: { name: string }) => n.name === 'assets');
    const js = await output(id, `assets/${assets.children.find((c: { name: string }) => c.name.endsWith('.js')).name}`);
    expect(js).toContain('hello-from-preview');
    expect(js).not.toContain('hello-from-production');
    expect(await output(id, 'index.html')).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
  });

  it('runs a package.json build script in a clean environment that cannot see the data dir', async () => {
    await t.call('POST', '/v1/projects', { token, body: { name: 'script-app' } });
    await t.call('POST', '/v10/projects/script-app/env', {
      token,
      body: [
        { key: 'GREETING', value: 'hi-production', target: 'production' },
        { key: 'STORE_DIR', value: t.engineDir, target: ['production'] },
      ],
    });
    const id = await build(
      'script-app',
      {
        'package.json': pkg({ build: 'node build.js' }),
        'build.js': `const fs = require('fs');
fs.mkdirSync('public');
fs.writeFileSync('public/index.html', JSON.stringify({
  greeting: process.env.GREETING, ci: process.env.CI, target: process.env.NIMBUS_ENV,
  leaked: Object.keys(process.env).filter((k) => /DATABASE_URL|NIMBUS_SECRET|VITEST/.test(k)),
  storeVisible: fs.existsSync(process.env.STORE_DIR + '/files'),
}));`,
      },
      { target: 'production' },
    );
    const done = await t.waitFor(token, id, undefined, 60_000);
    expect(done.readyState, await t.logText(token, id)).toBe('READY');
    const result = JSON.parse((await output(id, 'index.html'))!);
    expect(result).toMatchObject({ greeting: 'hi-production', ci: '1', target: 'production', leaked: [] });
    expect(result.storeVisible).toBe(false);
    expect(done.alias).toEqual(['script-app.localhost:3000']);
  });

  it('shows the log of a failing build and ends in ERROR with an actionable message', async () => {
    const id = await build('broken-app', {
      'package.json': pkg({
        build: 'node -e "console.error(\'boom: cannot find module ./missing\'); process.exit(3)"',
      }),
    });
    const done = await t.waitFor(token, id, undefined, 60_000);
    expect(done).toMatchObject({ readyState: 'ERROR', errorCode: 'BUILD_FAILED' });
    expect(done.errorMessage).toMatch(/"npm run build" exited with 3\. Its output is in the build log: fix the build/);
    const log = await t.logText(token, id);
    expect(log).toContain('Running "npm run build"');
    expect(log).toContain('boom: cannot find module ./missing');
  });

  it('cancels a running build: CANCELED, and its processes are gone', async () => {
    const marker = `nimbus-cancel-${Date.now()}`;
    const id = await build('slow-app', {
      'package.json': pkg({ build: `node -e "setTimeout(() => {}, 120000)" ${marker}` }),
    });
    await t.waitFor(token, id, ['BUILDING']);
    await new Promise((r) => setTimeout(r, 1500));
    const res = await t.call('PATCH', `/v12/deployments/${id}/cancel`, { token });
    expect(res.json.readyState).toBe('CANCELED');
    await new Promise((r) => setTimeout(r, 1000));
    expect(execFileSync('ps', ['-eo', 'args']).toString()).not.toContain(marker);
    expect((await t.waitFor(token, id)).readyState).toBe('CANCELED');
  });

  it('stops a build at the time limit with BUILD_TIMEOUT', async () => {
    const short = await createEngineTestApi({ worker: { timeoutMs: 2500 } });
    try {
      const { token: tk } = await short.signup('timeout@example.com');
      const res = await short.deploy(
        tk,
        { 'package.json': pkg({ build: 'node -e "setTimeout(() => {}, 60000)"' }) },
        { name: 'timeout-app' },
      );
      const done = await short.waitFor(tk, res.json.id, undefined, 30_000);
      expect(done).toMatchObject({ readyState: 'ERROR', errorCode: 'BUILD_TIMEOUT' });
      expect(done.errorMessage).toMatch(/longer than 3 seconds.*NIMBUS_BUILD_TIMEOUT/);
    } finally {
      await short.close();
    }
  });
});
