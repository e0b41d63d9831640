import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let staffCookie: string;
const keys = 'X-Algolia-Application-Id=nimbus-docs&X-Algolia-API-Key=public-docs-key&X-Algolia-Agent=insights-js';
const user = 'anonymous-0b4c6f0e-5a8e-4b0f-9d47-5c2b1a9e8f11';

beforeAll(async () => {
  t = await createTestApi();
  staffCookie = (await t.signup('analyst@example.com')).cookie;
  await t.call('POST', '/v1/teams', { cookie: staffCookie, body: { name: 'Staff', slug: 'staff-team' } });
});
afterAll(() => t.close());

describe('POST /insights/1/events', () => {
  it('stores view, click and conversion events of one search, readable by staff', async () => {
    const events = [
      {
        eventType: 'view',
        eventName: 'Docs results viewed',
        index: 'nimbus_docs',
        userToken: user,
        queryID: 'q1',
        objectIDs: ['docs/tokens', 'docs/cli'],
      },
      {
        eventType: 'click',
        eventName: 'Docs result clicked',
        index: 'nimbus_docs',
        userToken: user,
        queryID: 'q1',
        objectIDs: ['docs/tokens'],
        positions: [1],
        timestamp: 1_700_000_000_000,
      },
      {
        eventType: 'conversion',
        eventSubtype: 'purchase',
        eventName: 'Docs page helpful',
        index: 'nimbus_docs',
        userToken: user,
        authenticatedUserToken: 'usr_1',
        queryID: 'q1',
        objectIDs: ['docs/tokens'],
      },
      {
        eventType: 'view',
        eventName: 'Docs filter viewed',
        index: 'nimbus_docs',
        userToken: user,
        queryID: 'q1',
        filters: ['section%3ACLI'],
      },
    ];
    const res = await t.call('POST', `/insights/1/events?${keys}`, { body: { events } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 200, message: 'OK' });
    const stored = await t.call('GET', '/v1/insights/events?queryID=q1', { cookie: staffCookie });
    expect(stored.json.events.map((e: { eventType: string }) => e.eventType).sort()).toEqual([
      'click',
      'conversion',
      'view',
      'view',
    ]);
    const click = stored.json.events.find((e: { eventType: string }) => e.eventType === 'click');
    expect(click).toMatchObject({
      userToken: user,
      objectIDs: ['docs/tokens'],
      positions: [1],
      timestamp: 1_700_000_000_000,
      index: 'nimbus_docs',
    });
    const conversion = stored.json.events.find((e: { eventType: string }) => e.eventType === 'conversion');
    expect(conversion).toMatchObject({ eventSubtype: 'purchase', authenticatedUserToken: 'usr_1' });
    expect(stored.json.events.find((e: { filters: string[] | null }) => e.filters)?.filters).toEqual(['section:CLI']);
  });

  it('takes the queryID of a conversion from objectData, as search-insights sends it with inferQueryID', async () => {
    const events = [
      {
        eventType: 'conversion',
        eventName: 'Docs page helpful',
        index: 'nimbus_docs',
        userToken: user,
        objectIDs: ['/docs/cli'],
        objectData: [{ queryID: 'q2' }],
        objectIDsWithInferredQueryID: ['/docs/cli'],
      },
    ];
    expect((await t.call('POST', `/insights/1/events?${keys}`, { body: { events } })).status).toBe(200);
    const stored = await t.call('GET', '/v1/insights/events?queryID=q2', { cookie: staffCookie });
    expect(stored.json.events).toEqual([
      expect.objectContaining({ eventType: 'conversion', objectIDs: ['/docs/cli'], queryID: 'q2' }),
    ]);
  });

  const base = { eventType: 'click', eventName: 'x', index: 'nimbus_docs', userToken: user };
  it.each([
    ['no app id', 'X-Algolia-API-Key=k', [{ ...base, objectIDs: ['a'] }], /Application-Id/],
    ['an unknown event type', keys, [{ ...base, eventType: 'hover', objectIDs: ['a'] }], /eventType/],
    ['a subtype on a click', keys, [{ ...base, eventSubtype: 'purchase', objectIDs: ['a'] }], /eventSubtype/],
    ['neither objectIDs nor filters', keys, [base], /objectIDs or filters/],
    ['a search click without positions', keys, [{ ...base, queryID: 'q', objectIDs: ['a'] }], /position/],
    ['no events', keys, [], /events/],
  ])('rejects %s with 400', async (_, query, events, message) => {
    const res = await t.call('POST', `/insights/1/events?${query}`, { body: { events } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(message);
  });

  it('keeps the stored events from everyone but staff', async () => {
    const { cookie } = await t.signup('curious@example.com');
    expect((await t.call('GET', '/v1/insights/events?queryID=q1', { cookie })).status).toBe(403);
  });
});
