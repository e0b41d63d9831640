import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as leads from '../services/leads';
import { createTestApi, ORIGIN } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let staffCookie: string;
let visitorCookie: string;
const origin = { origin: ORIGIN };
const lead = {
  kind: 'demo',
  name: 'Grace Hopper',
  email: 'Grace@Example.com',
  company: 'Navy Labs',
  companySize: '1000-4999',
  message: 'We run 40 sites.',
  sourcePath: '/contact/sales/demo',
};

beforeAll(async () => {
  t = await createTestApi();
  staffCookie = (await t.signup('staff@example.com')).cookie;
  expect(
    (await t.call('POST', '/v1/teams', { cookie: staffCookie, body: { name: 'Nimbus Staff', slug: 'staff-team' } }))
      .status,
  ).toBe(200);
  visitorCookie = (await t.signup('visitor@example.com')).cookie;
});
afterAll(() => t.close());

describe('POST /v1/leads', () => {
  it('stores a lead from our own origin without a login', async () => {
    const res = await t.call('POST', '/v1/leads', { body: lead, headers: origin });
    expect(res.status).toBe(200);
    expect(res.json.lead.id).toMatch(/^lead_/);
  });

  it.each([
    [{ ...lead, email: 'nope' }, /e-mail/],
    [{ ...lead, companySize: '12' }, /company size/],
    [{ ...lead, name: '  ' }, /name/],
    [{ ...lead, kind: 'spam' }, /kind/],
    [{ ...lead, sourcePath: 'https://evil.example' }, /sourcePath/],
  ])('rejects bad input with a message a person can act on (%#)', async (input, message) => {
    const res = await t.call('POST', '/v1/leads', { body: input, headers: origin });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(message);
  });

  it('rejects a form posted from another site', async () => {
    const res = await t.call('POST', '/v1/leads', { body: lead, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('stops one address after five leads an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await t.call('POST', '/v1/leads', { body: { ...lead, email: 'flood@example.com' }, headers: origin })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('GET /v1/leads', () => {
  it('lists leads newest first with the company size for staff', async () => {
    const res = await t.call('GET', '/v1/leads?kind=demo', { cookie: staffCookie });
    expect(res.status).toBe(200);
    const grace = res.json.leads.find((l: { email: string }) => l.email === 'grace@example.com');
    expect(grace).toMatchObject({
      kind: 'demo',
      company: 'Navy Labs',
      companySize: '1000-4999',
      aboveSizeThreshold: true,
      sourcePath: '/contact/sales/demo',
    });
    const times = res.json.leads.map((l: { createdAt: number }) => l.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages with limit and pagination.next', async () => {
    const first = await t.call('GET', '/v1/leads?limit=2', { cookie: staffCookie });
    expect(first.json.leads).toHaveLength(2);
    const second = await t.call('GET', `/v1/leads?limit=2&until=${first.json.pagination.next}`, {
      cookie: staffCookie,
    });
    expect(second.json.leads[0].createdAt).toBeLessThanOrEqual(first.json.leads[1].createdAt);
  });

  it('answers 403 to everyone who is not staff and 403 without a login', async () => {
    const visitor = await t.call('GET', '/v1/leads', { cookie: visitorCookie });
    expect(visitor.status).toBe(403);
    expect(visitor.json.error.message).toMatch(/staff-team/);
    expect((await t.call('GET', '/v1/leads')).status).toBe(403);
  });
});

describe('the site form (services/leads.ts)', () => {
  it('checks a form as the API checks a body and stores it the same way', async () => {
    expect(() => leads.parseLead({ ...lead, name: '' })).toThrow('name: Tell us your name.');
    const stored = await leads.submit(
      { db: t.db, publicUrl: ORIGIN, deployDomain: 'localhost', staffTeam: 'staff-team' },
      leads.parseLead({ ...lead, email: 'form@example.com' }),
    );
    const listed = await t.call('GET', '/v1/leads', { cookie: staffCookie });
    expect(listed.json.leads.map((l: { id: string }) => l.id)).toContain(stored.lead.id);
  });
});
