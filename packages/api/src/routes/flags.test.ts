// Feature flags and client error reports: staff alone define flags and read exposures and errors;
// every signed-in caller gets the flags evaluated for their team; the exposure batch and error
// reports are validated, capped and stored, naming a user or team only as the session allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let staff: Awaited<ReturnType<typeof t.signup>>;
let alice: Awaited<ReturnType<typeof t.signup>>;
let aliceTeam: string;
beforeAll(async () => {
  t = await createTestApi();
  staff = await t.signup('flag-staff@example.com');
  await t.call('POST', '/v1/teams', { cookie: staff.cookie, body: { name: 'Staff', slug: 'staff-team' } });
  alice = await t.signup('flag-alice@example.com');
  aliceTeam = (await t.call('GET', '/v2/user', { token: alice.token })).json.user.defaultTeamId;
});
afterAll(() => t.close());

/** A text/plain POST from our own origin, as navigator.sendBeacon sends it. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const batch = (extra: Record<string, unknown> = {}) => ({ events: [], exposures: [], user: {}, v: 2, ...extra });

describe('defining flags', () => {
  it('is for staff only', async () => {
    const res = await t.call('POST', '/v1/admin/flags', { token: alice.token, body: { key: 'nope' } });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/Only Nimbus staff/);
    expect((await t.call('GET', '/v1/admin/flags', { token: alice.token })).status).toBe(403);
    expect((await t.call('GET', '/v1/admin/client-errors', { token: alice.token })).status).toBe(403);
  });

  it('creates, updates, lists and deletes a flag', async () => {
    const made = await t.call('POST', '/v1/admin/flags', {
      token: staff.token,
      body: { key: 'crud-flag', description: 'For the test', enabled: true, rolloutPercentage: 25 },
    });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ key: 'crud-flag', rolloutPercentage: 25, overrides: {} });
    expect((await t.call('POST', '/v1/admin/flags', { token: staff.token, body: { key: 'crud-flag' } })).status).toBe(
      409,
    );
    const changed = await t.call('PATCH', '/v1/admin/flags/crud-flag', {
      token: staff.token,
      body: { rolloutPercentage: 60, overrides: { [aliceTeam]: true } },
    });
    expect(changed.json).toMatchObject({ rolloutPercentage: 60, overrides: { [aliceTeam]: true } });
    const listed = await t.call('GET', '/v1/admin/flags', { token: staff.token });
    expect(listed.json.flags.map((f: { key: string }) => f.key)).toContain('crud-flag');
    expect((await t.call('DELETE', '/v1/admin/flags/crud-flag', { token: staff.token })).status).toBe(200);
    expect((await t.call('DELETE', '/v1/admin/flags/crud-flag', { token: staff.token })).status).toBe(404);
  });

  it.each([
    ['a bad key', { key: 'Bad Key!' }, /key/],
    ['a percentage past 100', { key: 'k1', rolloutPercentage: 101 }, /rolloutPercentage/],
    ['an override of no team', { key: 'k2', overrides: { team_nothing: true } }, /no team/],
  ])('refuses %s with a 400', async (_, body, message) => {
    const res = await t.call('POST', '/v1/admin/flags', { token: staff.token, body });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(message);
  });
});

describe('the flags call', () => {
  it('answers every flag for the caller team, overrides first', async () => {
    await t.call('POST', '/v1/admin/flags', {
      token: staff.token,
      body: { key: 'all-on', enabled: true, rolloutPercentage: 100 },
    });
    await t.call('POST', '/v1/admin/flags', {
      token: staff.token,
      body: { key: 'forced', enabled: true, rolloutPercentage: 100, overrides: { [aliceTeam]: false } },
    });
    const res = await t.call('GET', '/v1/flags?flags=true', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.json.teamId).toBe(aliceTeam);
    expect(res.json.flags).toMatchObject({ 'all-on': true, forced: false });
    expect((await t.call('GET', '/v1/flags?flags=true')).status).toBe(403);
  });
});

describe('POST /stream/internal/statsig', () => {
  it('stores exposures for the caller and counts them per variant for staff', async () => {
    await t.call('POST', '/v1/admin/flags', { token: staff.token, body: { key: 'exposed', enabled: true } });
    const sent = batch({
      exposures: [
        { flag: 'exposed', value: true, time: Date.now() },
        { flag: 'exposed', value: false, time: Date.now() },
        { flag: 'exposed', value: true, time: Date.now() },
        { flag: 'never-defined', value: true, time: Date.now() },
      ],
      events: [{ eventName: 'clicked', value: 'usage', time: Date.now(), metadata: { email: 'a@b.c' } }],
      user: { userID: alice.user.id, customIDs: { teamID: aliceTeam } },
    });
    const res = await post('/stream/internal/statsig', sent, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ exposures: 3, events: 1 });
    const listed = await t.call('GET', '/v1/admin/flags', { token: staff.token });
    const flag = listed.json.flags.find((f: { key: string }) => f.key === 'exposed');
    expect(flag.exposures).toEqual({ true: 2, false: 1 });
    const events = await t.call('GET', '/v1/stream/internal?topic=statsig', { token: staff.token });
    expect(events.json.events[0].record).toMatchObject({
      eventName: 'clicked',
      userId: alice.user.id,
      teamId: aliceTeam,
      metadata: { email: 'REDACTED' },
    });
  });

  it('never takes a user or team that is not the caller', async () => {
    const other = await post('/stream/internal/statsig', batch({ user: { userID: staff.user.id } }), {
      cookie: alice.cookie,
    });
    expect(other.status).toBe(403);
    const team = await post('/stream/internal/statsig', batch({ user: { customIDs: { teamID: 'team_x' } } }), {
      cookie: alice.cookie,
    });
    expect(team.status).toBe(403);
    // Without a session the names are dropped, not trusted.
    const anonymous = await post('/stream/internal/statsig', batch({ user: { userID: staff.user.id } }));
    expect(anonymous.status).toBe(200);
  });

  it.each([
    ['a wrong version', batch({ v: 1 }), /v/],
    ['a missing exposures list', { events: [], user: {}, v: 2 }, /exposures/],
    ['a bad flag key', batch({ exposures: [{ flag: 'A B', value: true, time: 1 }] }), /flag/],
    ['more than 100 exposures', batch({ exposures: Array(101).fill({ flag: 'x', value: true, time: 1 }) }), /100/],
    ['a body that is not JSON', '{"v":', /not valid JSON/],
  ])('refuses %s with a 400', async (_, body, message) => {
    const res = await post('/stream/internal/statsig', body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(message);
  });

  it('refuses other origins and oversized batches', async () => {
    expect((await post('/stream/internal/statsig', batch(), { origin: 'https://evil.example' })).status).toBe(403);
    const big = await post('/stream/internal/statsig', batch({ padding: 'x'.repeat(70_000) }));
    expect(big.status).toBe(413);
  });
});

describe('client error reports', () => {
  const report = (extra: Record<string, unknown> = {}) => ({
    kind: 'fetch',
    message: 'Internal Server Error',
    path: '/acme/settings',
    requestId: 'req_123',
    traceId: '0af7651916cd43dd8448eb211c80319c',
    status: 500,
    release: '1.2.3',
    ...extra,
  });

  it('stores a report, redacted, and lists it newest first for staff', async () => {
    await post('/v1/client-errors', report({ message: 'older' }));
    const res = await post('/v1/client-errors', report({ properties: { email: 'a@b.c', form: 'team' } }));
    expect(res.status).toBe(200);
    const listed = await t.call('GET', '/v1/admin/client-errors', { token: staff.token });
    expect(listed.json.errors[0]).toMatchObject({
      message: 'Internal Server Error',
      requestId: 'req_123',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      properties: { email: 'REDACTED', form: 'team' },
    });
    expect(listed.json.errors[1].message).toBe('older');
  });

  it('refuses a bad report and too many from one address', async () => {
    expect((await post('/v1/client-errors', report({ kind: 'other' }))).status).toBe(400);
    expect((await post('/v1/client-errors', report({ traceId: 'xyz' }))).status).toBe(400);
    const t2 = await createTestApi();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await t2.app.request(`${ORIGIN}/v1/client-errors`, {
        method: 'POST',
        headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(report()),
      });
      last = res.status;
    }
    expect(last).toBe(429);
    await t2.close();
  });
});
