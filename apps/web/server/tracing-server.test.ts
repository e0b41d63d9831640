// The real front server (server.ts, API role) with tracing on: every response carries `x-nimbus-id`
// and `traceparent`; the diagnostic route's 500 is recorded as a server error and its trace is kept
// whatever its sampling, with the span chain front server → API → database; sampling by kind holds
// for an incoming trace id; trace state is cut to its limits. On PGlite and on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverErrorsOfTrace, traceSpansOf } from '@nimbus/db';
import { createEmptyPostgresDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../server';
import { loadConfig } from './config';

const ORIGIN = 'http://localhost:3000';
const STAFF_TEAM = 'trace-staff';
let started: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let base: string;
let token: string;

/** A trace id the ratio sampler places at `share` of its range (its first 8 hex digits; the rest 0). */
const traceIdAt = (share: number) =>
  `${Math.floor(share * 0xffffffff)
    .toString(16)
    .padStart(8, '0')}${'0'.repeat(24)}`;

async function call(method: string, url: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => null) };
}

async function spansOf(traceId: string, atLeast: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const spans = await traceSpansOf(started.runtime.database.db, traceId);
    if (spans.length >= atLeast || Date.now() > deadline) return spans;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-tracing-'));
  const postgres = inject('dbTemplate').kind === 'postgres';
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    NIMBUS_DATA_DIR: dataDir,
    NIMBUS_PUBLIC_URL: ORIGIN,
    NIMBUS_STAFF_TEAM: STAFF_TEAM,
    NIMBUS_TRACING: '1',
    NIMBUS_SECRET: 'x'.repeat(32),
    ...(postgres ? { DATABASE_URL: await createEmptyPostgresDatabase() } : {}),
  });
  // Only the API: no Next.js build and no build worker are needed here (PGlite keeps it one process).
  for (const role of ['web', 'edge', 'worker'] as const) config.roles.delete(role);
  started = await startServer(config);
  base = `http://127.0.0.1:${started.port}`;
  const browser = { origin: base };
  const signup = await fetch(`${base}/api/v2/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...browser },
    body: JSON.stringify({ email: 'staff@example.com', password: 'correct horse battery', name: 'Staff' }),
  });
  expect(signup.status).toBe(200);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  token = (await call('POST', '/api/v3/user/tokens', { cookie, ...browser }, { name: 'test' })).json.bearerToken;
  expect(
    (await call('POST', '/api/v1/teams', { authorization: `Bearer ${token}` }, { name: 'Staff', slug: STAFF_TEAM }))
      .status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await started?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('front server tracing', () => {
  it('gives every response a request id and a traceparent, continuing an incoming trace within the limits', async () => {
    const res = await call('GET', '/api/health', {
      traceparent: `00-${traceIdAt(0.9)}-b7ad6b7169203331-01`,
      tracestate: Array.from({ length: 40 }, (_, i) => `k${i}=v${i}`).join(','),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-nimbus-id')).toMatch(/^req_[0-9a-f]{20}$/);
    // A fetch at 0.9 of the range is not sampled (0.2): flag 00.
    expect(res.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceIdAt(0.9)}-[0-9a-f]{16}-00$`));
    expect(res.headers.get('tracestate')!.split(',')).toHaveLength(32);
    // A page request too, whatever it is answered with.
    const other = await call('GET', '/v2/nothing-here');
    expect(other.headers.get('x-nimbus-id')).toMatch(/^req_/);
    expect(other.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
  });

  it('records a 500 as a server error and keeps its sampled trace: front server → API → database', async () => {
    // At 0.1 of the range a fetch is sampled: the whole request is traced.
    const traceId = traceIdAt(0.1);
    const res = await call('GET', '/api/v1/admin/diagnostics/error', {
      authorization: `Bearer ${token}`,
      traceparent: `00-${traceId}-b7ad6b7169203331-01`,
    });
    expect(res.status).toBe(500);
    expect(res.json.error).toEqual({
      code: 'internal_server_error',
      message: 'Something went wrong on our side. Try again in a moment.',
    });
    const requestId = res.headers.get('x-nimbus-id')!;
    const spans = await spansOf(traceId, 3);
    const root = spans.find((s) => s.attributes['nimbus.root'])!;
    expect(root).toMatchObject({ kind: 'fetch', status: 'error', parentSpanId: null });
    expect(root.name).toBe('fetch GET /api/v1/admin/diagnostics/error');
    expect(root.attributes).toMatchObject({ 'nimbus.request_id': requestId, 'http.response.status_code': 500 });
    const api = spans.find((s) => s.name.startsWith('API '))!;
    expect(api).toMatchObject({
      name: 'API GET /v1/admin/diagnostics/error',
      parentSpanId: root.spanId,
      status: 'error',
    });
    expect(api.attributes['http.route']).toBe('/v1/admin/diagnostics/error');
    const queries = spans.filter((s) => s.attributes['db.system'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    // Every database span hangs under the API's span (directly or through another span of the API).
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    for (const query of queries) {
      let parent = byId.get(query.parentSpanId!);
      while (parent && parent !== api) parent = byId.get(parent.parentSpanId ?? '');
      expect(parent, query.name).toBe(api);
      expect(query.name).toMatch(/^db (SELECT|INSERT|UPDATE|DELETE)/);
      // Statements with placeholders, never the token or its hash.
      expect(JSON.stringify(query.attributes)).not.toContain(token);
    }
    const [error] = await serverErrorsOfTrace(started.runtime.database.db, traceId);
    expect(error).toMatchObject({ source: 'api', method: 'GET', path: '/v1/admin/diagnostics/error', requestId });
    expect(error!.message).toContain('Diagnostic error');
    expect(error!.stack).toContain('diagnosticError');
  });

  it('keeps the root span of a request that was not sampled but failed, beside its server error', async () => {
    // At 0.95 of the range a fetch is never sampled: no span is made while it runs, and the failure keeps its root.
    const traceId = traceIdAt(0.95);
    const res = await call('GET', '/api/v1/admin/diagnostics/error', {
      authorization: `Bearer ${token}`,
      traceparent: `00-${traceId}-b7ad6b7169203331-00`,
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-00$`));
    const requestId = res.headers.get('x-nimbus-id')!;
    const [root, ...others] = await spansOf(traceId, 1);
    expect(others).toEqual([]);
    expect(root).toMatchObject({ kind: 'fetch', status: 'error', parentSpanId: null });
    expect(root!.name).toBe('fetch GET /api/v1/admin/diagnostics/error');
    expect(root!.attributes).toMatchObject({ 'nimbus.request_id': requestId, 'http.response.status_code': 500 });
    const [error] = await serverErrorsOfTrace(started.runtime.database.db, traceId);
    expect(error).toMatchObject({ source: 'api', requestId });
  });

  it('samples by kind on the trace id: a fetch below 0.2 is kept, one at 0.3 is not', async () => {
    const kept = traceIdAt(0.12);
    const dropped = traceIdAt(0.3);
    for (const traceId of [kept, dropped])
      expect(
        (
          await call('GET', '/api/v2/user', {
            authorization: `Bearer ${token}`,
            traceparent: `00-${traceId}-b7ad6b7169203331-01`,
          })
        ).status,
      ).toBe(200);
    const spans = await spansOf(kept, 3);
    expect(spans.find((s) => s.attributes['nimbus.root'])?.kind).toBe('fetch');
    expect(spans.some((s) => s.name === 'API GET /v2/user')).toBe(true);
    expect(await traceSpansOf(started.runtime.database.db, dropped)).toEqual([]);
  });

  it('lets staff read the trace through the API, and nobody else', async () => {
    const traceId = traceIdAt(0.1);
    const read = await call('GET', `/api/v1/admin/traces/${traceId}`, { authorization: `Bearer ${token}` });
    expect(read.status).toBe(200);
    expect(read.json.spans.length).toBeGreaterThanOrEqual(3);
    expect(read.json.errors[0].message).toContain('Diagnostic error');
    const list = await call('GET', '/api/v1/admin/traces', { authorization: `Bearer ${token}` });
    expect(list.json.traces.find((t: { traceId: string }) => t.traceId === traceId)).toMatchObject({
      traceId,
      status: 'error',
    });
    expect(list.json.traces.find((t: { traceId: string }) => t.traceId === traceId).error).toContain(
      'Diagnostic error',
    );
    expect((await call('GET', `/api/v1/admin/traces/${traceId}`)).status).toBe(403);
  });
});
