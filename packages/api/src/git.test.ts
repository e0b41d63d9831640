// Git push to deploy, through a real git client, `git http-backend`, the API, the build worker and
// the edge: production and branch hosts, branch deletion, tokens and roles, deploy hooks, the
// Ignored Build Step, and `vercel git connect` from the official CLI.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getRequestListener } from '@hono/node-server';
import { createEdge, type Edge } from '@nimbus/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classify, stripApiPrefix } from './dispatch';
import { createEngineTestApi } from './engine-testing';

const run = promisify(execFile);
const VERCEL = path.join(process.cwd(), 'node_modules', '.bin', 'vercel');

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let edge: Edge;
let server: Server;
let base: string;
let work: string;
let owner: { token: string };
let viewer: { token: string };

const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '',
  GIT_TERMINAL_PROMPT: '0',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Ada Pusher',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada Pusher',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
};

/** git in the work tree; a non-zero exit throws with git's output. */
async function git(...args: string[]) {
  const { stdout } = await run('git', args, {
    cwd: work,
    env: { ...process.env, ...GIT_ENV, HOME: work },
    timeout: 60_000,
  });
  return stdout.trim();
}

const remote = (token: string, project = 'site') =>
  `${base.replace('//', `//nimbus:${token}@`)}/git/acme/${project}.git`;

async function commit(files: Record<string, string>, message: string) {
  for (const [file, content] of Object.entries(files)) await writeFile(path.join(work, file), content);
  await git('add', '-A');
  await git('commit', '-q', '-m', message);
  return git('rev-parse', 'HEAD');
}

/** A request to a deployment host (`<label>.localhost`) through the front server's dispatch. */
function fetchHost(label: string, urlPath = '/'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port: (server.address() as AddressInfo).port,
        host: '127.0.0.1',
        path: urlPath,
        headers: { host: `${label}.localhost` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A deployment's build log as text. */
async function logOf(id: string) {
  const lines = (await t.call('GET', `/v3/deployments/${id}/events?slug=acme`, { token: owner.token })).json as {
    text: string;
  }[];
  return lines.map((l) => l.text).join('\n');
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The deployment of commit `sha`, once it reached a final state. */
async function deploymentOf(sha: string) {
  const found = await until(`a deployment of ${sha}`, async () => {
    const res = await t.call('GET', '/v6/deployments?slug=acme&limit=50', { token: owner.token });
    return (res.json.deployments as { uid: string; meta: Record<string, string> }[]).find(
      (d) => d.meta?.githubCommitSha === sha,
    );
  });
  return t.waitFor(owner.token, found.uid, undefined, 90_000, '?slug=acme');
}

beforeAll(async () => {
  t = await createEngineTestApi({ worker: {} });
  edge = createEdge({ db: t.db, store: t.engine.store, deployDomain: 'localhost', events: t.engine.events });
  const api = getRequestListener(t.app.fetch);
  server = createServer((req, res) => {
    if (classify(req.headers.host, req.url ?? '/', 'localhost', req) === 'edge') return edge.handle(req, res);
    req.url = stripApiPrefix(req.url ?? '/');
    void api(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = await mkdtemp(path.join(tmpdir(), 'nimbus-git-'));
  owner = await t.signup('pusher@example.com');
  const team = await t.proTeam(owner.token, 'Acme');
  expect(team.json.slug).toBe('acme');
  await t.call('POST', '/v1/projects?slug=acme', { token: owner.token, body: { name: 'site' } });
  viewer = await t.signup('viewer@example.com');
  const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
    token: owner.token,
    body: { email: 'viewer@example.com', role: 'VIEWER' },
  });
  await t.call('POST', `/v1/invitations/${invite.json.link.split('/invite/')[1]}/accept`, { token: viewer.token });
  await git('init', '-q', '-b', 'main');
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await edge.close();
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe('git push to a Nimbus remote', () => {
  it('deploys the production branch to production and records the commit', async () => {
    const sha = await commit({ 'index.html': 'production v1' }, 'First page');
    await git('push', '-q', remote(owner.token), 'main');
    const done = await deploymentOf(sha);
    expect(done.readyState, await logOf(done.id)).toBe('READY');
    expect(done.target).toBe('production');
    expect(done.source).toBe('git');
    expect(done.meta).toMatchObject({
      githubCommitSha: sha,
      githubCommitRef: 'main',
      githubCommitMessage: 'First page',
      githubCommitAuthorName: 'Ada Pusher',
    });
    expect((await fetchHost('site')).text).toBe('production v1');
  }, 120_000);

  it('gives another branch its own stable host, moved by the next push, removed with the branch', async () => {
    await git('checkout', '-q', '-b', 'feature/login');
    const first = await commit({ 'index.html': 'feature one' }, 'Feature one');
    await git('push', '-q', remote(owner.token), 'feature/login');
    const one = await deploymentOf(first);
    expect(one.readyState).toBe('READY');
    expect(one.target).toBeNull();
    const branchHost = 'site-git-feature-login-acme';
    expect((await fetchHost(branchHost)).text).toBe('feature one');
    expect((await fetchHost('site')).text).toBe('production v1');

    const second = await commit({ 'index.html': 'feature two' }, 'Feature two');
    await git('push', '-q', remote(owner.token), 'feature/login');
    expect((await deploymentOf(second)).readyState).toBe('READY');
    expect((await fetchHost(branchHost)).text).toBe('feature two');
    // The first deployment keeps its own URL.
    expect((await fetchHost(one.url.split('.')[0])).text).toBe('feature one');

    await git('push', '-q', remote(owner.token), '--delete', 'feature/login');
    await until('the branch host to go', async () => (await fetchHost(branchHost)).status === 404);
    await git('checkout', '-q', 'main');
  }, 180_000);

  it('refuses a wrong token with 401 and a viewer push with 403, while a viewer may clone', async () => {
    const anonymous = await fetch(`${base}/git/acme/site.git/info/refs?service=git-receive-pack`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic/);
    const wrong = await fetch(`${base}/git/acme/site.git/info/refs?service=git-receive-pack`, {
      headers: { authorization: `Basic ${Buffer.from('x:nmb_wrong').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    await expect(git('push', '-q', remote('nmb_notatoken'), 'main')).rejects.toThrow(/401|Authentication failed/);

    const refs = await git('ls-remote', remote(viewer.token));
    expect(refs).toContain('refs/heads/main');
    await commit({ 'index.html': 'from a viewer' }, 'Viewer change');
    await expect(git('push', '-q', remote(viewer.token), 'main')).rejects.toThrow(/403/);
    await git('reset', '-q', '--hard', 'HEAD~1');
  }, 60_000);
});

describe('deploy hooks and the Ignored Build Step', () => {
  it('deploys the branch head from a deploy hook URL', async () => {
    const made = await t.call('POST', '/v1/projects/site/deploy-hooks?slug=acme', {
      token: owner.token,
      body: { name: 'CMS', ref: 'main' },
    });
    expect(made.status).toBe(201);
    expect(made.json.url).toMatch(/\/api\/v1\/integrations\/deploy\/prj_\w+\/[0-9a-f]{32}$/);
    const settings = await t.call('GET', '/v1/projects/site/git?slug=acme', { token: owner.token });
    expect(settings.json.deployHooks).toEqual([made.json]);
    expect(settings.json.repoUrl).toMatch(/\/git\/acme\/site\.git$/);

    const hookPath = new URL(made.json.url).pathname;
    const wrong = await fetch(`${base}${hookPath.replace(/[0-9a-f]{32}$/, '0'.repeat(32))}`, { method: 'POST' });
    expect(wrong.status).toBe(404);
    const fired = await fetch(`${base}${hookPath}`, { method: 'POST' });
    expect(fired.status).toBe(201);
    const { job } = (await fired.json()) as { job: { id: string; state: string } };
    expect(job.state).toBe('PENDING');
    const done = await t.waitFor(owner.token, job.id, undefined, 90_000, '?slug=acme');
    expect(done.readyState).toBe('READY');
    expect(done.meta.githubCommitSha).toBe(await git('rev-parse', 'main'));
  }, 120_000);

  it('skips the build when the Ignored Build Step exits 0, and builds when it exits 1', async () => {
    const patch = (command: string | null) =>
      t.call('PATCH', '/v9/projects/site?slug=acme', {
        token: owner.token,
        body: { commandForIgnoringBuildStep: command },
      });
    expect((await patch('test "$VERCEL_GIT_COMMIT_REF" = main')).status).toBe(200);
    const skipped = await commit({ 'index.html': 'production v2' }, 'Skip me');
    await git('push', '-q', remote(owner.token), 'main');
    const canceled = await deploymentOf(skipped);
    expect(canceled.readyState).toBe('CANCELED');
    expect(await logOf(canceled.id)).toContain('Ignored Build Step exited with 0');
    expect((await fetchHost('site')).text).toBe('production v1');

    expect((await patch('exit 1')).status).toBe(200);
    const built = await commit({ 'index.html': 'production v3' }, 'Build me');
    await git('push', '-q', remote(owner.token), 'main');
    expect((await deploymentOf(built)).readyState).toBe('READY');
    expect((await fetchHost('site')).text).toBe('production v3');
    await patch(null);
  }, 180_000);
});

describe('vercel git connect', () => {
  it('connects the project to its Nimbus remote, and disconnects', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'nimbus-git-cli-'));
    try {
      const cli = (...args: string[]) =>
        run(VERCEL, [...args, '--api', base, '--token', owner.token, '--scope', 'acme', '-Q', home], {
          env: {
            ...process.env,
            VERCEL_TELEMETRY_DISABLED: '1',
            NO_UPDATE_NOTIFIER: '1',
            FORCE_COLOR: '0',
            HOME: home,
          },
          cwd: home,
          timeout: 90_000,
        }).then(({ stdout, stderr }) => `${stdout}\n${stderr}`);
      const out = await cli('git', 'connect', `${base}/git/acme/site.git`, '--project', 'site', '--yes');
      expect(out).toContain('Connected');
      const project = await t.call('GET', '/v9/projects/site?slug=acme', { token: owner.token });
      expect(project.json.link).toMatchObject({ org: 'git/acme', repo: 'site', connected: true, nimbusRemote: true });
      const wrong = await t.call('POST', '/v9/projects/site/link?slug=acme', {
        token: owner.token,
        body: { type: 'example', repo: 'git/acme/other' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.error.code).toBe('repo_not_found');
      const gone = await cli('git', 'disconnect', '--project', 'site', '--yes');
      expect(gone).toMatch(/disconnected/i);
      expect((await t.call('GET', '/v9/projects/site?slug=acme', { token: owner.token })).json.link).toBeUndefined();
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 120_000);
});
