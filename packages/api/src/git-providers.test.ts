// Connected repositories end to end: a real git server (`git http-backend` on a local HTTP server
// that also plays the provider's API), signed webhooks into the API, the build worker, and the hook
// dispatcher posting the commit status and the pull-request comment back.
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createHookDispatcher, ensureRepo, runHttpBackend } from '@nimbus/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from './engine-testing';
import { ORIGIN } from './testing';

const run = promisify(execFile);
const TOKEN = 'ghp_providerToken0123456789';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let provider: Server;
let providerBase: string;
let work: string;
let upstream: string;
let owner: { token: string };
let viewer: { token: string };
let projectId: string;
let secret: string;
let dispatcher: ReturnType<typeof createHookDispatcher>;

interface Call {
  method: string;
  path: string;
  auth: string | undefined;
  body: any;
}
const calls: Call[] = [];
const gitAuth: (string | undefined)[] = [];
const comments: { id: number; body: string }[] = [];

async function git(...args: string[]) {
  const { stdout } = await run('git', args, {
    cwd: work,
    env: {
      ...process.env,
      HOME: work,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ada',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
    },
  });
  return stdout.trim();
}

/** Commits and pushes a branch to the provider's repository; resolves to the commit sha. */
async function push(branch: string, content: string) {
  await git('checkout', '-q', '-B', branch);
  await writeFile(path.join(work, 'index.html'), content);
  await git('add', '-A');
  await git('commit', '-q', '-m', content);
  await git('push', '-q', '-f', upstream, `${branch}:${branch}`);
  return git('rev-parse', 'HEAD');
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
  });

/** The provider: `/octo/app.git/*` is a real git server, everything else its REST API. */
async function handleProvider(req: IncomingMessage, res: import('node:http').ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname.startsWith('/octo/app.git/')) {
    gitAuth.push(req.headers.authorization);
    const out = await runHttpBackend({
      root: path.dirname(upstream),
      pathInfo: `/upstream.git${url.pathname.slice('/octo/app.git'.length)}`,
      method: req.method ?? 'GET',
      query: url.search.slice(1),
      contentType: req.headers['content-type'],
      contentEncoding: req.headers['content-encoding'] as string | undefined,
      gitProtocol: req.headers['git-protocol'] as string | undefined,
      remoteUser: 'provider',
      body: req.method === 'POST' ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    });
    res.writeHead(out.status, Object.fromEntries(out.headers));
    for await (const chunk of Readable.fromWeb(out.body as import('node:stream/web').ReadableStream)) res.write(chunk);
    res.end();
    return;
  }
  const text = await readBody(req);
  const body = text ? JSON.parse(text) : null;
  calls.push({ method: req.method!, path: url.pathname, auth: req.headers.authorization, body });
  res.setHeader('content-type', 'application/json');
  if (req.method === 'GET' && url.pathname.endsWith('/comments')) return res.end(JSON.stringify(comments));
  if (req.method === 'POST' && /\/issues\/\d+\/comments$/.test(url.pathname)) {
    comments.push({ id: 900 + comments.length, body: body.body });
    res.statusCode = 201;
    return res.end(JSON.stringify(comments.at(-1)));
  }
  const edit = /\/issues\/comments\/(\d+)$/.exec(url.pathname);
  if (req.method === 'PATCH' && edit) {
    const found = comments.find((c) => c.id === Number(edit[1]))!;
    found.body = body.body;
    return res.end(JSON.stringify(found));
  }
  res.statusCode = 201;
  res.end('{}');
}

function webhook(
  kind: 'github' | 'gitlab' | 'bitbucket' | 'gitea',
  payload: unknown,
  headers: Record<string, string>,
  sign: (body: string) => Record<string, string> = (body) => ({
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  }),
) {
  const body = JSON.stringify(payload);
  return t.app.request(`/v1/git/webhooks/${kind}/${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, ...sign(body) },
    body,
  });
}

const deploymentsOf = async () =>
  (await t.call('GET', '/v6/deployments?slug=acme&limit=100', { token: owner.token })).json.deployments as {
    uid: string;
    meta: Record<string, string>;
  }[];

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs the dispatcher until the provider got a call matching `match`. */
const reported = (what: string, match: (c: Call) => boolean) =>
  until(what, async () => {
    await dispatcher.tick();
    return calls.find(match);
  });

beforeAll(async () => {
  t = await createEngineTestApi({ worker: {}, api: { allowPrivateHookAddresses: true } });
  work = await mkdtemp(path.join(tmpdir(), 'nimbus-gitprov-'));
  upstream = await ensureRepo(path.join(work, '.provider'), 'upstream', 'main');
  provider = createServer((req, res) => {
    handleProvider(req, res).catch((err) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerBase = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  dispatcher = createHookDispatcher({
    db: t.db,
    cipher: t.engine.cipher,
    publicUrl: ORIGIN,
    deployDomain: 'localhost',
    allowPrivateAddresses: true,
    retryBaseMs: 50,
  });
  owner = await t.signup('gitprov@example.com');
  const team = await t.proTeam(owner.token, 'Acme');
  projectId = (await t.call('POST', '/v1/projects?slug=acme', { token: owner.token, body: { name: 'app' } })).json.id;
  viewer = await t.signup('gitprov-viewer@example.com');
  const invite = await t.call('POST', `/v1/teams/${team.json.id}/members`, {
    token: owner.token,
    body: { email: 'gitprov-viewer@example.com', role: 'VIEWER' },
  });
  await t.call('POST', `/v1/invitations/${invite.json.link.split('/invite/')[1]}/accept`, { token: viewer.token });
  await git('init', '-q', '-b', 'main');
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe('connected repositories', () => {
  it('connects a GitHub repository; the token is never returned and a viewer cannot change it', async () => {
    const body = {
      provider: 'github',
      repository: 'octo/app',
      apiUrl: providerBase,
      cloneUrl: `${providerBase}/octo/app.git`,
      token: TOKEN,
    };
    expect(
      (await t.call('PUT', '/v1/projects/app/git-repository?slug=acme', { token: viewer.token, body })).status,
    ).toBe(403);
    const made = await t.call('PUT', '/v1/projects/app/git-repository?slug=acme', { token: owner.token, body });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ provider: 'github', repository: 'octo/app', hasToken: true });
    expect(made.json.webhookUrl).toMatch(new RegExp(`/api/v1/git/webhooks/github/${projectId}$`));
    secret = made.json.webhookSecret;
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    const replies = [
      made,
      await t.call('GET', '/v1/projects/app/git-repository?slug=acme', { token: owner.token }),
      await t.call('GET', '/v1/projects/app/git-repository?slug=acme', { token: viewer.token }),
      await t.call('GET', '/v1/integrations?slug=acme', { token: owner.token }),
      await t.call('GET', '/v9/projects/app?slug=acme', { token: owner.token }),
    ];
    for (const r of replies) expect(JSON.stringify(r.json)).not.toContain(TOKEN);
    expect(replies[1]!.json.webhookSecret).toBeUndefined();
    expect(replies[3]!.json.git).toEqual([{ provider: 'github', repository: 'octo/app', projectId }]);
    expect((await t.call('DELETE', '/v1/projects/app/git-repository?slug=acme', { token: viewer.token })).status).toBe(
      403,
    );
    const gitea = await t.call('PUT', '/v1/projects/app/git-repository?slug=acme', {
      token: owner.token,
      body: { provider: 'gitea', repository: 'octo/app' },
    });
    expect(gitea.status).toBe(400);
    expect(gitea.json.error.message).toMatch(/apiUrl/);
  });

  it('deploys a signed GitHub push to production and posts the status; repeats and bad signatures change nothing', async () => {
    const sha = await push('main', 'production one');
    const payload = { ref: 'refs/heads/main', after: sha, deleted: false };
    const headers = { 'x-github-event': 'push', 'x-github-delivery': 'delivery-1' };
    const bad = await webhook('github', payload, headers, () => ({
      'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
    }));
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as any).error.code).toBe('invalid_signature');
    expect(await deploymentsOf()).toHaveLength(0);

    const res = await webhook('github', payload, headers);
    expect(res.status).toBe(201);
    const { deployment } = (await res.json()) as { deployment: { id: string } };
    const again = await webhook('github', payload, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ignored: true });
    expect(await deploymentsOf()).toHaveLength(1);
    expect(gitAuth.at(-1)).toBe(`Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`);

    const done = await t.waitFor(owner.token, deployment.id, undefined, 90_000, '?slug=acme');
    expect(done.readyState).toBe('READY');
    expect(done.target).toBe('production');
    expect(done.meta).toMatchObject({ githubCommitSha: sha, githubCommitRef: 'main', gitProvider: 'github' });
    const status = await reported('the commit status', (c) => c.path === `/repos/octo/app/statuses/${sha}`);
    expect(status).toMatchObject({
      method: 'POST',
      auth: `Bearer ${TOKEN}`,
      body: { state: 'success', context: 'Nimbus', target_url: `http://${done.url}` },
    });
  }, 120_000);

  it('deploys a pull request as a preview with one comment, updated by the next push', async () => {
    const first = await push('feature', 'preview one');
    const pr = (action: string, sha: string, id: string) =>
      webhook(
        'github',
        { action, number: 7, pull_request: { head: { ref: 'feature', sha } } },
        { 'x-github-event': 'pull_request', 'x-github-delivery': id },
      );
    const opened = await pr('opened', first, 'pr-1');
    expect(opened.status).toBe(201);
    const one = await t.waitFor(
      owner.token,
      ((await opened.json()) as any).deployment.id,
      undefined,
      90_000,
      '?slug=acme',
    );
    expect(one.readyState).toBe('READY');
    expect(one.target).toBeNull();
    expect(one.meta).toMatchObject({ gitPullRequest: '7', githubCommitSha: first });
    const created = await reported(
      'the comment',
      (c) => c.method === 'POST' && c.path === '/repos/octo/app/issues/7/comments',
    );
    expect(created.body.body).toContain('<!-- nimbus-preview -->');
    expect(created.body.body).toContain(one.url);

    const second = await push('feature', 'preview two');
    const sync = await pr('synchronize', second, 'pr-2');
    expect(sync.status).toBe(201);
    const two = await t.waitFor(
      owner.token,
      ((await sync.json()) as any).deployment.id,
      undefined,
      90_000,
      '?slug=acme',
    );
    expect(two.readyState).toBe('READY');
    const updated = await reported('the comment update', (c) => c.method === 'PATCH');
    expect(updated.path).toBe('/repos/octo/app/issues/comments/900');
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(two.url);
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/comments'))).toHaveLength(1);
  }, 180_000);

  it('accepts the GitLab, Bitbucket and Gitea signatures and payloads', async () => {
    const sha = await push('main', 'production two');
    const hmac = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
    const variants: {
      kind: 'gitlab' | 'bitbucket' | 'gitea';
      payload: unknown;
      headers: Record<string, string>;
      sign: (body: string) => Record<string, string>;
    }[] = [
      {
        kind: 'gitlab',
        payload: { ref: 'refs/heads/main', after: sha, checkout_sha: sha },
        headers: { 'x-gitlab-event': 'Push Hook', 'x-gitlab-event-uuid': 'gl-1' },
        sign: () => ({ 'x-gitlab-token': secret }),
      },
      {
        kind: 'bitbucket',
        payload: { push: { changes: [{ new: { type: 'branch', name: 'main', target: { hash: sha } } }] } },
        headers: { 'x-event-key': 'repo:push', 'x-request-uuid': 'bb-1' },
        sign: (body: string) => ({ 'x-hub-signature': `sha256=${hmac(body)}` }),
      },
      {
        kind: 'gitea',
        payload: { ref: 'refs/heads/main', after: sha },
        headers: { 'x-gitea-event': 'push', 'x-gitea-delivery': 'gt-1' },
        sign: (body: string) => ({ 'x-gitea-signature': hmac(body) }),
      },
    ];
    for (const v of variants) {
      const put = await t.call('PUT', '/v1/projects/app/git-repository?slug=acme', {
        token: owner.token,
        body: {
          provider: v.kind,
          repository: 'octo/app',
          apiUrl: providerBase,
          cloneUrl: `${providerBase}/octo/app.git`,
        },
      });
      expect(put.status).toBe(200);
      expect(put.json.webhookSecret).toBeUndefined();
      const wrong = await webhook(v.kind, v.payload, v.headers, () => ({}));
      expect(wrong.status, v.kind).toBe(401);
      const res = await webhook(v.kind, v.payload, v.headers, v.sign);
      expect(res.status, v.kind).toBe(201);
      const { deployment } = (await res.json()) as { deployment: { id: string } };
      const found = (await deploymentsOf()).find((d) => d.uid === deployment.id);
      expect(found?.meta).toMatchObject({ gitProvider: v.kind, githubCommitSha: sha });
    }
  }, 60_000);
});
