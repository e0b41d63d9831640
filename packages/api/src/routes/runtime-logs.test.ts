// Runtime logs through the API: rows reported through the engine's writer, read back filtered and
// paged by the dashboard's list, followed live over server-sent events, streamed as JSON lines for
// @vercel/sdk, queried by the official `vercel logs`, and hidden from every other team.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { RuntimeLogWriter } from '@nimbus/engine';
import { Vercel } from '@vercel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from '../engine-testing';
import { listen } from '../testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let writer: RuntimeLogWriter;
let token: string;
let outsider: string;
let teamId: string;
let projectId: string;
let deploymentId: string;
let otherDeploymentId: string;

const report = (path: string, status: number, lines: string[] = [], deployment = deploymentId) => {
  const requestId = `req_${path}_${status}`;
  for (const message of lines)
    writer.onLog({
      deploymentId: deployment,
      projectId,
      teamId,
      requestId,
      stream: 'stdout',
      message,
      time: Date.now(),
    });
  writer.onRequest({
    deploymentId: deployment,
    projectId,
    teamId,
    requestId,
    method: 'GET',
    path,
    status,
    durationMs: 40,
    cold: status === 200,
    memoryMb: 1024,
    functionPath: 'api/index.func',
  });
};

const list = async (query: string, as = token) =>
  t.call('GET', `/v1/projects/shop/logs?slug=acme-logs&${query}`, { token: as });

beforeAll(async () => {
  t = await createEngineTestApi();
  writer = new RuntimeLogWriter({ db: t.db, events: t.engine.events, flushMs: 50 });
  token = (await t.signup('logs-owner@example.com', 'Logs Owner')).token;
  outsider = (await t.signup('logs-outsider@example.com', 'Outsider')).token;
  teamId = (await t.call('POST', '/v1/teams', { token, body: { name: 'Acme Logs', slug: 'acme-logs' } })).json.id;
  const first = await t.deploy(token, { 'index.html': 'one' }, { name: 'shop' }, '?slug=acme-logs');
  const second = await t.deploy(token, { 'index.html': 'two' }, { name: 'shop' }, '?slug=acme-logs');
  deploymentId = first.json.id;
  otherDeploymentId = second.json.id;
  projectId = first.json.projectId;
  report('/api/ok', 200, ['hello from ok']);
  report('/api/missing', 404);
  report('/api/broken', 500, ['about to fail']);
  report('/api/other', 201, [], otherDeploymentId);
  await writer.flush();
}, 60_000);
afterAll(() => t.close());

describe('GET /v1/projects/{idOrName}/logs', () => {
  it('lists requests and printed lines newest first', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.json.logs.map((l: { source: string; path: string | null }) => [l.source, l.path])).toEqual([
      ['request', '/api/other'],
      ['request', '/api/broken'],
      ['stdout', null],
      ['request', '/api/missing'],
      ['request', '/api/ok'],
      ['stdout', null],
    ]);
    expect(res.json.logs[1]).toMatchObject({ level: 'error', status: 500, method: 'GET', durationMs: 40, cold: false });
    expect(res.json.pagination.next).toBeNull();
  });

  it('filters by status class, level, path, text and deployment', async () => {
    const paths = async (q: string) =>
      (await list(q)).json.logs.map((l: { path: string | null; message: string }) => l.path ?? l.message);
    expect(await paths('status=5xx')).toEqual(['/api/broken']);
    expect(await paths('status=404')).toEqual(['/api/missing']);
    expect(await paths('status=2xx')).toEqual(['/api/other', '/api/ok']);
    expect(await paths('level=warning&level=error')).toEqual(['/api/broken', '/api/missing']);
    expect(await paths('path=missing')).toEqual(['/api/missing']);
    expect(await paths('q=ABOUT')).toEqual(['about to fail']);
    expect(await paths(`deploymentId=${otherDeploymentId}`)).toEqual(['/api/other']);
    expect((await list('status=6xx')).status).toBe(400);
  });

  it('pages with the cursor and polls with after', async () => {
    const first = await list('limit=4');
    expect(first.json.logs).toHaveLength(4);
    const rest = await list(`limit=4&cursor=${first.json.pagination.next}`);
    expect(rest.json.logs.map((l: { path: string | null }) => l.path)).toEqual(['/api/ok', null]);
    const newest = first.json.logs[0].id;
    expect((await list(`after=${newest}`)).json.logs).toEqual([]);
    report('/api/late', 200);
    await writer.flush();
    expect((await list(`after=${newest}`)).json.logs.map((l: { path: string }) => l.path)).toEqual(['/api/late']);
  });

  it("is a 404 for another team's caller, whichever way they ask", async () => {
    expect((await list('', outsider)).status).toBe(404);
    expect((await t.call('GET', `/v1/projects/${projectId}/logs`, { token: outsider })).status).toBe(404);
    expect(
      (await t.call('GET', `/v1/projects/${projectId}/deployments/${deploymentId}/runtime-logs`, { token: outsider }))
        .status,
    ).toBe(404);
    const query = { event: 'vercel.log', scope: { ownerId: teamId, projectIds: [projectId] } };
    expect(
      (await t.call('POST', `/v1/observability/events?teamId=${teamId}`, { token: outsider, body: query })).status,
    ).toBe(404);
    expect((await t.call('POST', '/v1/observability/events', { token: outsider, body: query })).status).toBe(404);
  });
});

describe('live tail', () => {
  it('sends a row stored after the stream opened as a server-sent event', async () => {
    const abort = new AbortController();
    const res = await t.app.request('http://localhost:3000/v1/projects/shop/logs/stream?slug=acme-logs&status=5xx', {
      headers: { authorization: `Bearer ${token}`, host: 'localhost:3000' },
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    setTimeout(() => {
      report('/api/ignored', 200);
      report('/api/live', 502);
      void writer.flush();
    }, 200);
    let text = '';
    while (!text.includes('/api/live')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    expect(text).toContain('event: log');
    expect(text).not.toContain('/api/ignored');
    expect(text).not.toContain('/api/broken');
  });
});

describe('GET /v1/projects/{projectId}/deployments/{deploymentId}/runtime-logs', () => {
  it("streams the deployment's rows oldest first as @vercel/sdk reads them", async () => {
    const res = await t.app.request(
      `http://localhost:3000/v1/projects/${projectId}/deployments/${otherDeploymentId}/runtime-logs?teamId=${teamId}`,
      { headers: { authorization: `Bearer ${token}`, host: 'localhost:3000' } },
    );
    expect(res.headers.get('content-type')).toContain('application/stream+json');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        source: 'request',
        requestMethod: 'GET',
        requestPath: '/api/other',
        responseStatusCode: 201,
        messageTruncated: false,
      }),
    ]);
    expect(typeof lines[0].rowId).toBe('string');
    expect(typeof lines[0].timestampInMs).toBe('number');
  });

  it('passes the validation of @vercel/sdk getRuntimeLogs', async () => {
    // The SDK reads the whole body as one JSON value, so it can read a deployment with one row.
    const server = await listen(t.app);
    try {
      const sdk = new Vercel({ bearerToken: token, serverURL: server.url });
      const line = await sdk.logs.getRuntimeLogs({ projectId, deploymentId: otherDeploymentId, teamId });
      expect(line).toMatchObject({ source: 'request', requestPath: '/api/other', responseStatusCode: 201 });
    } finally {
      await server.close();
    }
  });
});

describe('vercel logs', () => {
  let server: Awaited<ReturnType<typeof listen>>;
  let home: string;
  const run = promisify(execFile);
  const vercel = async (...args: string[]) => {
    const { stdout, stderr } = await run(
      path.join(process.cwd(), 'node_modules', '.bin', 'vercel'),
      [...args, '--api', server.url, '--token', token, '-Q', home, '--scope', 'acme-logs'],
      {
        env: { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0', HOME: home },
        cwd: home,
        timeout: 60_000,
      },
    );
    return `${stdout}\n${stderr}`;
  };
  const records = (out: string) =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((l) => l.type === 'log' || l.type === 'request')
      .map((l) => l.data);

  beforeAll(async () => {
    server = await listen(t.app);
    home = await mkdtemp(path.join(tmpdir(), 'nimbus-logs-cli-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(home, { recursive: true, force: true });
  });

  it('prints the rows written through the writer, filtered by --query and --deployment', {
    timeout: 120_000,
  }, async () => {
    const all = records(await vercel('logs', '--project', 'shop', '--json', '--since', '1h'));
    expect(all.map((e) => e.message)).toContain('hello from ok');
    const errors = records(await vercel('logs', '--project', 'shop', '--json', '--query', 'level:error'));
    expect(errors.map((e) => e.requestPath)).toEqual(['/api/live', '/api/broken']);
    const requests = records(
      await vercel(
        'logs',
        'requests',
        '--project',
        'shop',
        '--json',
        '--query',
        'httpStatus >= 400 AND httpStatus < 500',
      ),
    );
    expect(requests.map((e) => [e.requestPath, e.httpStatus])).toEqual([['/api/missing', 404]]);
    const other = records(await vercel('logs', '--project', 'shop', '--deployment', otherDeploymentId, '--json'));
    expect(other.map((e) => e.requestPath)).toEqual(['/api/other']);
    const table = await vercel('logs', '--project', 'shop', '--query', 'requestPath:*broken*');
    expect(table).toMatch(/error\s+serverless\s+GET \/api\/broken 500 in 40ms/);
  });
});
