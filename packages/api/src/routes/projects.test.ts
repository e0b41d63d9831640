import { schema } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
beforeAll(async () => {
  t = await createEngineTestApi();
  ({ token } = await t.signup('projects@example.com'));
});
afterAll(() => t.close());

describe('projects', () => {
  it('creates, reads by id and by name, updates settings and deletes with 204', async () => {
    const created = await t.call('POST', '/v11/projects', {
      token,
      body: { name: 'my-app', framework: 'vite', buildCommand: 'npm run build' },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      name: 'my-app',
      framework: 'vite',
      buildCommand: 'npm run build',
      alias: [],
      nodeVersion: '24.x',
    });
    expect((await t.call('GET', `/v9/projects/${created.json.id}`, { token })).json.name).toBe('my-app');
    const patched = await t.call('PATCH', '/v9/projects/my-app', {
      token,
      body: { outputDirectory: 'build', installCommand: 'npm ci', rootDirectory: 'web', buildCommand: '' },
    });
    expect(patched.json).toMatchObject({
      outputDirectory: 'build',
      installCommand: 'npm ci',
      rootDirectory: 'web',
      buildCommand: null,
    });
    const deleted = await t.call('DELETE', `/v9/projects/${created.json.id}`, { token });
    expect(deleted.status).toBe(204);
    expect((await t.call('GET', '/v9/projects/my-app', { token })).status).toBe(404);
  });

  it.each([
    [{ name: 'Has Spaces' }, 400, 'invalid_name'],
    [{ name: 'a---b' }, 400, 'invalid_name'],
    [{ name: 'x'.repeat(101) }, 400, 'invalid_name'],
    [{ name: 'ok', framework: 'rails' }, 400, 'bad_request'],
    [{ name: 'ok', outputDirectory: '../secrets' }, 400, 'bad_request'],
    [{ name: 'ok', rootDirectory: '/etc' }, 400, 'bad_request'],
    [{}, 400, 'bad_request'],
  ])('rejects %j with %i %s', async (body, status, code) => {
    const res = await t.call('POST', '/v1/projects', { token, body });
    expect(res.status).toBe(status);
    expect(res.json.error.code).toBe(code);
    expect(res.json.error.message.length).toBeGreaterThan(10);
  });

  it('offers the Node.js versions the vercel CLI builds with, and refuses others naming them', async () => {
    await t.call('POST', '/v1/projects', { token, body: { name: 'node-app' } });
    const ok = await t.call('PATCH', '/v9/projects/node-app', { token, body: { nodeVersion: '24.x' } });
    expect(ok.json.nodeVersion).toBe('24.x');
    const old = await t.call('PATCH', '/v9/projects/node-app', { token, body: { nodeVersion: '20.x' } });
    expect(old.status).toBe(400);
    expect(old.json.error.message).toMatch(/24\.x, 22\.x/);
  });

  it('refuses a second project with the same name in a team (409)', async () => {
    await t.call('POST', '/v1/projects', { token, body: { name: 'twice' } });
    const again = await t.call('POST', '/v1/projects', { token, body: { name: 'twice' } });
    expect(again.status).toBe(409);
  });

  it('lists newest first in pages whose last one has next: null', async () => {
    for (const name of ['p-1', 'p-2', 'p-3']) await t.call('POST', '/v1/projects', { token, body: { name } });
    const first = await t.call('GET', '/v10/projects?limit=2', { token });
    expect(first.json.projects.map((p: { name: string }) => p.name)).toEqual(['p-3', 'p-2']);
    let next = first.json.pagination.next;
    const seen = [...first.json.projects];
    while (next) {
      const page = await t.call('GET', `/v10/projects?limit=2&until=${next}`, { token });
      seen.push(...page.json.projects);
      next = page.json.pagination.next;
    }
    expect(seen.map((p) => p.name)).toContain('twice');
    const searched = await t.call('GET', '/v10/projects?search=p-', { token });
    expect(searched.json.projects).toHaveLength(3);
  });

  it("keeps teams apart: another user's project is not found", async () => {
    const other = await t.signup('other-projects@example.com');
    expect((await t.call('GET', '/v9/projects/twice', { token: other.token })).status).toBe(404);
  });
});

describe('environment variables', () => {
  let envId: string;

  it('creates a variable (201), stores it encrypted and shows the value only with decrypt=true', async () => {
    await t.call('POST', '/v1/projects', { token, body: { name: 'env-app' } });
    const res = await t.call('POST', '/v10/projects/env-app/env', {
      token,
      body: { key: 'API_KEY', value: 's3cr3t-value', target: ['production', 'preview'] },
    });
    expect(res.status).toBe(201);
    envId = res.json.created.id;
    const [row] = await t.db.select().from(schema.envVars).where(eq(schema.envVars.id, envId));
    expect(row!.valueEncrypted).not.toContain('s3cr3t');
    expect(t.engine.cipher.decrypt(row!.valueEncrypted)).toBe('s3cr3t-value');
    const hidden = await t.call('GET', '/v10/projects/env-app/env', { token });
    expect(JSON.stringify(hidden.json)).not.toContain('s3cr3t-value');
    const shown = await t.call('GET', '/v10/projects/env-app/env?decrypt=true', { token });
    expect(shown.json.envs[0]).toMatchObject({
      key: 'API_KEY',
      value: 's3cr3t-value',
      decrypted: true,
      target: ['production', 'preview'],
    });
  });

  it('rejects bad keys, targets and clashes with a clear 4xx, writing nothing', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ key: '1BAD', value: 'x', target: 'production' }, 400, /not a valid key/],
      [{ key: 'OK', value: 'x', target: 'staging' }, 400, /not a target/],
      [{ key: 'OK', value: 'x', target: [] }, 400, /at least one/],
      [{ key: 'API_KEY', value: 'x', target: 'preview' }, 409, /already exists for preview/],
      [
        [
          { key: 'A', value: '1', target: 'production' },
          { key: 'A', value: '2', target: 'production' },
        ],
        409,
        /twice/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.call('POST', '/v10/projects/env-app/env', { token, body });
      expect(res.status).toBe(status);
      expect(res.json.error.message).toMatch(message);
    }
    const list = await t.call('GET', '/v10/projects/env-app/env', { token });
    expect(list.json.envs.map((e: { key: string }) => e.key)).toEqual(['API_KEY']);
  });

  it('updates and deletes a variable; a sensitive value is never shown again', async () => {
    const patched = await t.call('PATCH', `/v9/projects/env-app/env/${envId}`, {
      token,
      body: { value: 'rotated', target: ['production'], type: 'sensitive' },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ target: ['production'], type: 'sensitive', value: '' });
    const shown = await t.call('GET', '/v10/projects/env-app/env?decrypt=true', { token });
    expect(JSON.stringify(shown.json)).not.toContain('rotated');
    expect((await t.call('DELETE', `/v9/projects/env-app/env/${envId}`, { token })).status).toBe(200);
    expect((await t.call('DELETE', `/v9/projects/env-app/env/${envId}`, { token })).status).toBe(404);
  });

  it('pulls the values of one target (sensitive ones empty) and refuses an unknown target naming the known ones', async () => {
    await t.call('POST', '/v10/projects/env-app/env', {
      token,
      body: [
        { key: 'PUBLIC_URL', value: 'https://example.com', target: ['production', 'development'] },
        { key: 'DB_PASS', value: 'hunter2', target: ['production'], type: 'sensitive' },
        { key: 'PREVIEW_ONLY', value: 'p', target: ['preview'] },
      ],
    });
    const pulled = await t.call('GET', '/v3/env/pull/env-app/production?source=vercel-cli:pull', { token });
    expect(pulled.json).toEqual({ env: { PUBLIC_URL: 'https://example.com', DB_PASS: '' }, buildEnv: {} });
    const dev = await t.call('GET', '/v3/env/pull/env-app', { token });
    expect(dev.json.env).toEqual({ PUBLIC_URL: 'https://example.com' });
    const bad = await t.call('GET', '/v3/env/pull/env-app/staging', { token });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/production, preview, development/);
  });
});
