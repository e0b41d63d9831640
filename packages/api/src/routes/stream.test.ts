// The internal event stream (docs/spec.md): a beacon's {topic, record} is validated, redacted
// and stored, naming a user or team only as the caller's session allows; staff read every record
// of a topic, other users only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let staff: Awaited<ReturnType<typeof t.signup>>;
let alice: Awaited<ReturnType<typeof t.signup>>;
let staffTeamId: string;
beforeAll(async () => {
  t = await createTestApi();
  staff = await t.signup('streamer@example.com');
  staffTeamId = (
    await t.call('POST', '/v1/teams', { cookie: staff.cookie, body: { name: 'Staff', slug: 'staff-team' } })
  ).json.id;
  alice = await t.signup('alice-stream@example.com');
});
afterAll(() => t.close());

/** What navigator.sendBeacon sends: a text/plain body from our own origin, no cookie needed. */
async function beacon(body: unknown, headers: Record<string, string> = { origin: ORIGIN }) {
  const res = await t.app.request(`${ORIGIN}/stream/internal`, {
    method: 'POST',
    headers: { host: 'localhost:3000', 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

const upgrade = (actorId: string, extra: Record<string, unknown> = {}) => ({
  topic: 'upgrade_modal',
  record: { id: crypto.randomUUID(), event_time: Date.now(), actorId, newPlan: 'pro', ...extra },
});

describe('POST /stream/internal', () => {
  it('stores a beaconed record with email, ip and phone redacted at any depth', async () => {
    const sent = upgrade(alice.user.id, {
      email: 'alice@example.com',
      meta: { ip: '10.0.0.1', Phone: '+1 555' },
      cartTotal: 20,
    });
    const res = await beacon(sent, { origin: ORIGIN, cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.json.id).toMatch(/^evt_/);
    const read = await t.call('GET', '/v1/stream/internal?topic=upgrade_modal', { cookie: staff.cookie });
    const stored = read.json.events.find((e: { record: { id: string } }) => e.record.id === sent.record.id);
    expect(stored.record).toMatchObject({
      email: 'REDACTED',
      meta: { ip: 'REDACTED', Phone: 'REDACTED' },
      cartTotal: 20,
      actorId: alice.user.id,
    });
  });

  it.each([
    ['a missing record id', { topic: 'upgrade_modal', record: { event_time: 1 } }, /record\.id/],
    ['a missing event_time', { topic: 'upgrade_modal', record: { id: 'x' } }, /record\.event_time/],
    ['an invalid topic', { topic: 'Upgrade Modal!', record: { id: 'x', event_time: 1 } }, /topic/],
    ['a body that is not JSON', '{"topic":', /not valid JSON/],
  ])('refuses %s with a 400 that says what is wrong', async (_, body, message) => {
    const res = await beacon(body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(message);
  });

  it('refuses other origins and oversized records', async () => {
    expect((await beacon(upgrade('x'), { origin: 'https://evil.example' })).status).toBe(403);
    const big = await beacon(upgrade('x', { padding: 'x'.repeat(40_000) }));
    expect(big.status).toBe(413);
  });
});

describe('whose name a record carries', () => {
  const stored = async (id: string) => {
    const read = await t.call('GET', '/v1/stream/internal?topic=upgrade_modal&limit=100', { cookie: staff.cookie });
    return read.json.events.find((e: { record: { id: string } }) => e.record.id === id)?.record;
  };

  it('drops the user and team fields of a record sent without a session', async () => {
    const sent = upgrade(alice.user.id, { userId: alice.user.id, user_id: 'usr_x', teamId: 'team_x', team_id: 'x' });
    expect((await beacon(sent)).status).toBe(200);
    const record = await stored(sent.record.id);
    expect(record).toMatchObject({ newPlan: 'pro' });
    for (const field of ['actorId', 'userId', 'user_id', 'teamId', 'team_id']) expect(record).not.toHaveProperty(field);
  });

  it.each([
    ['another user as actorId', () => ({ actorId: staff.user.id })],
    ['another user as user_id', () => ({ actorId: alice.user.id, user_id: staff.user.id })],
    ['a team the caller is not in', () => ({ actorId: alice.user.id, teamId: staffTeamId })],
    ['a team id that is not a string', () => ({ actorId: alice.user.id, team_id: 42 })],
  ])('refuses a session caller naming %s with a 403', async (_, fields) => {
    const sent = { topic: 'upgrade_modal', record: { id: crypto.randomUUID(), event_time: 1, ...fields() } };
    const res = await beacon(sent, { origin: ORIGIN, cookie: alice.cookie });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
    expect(await stored(sent.record.id)).toBeUndefined();
  });

  it('keeps fields that name the caller and a team of theirs, from a cookie or a token', async () => {
    const team = await t.call('POST', '/v1/teams', { cookie: alice.cookie, body: { name: 'Alice Co' } });
    const byCookie = upgrade(alice.user.id, { teamId: team.json.id, team_id: null });
    expect((await beacon(byCookie, { origin: ORIGIN, cookie: alice.cookie })).status).toBe(200);
    expect(await stored(byCookie.record.id)).toMatchObject({ actorId: alice.user.id, teamId: team.json.id });
    const byToken = upgrade(alice.user.id, { userId: alice.user.id });
    const res = await beacon(byToken, { origin: ORIGIN, authorization: `Bearer ${alice.token}` });
    expect(res.status).toBe(200);
    expect(await stored(byToken.record.id)).toMatchObject({ actorId: alice.user.id, userId: alice.user.id });
  });
});

describe('a beacon with the cookie that does not say where it comes from', () => {
  it('is kept as anonymous: the cookie names a caller only from our own origin', async () => {
    const sent = upgrade(alice.user.id);
    const res = await beacon(sent, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const read = await t.call('GET', '/v1/stream/internal?topic=upgrade_modal&limit=100', { cookie: staff.cookie });
    const stored = read.json.events.find((e: { record: { id: string } }) => e.record.id === sent.record.id);
    expect(stored.record.actorId).toBeUndefined();
  });
});

describe('GET /v1/stream/internal', () => {
  it('shows staff every record of a topic and others only their own', async () => {
    const bob = await t.signup('bob-stream@example.com');
    await beacon(upgrade(bob.user.id), { origin: ORIGIN, cookie: bob.cookie });
    const own = await t.call('GET', '/v1/stream/internal?topic=upgrade_modal', { cookie: bob.cookie });
    expect(own.status).toBe(200);
    expect(own.json.events.length).toBeGreaterThan(0);
    expect(own.json.events.every((e: { record: { actorId: string } }) => e.record.actorId === bob.user.id)).toBe(true);
    const all = await t.call('GET', '/v1/stream/internal?topic=upgrade_modal&limit=100', { cookie: staff.cookie });
    expect(new Set(all.json.events.map((e: { record: { actorId: string } }) => e.record.actorId))).toContain(
      alice.user.id,
    );
    expect((await t.call('GET', '/v1/stream/internal', { cookie: bob.cookie })).status).toBe(400);
    expect((await t.call('GET', '/v1/stream/internal?topic=upgrade_modal')).status).toBe(403);
  });
});
