// The internal event stream (docs/spec.md): a beacon's {topic, record} is validated, redacted
// and stored; staff read every record of a topic, other users only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let staff: Awaited<ReturnType<typeof t.signup>>;
let alice: Awaited<ReturnType<typeof t.signup>>;
beforeAll(async () => {
  t = await createTestApi();
  staff = await t.signup('streamer@example.com');
  await t.call('POST', '/v1/teams', { cookie: staff.cookie, body: { name: 'Staff', slug: 'staff-team' } });
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
    const res = await beacon(sent);
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

describe('GET /v1/stream/internal', () => {
  it('shows staff every record of a topic and others only their own', async () => {
    const bob = await t.signup('bob-stream@example.com');
    await beacon(upgrade(bob.user.id));
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
