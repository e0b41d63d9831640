// Nimbus's own tracking on the server: sign-ups and leads keep the campaign they came from, every
// plan change writes the plan history the derived traits come from (GET /v1/tracking/context),
// users at the staff e-mail domain are never tracked, and users read their own activity records.
import * as db from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../../../test/mail-catcher';
import { createTestApi, ORIGIN, signupToken } from '../testing';

const PASSWORD = 'correct horse battery';
const attribution = {
  utm: { utm_source: 'newsletter', utm_campaign: 'launch', bogus: 'x' },
  previousUtm: { utm_source: 'twitter' },
  gclid: 'G-123',
  referrer: 'https://search.example/',
  landingPage: 'http://localhost:3000/?utm_source=newsletter',
  expiresAt: Date.now() + 1000,
};
const stored = {
  utm: { utm_source: 'newsletter', utm_campaign: 'launch' },
  previousUtm: { utm_source: 'twitter' },
  gclid: 'G-123',
  referrer: 'https://search.example/',
  landingPage: 'http://localhost:3000/?utm_source=newsletter',
};

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ staffEmailDomain: 'corp.example' });
});
afterAll(() => t.close());

const userRow = async (email: string) =>
  (await t.db.select().from(db.schema.users).where(eq(db.schema.users.email, email)))[0]!;

describe('attribution on sign-ups and leads', () => {
  it('a sign-up keeps the campaign on the user, known fields only', async () => {
    const res = await t.call('POST', '/v2/registration', {
      body: { email: 'utm@example.com', password: PASSWORD, attribution },
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    expect((await userRow('utm@example.com')).attribution).toMatchObject(stored);
  });

  it('a sign-up without attribution stores none, and a malformed one is a 400', async () => {
    await t.signup('plain@example.com');
    expect((await userRow('plain@example.com')).attribution).toBeNull();
    const bad = await t.call('POST', '/v2/registration', {
      body: { email: 'bad-utm@example.com', password: PASSWORD, attribution: { utm: { utm_source: 5 } } },
      headers: { origin: ORIGIN },
    });
    expect(bad.status).toBe(400);
  });

  it('a lead keeps the campaign, and staff read it back', async () => {
    const res = await t.call('POST', '/v1/leads', {
      body: {
        name: 'Grace',
        email: 'grace@example.com',
        company: 'Navy',
        companySize: '1000-4999',
        attribution,
      },
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    const [lead] = await t.db.select().from(db.schema.leads).where(eq(db.schema.leads.id, res.json.lead.id));
    expect(lead!.attribution).toMatchObject(stored);
    const staff = await t.signup('lead-staff@example.com');
    await t.call('POST', '/v1/teams', { cookie: staff.cookie, body: { name: 'Staff', slug: 'staff-team' } });
    const list = await t.call('GET', '/v1/leads', { cookie: staff.cookie });
    expect(list.json.leads.find((l: { id: string }) => l.id === res.json.lead.id).attribution).toMatchObject(stored);
  });
});

describe('attribution through a confirmed sign-up', () => {
  let smtp: MailCatcher;
  let m: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    m = await createTestApi({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await m.close();
    await smtp.close();
  });

  it('waits with the pending sign-up and lands on the user', async () => {
    const pending = await m.call('POST', '/v2/registration', {
      body: { email: 'mailed@example.com', password: PASSWORD, attribution },
      headers: { origin: ORIGIN },
    });
    expect(pending.status).toBe(202);
    const token = await signupToken(m.db, 'mailed@example.com');
    const done = await m.call('POST', '/v2/registration/confirm', { body: { token }, headers: { origin: ORIGIN } });
    expect(done.status).toBe(200);
    const [user] = await m.db.select().from(db.schema.users).where(eq(db.schema.users.email, 'mailed@example.com'));
    expect(user!.attribution).toMatchObject(stored);
  });
});

describe('plan history and derived traits', () => {
  it('every plan change adds a history row in its transaction; the context answers the traits', async () => {
    const owner = await t.signup('traits@example.com');
    const team = await t.call('POST', '/v1/teams', {
      cookie: owner.cookie,
      body: { name: 'Traits', slug: 'traits-team' },
    });
    expect(team.status).toBe(200);
    const teamId = team.json.id as string;
    const history = () => db.listPlanHistory(t.db, teamId);
    expect((await history()).map((h) => h.plan)).toEqual(['hobby']);

    const before = await t.call('GET', `/v1/tracking/context?teamId=traits-team`, { cookie: owner.cookie });
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({
      tracked: true,
      userId: owner.user.id,
      userVersion: 'northstar',
      teamId,
      role: 'OWNER',
      plan: 'hobby',
      staff: false,
      traits: { isTrial: false, isPro: false, hobbyStartDate: expect.any(Number) },
    });

    expect(
      (await t.call('POST', `/v1/plan/change?teamId=${teamId}`, { cookie: owner.cookie, body: { plan: 'pro' } }))
        .status,
    ).toBe(200);
    const trial = await t.call('GET', `/v1/tracking/context?teamId=${teamId}`, { cookie: owner.cookie });
    expect(trial.json).toMatchObject({ plan: 'pro', traits: { isTrial: true, isPro: true, hobbyStartDate: null } });
    expect(trial.json.traits.trialEndDate - trial.json.traits.trialStartDate).toBe(14 * 86_400_000);

    await t.call('POST', `/v1/plan/change?teamId=${teamId}`, { cookie: owner.cookie, body: { plan: 'hobby' } });
    const rows = await history();
    expect(rows.map((h) => [h.plan, h.status])).toEqual([
      ['hobby', 'active'],
      ['pro', 'trialing'],
      ['hobby', 'active'],
    ]);
    const after = await t.call('GET', `/v1/tracking/context?teamId=${teamId}`, { cookie: owner.cookie });
    expect(after.json.traits).toMatchObject({ isTrial: false, isPro: false, hasDowngradedTrial: true });
  });

  it('a refused plan change writes no history', async () => {
    const owner = await t.signup('refused@example.com');
    const personal = owner.user.defaultTeamId as string;
    const res = await t.call('POST', `/v1/plan/change?teamId=${personal}`, {
      cookie: owner.cookie,
      body: { plan: 'pro' },
    });
    expect(res.status).toBe(400);
    expect((await db.listPlanHistory(t.db, personal)).map((h) => h.plan)).toEqual(['hobby']);
  });

  it("falls back to the default team for a team that is not the caller's, and needs a login", async () => {
    const other = await t.signup('other-traits@example.com');
    const res = await t.call('GET', '/v1/tracking/context?teamId=traits-team', { cookie: other.cookie });
    expect(res.json).toMatchObject({ teamId: other.user.defaultTeamId, plan: 'hobby' });
    expect((await t.call('GET', '/v1/tracking/context')).status).toBe(403);
  });
});

describe('staff e-mail domain and the event stream', () => {
  const activity = (userId: string | null, extra: Record<string, unknown> = {}) => ({
    topic: 'activity',
    record: { id: crypto.randomUUID(), event_time: Date.now(), user_id: userId, action: 'page_view', ...extra },
  });

  it('users at the staff e-mail domain get tracked: false and their records are not kept', async () => {
    const insider = await t.signup('ada@Corp.Example');
    const context = await t.call('GET', '/v1/tracking/context', { cookie: insider.cookie });
    expect(context.json).toEqual({ tracked: false });
    const sent = await t.call('POST', '/stream/internal', { cookie: insider.cookie, body: activity(insider.user.id) });
    expect(sent.status).toBe(200);
    expect(sent.json.id).toBeNull();
    const read = await t.call('GET', '/v1/stream/internal?topic=activity', { cookie: insider.cookie });
    expect(read.json.events).toEqual([]);
  });

  it('a user reads their own activity records (by user_id), redacted, and not anyone else’s', async () => {
    const bob = await t.signup('bob-activity@example.com');
    const eve = await t.signup('eve-activity@example.com');
    const sent = await t.call('POST', '/stream/internal', {
      cookie: bob.cookie,
      body: activity(bob.user.id, { meta: { email: 'bob@example.com' } }),
    });
    expect(sent.json.id).toMatch(/^evt_/);
    const own = await t.call('GET', '/v1/stream/internal?topic=activity', { cookie: bob.cookie });
    expect(own.json.events).toHaveLength(1);
    expect(own.json.events[0].record).toMatchObject({ user_id: bob.user.id, meta: { email: 'REDACTED' } });
    const theirs = await t.call('GET', '/v1/stream/internal?topic=activity', { cookie: eve.cookie });
    expect(theirs.json.events).toEqual([]);
  });
});
