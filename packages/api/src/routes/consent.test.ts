// Consent on Nimbus's own site: GET /show-consent-banner follows NIMBUS_CONSENT_BANNER and the
// country header, and a `consent` cookie that declines analytics makes the event stream and search
// analytics answer as usual while storing nothing.
import { encodeConsent } from '@nimbus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOn, createTestApi, ORIGIN } from '../testing';

describe('GET /show-consent-banner', () => {
  // Only the settings differ from one case to the next: every API shares this database.
  let t: Awaited<ReturnType<typeof createTestApi>>;
  beforeAll(async () => {
    t = await createTestApi();
  });
  afterAll(() => t.close());
  async function ask(options: Parameters<typeof createTestApi>[0], headers: Record<string, string> = {}) {
    const res = await apiOn(t.db, options).request(`${ORIGIN}/show-consent-banner`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    return ((await res.json()) as { showBanner: boolean }).showBanner;
  }

  it('asks by default, and wherever the country is unknown', async () => {
    expect(await ask({})).toBe(true);
    expect(await ask({ countryHeader: 'cf-ipcountry' })).toBe(true);
    expect(await ask({ countryHeader: 'cf-ipcountry' }, { 'CF-IPCountry': 'XX' })).toBe(true);
  });

  it('in auto mode, asks visitors from the EU/EEA, UK and Switzerland only', async () => {
    const auto = { consentBanner: 'auto' as const, countryHeader: 'cf-ipcountry' };
    expect(await ask(auto, { 'CF-IPCountry': 'DE' })).toBe(true);
    expect(await ask(auto, { 'CF-IPCountry': 'GB' })).toBe(true);
    expect(await ask(auto, { 'CF-IPCountry': 'CH' })).toBe(true);
    expect(await ask(auto, { 'CF-IPCountry': 'US' })).toBe(false);
    // Only the configured header counts: a visitor cannot opt out of being asked with another one.
    expect(await ask({ consentBanner: 'auto' }, { 'CF-IPCountry': 'US' })).toBe(true);
    expect(await ask({ consentBanner: 'auto', countryHeader: 'x-country' }, { 'CF-IPCountry': 'US' })).toBe(true);
  });

  it('always and never ignore the country', async () => {
    expect(await ask({ consentBanner: 'always', countryHeader: 'cf-ipcountry' }, { 'CF-IPCountry': 'US' })).toBe(true);
    expect(await ask({ consentBanner: 'never', countryHeader: 'cf-ipcountry' }, { 'CF-IPCountry': 'FR' })).toBe(false);
    expect(await ask({ consentBanner: 'never' })).toBe(false);
  });
});

describe('a declined consent cookie', () => {
  let t: Awaited<ReturnType<typeof createTestApi>>;
  let staffCookie: string;
  beforeAll(async () => {
    t = await createTestApi();
    staffCookie = (await t.signup('consent-staff@example.com')).cookie;
    await t.call('POST', '/v1/teams', { cookie: staffCookie, body: { name: 'Staff', slug: 'staff-team' } });
  });
  afterAll(() => t.close());

  const declined = `consent=${encodeConsent({ analytics: false, updatedAt: 1 })}`;
  const accepted = `consent=${encodeConsent({ analytics: true, updatedAt: 1 })}`;

  async function beacon(id: string, cookie?: string) {
    const res = await t.app.request(`${ORIGIN}/stream/internal`, {
      method: 'POST',
      headers: {
        host: 'localhost:3000',
        origin: ORIGIN,
        'content-type': 'text/plain;charset=UTF-8',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ topic: 'consent_check', record: { id, event_time: Date.now() } }),
    });
    return { status: res.status, json: (await res.json()) as { id: string } };
  }

  async function streamed() {
    const read = await t.call('GET', '/v1/stream/internal?topic=consent_check&limit=100', { cookie: staffCookie });
    return (read.json.events as { record: { id: string } }[]).map((e) => e.record.id).sort();
  }

  it('drops event stream records, answering as if stored', async () => {
    const dropped = await beacon('declined', declined);
    expect(dropped.status).toBe(200);
    expect(dropped.json.id).toMatch(/^evt_/);
    expect((await beacon('accepted', accepted)).status).toBe(200);
    expect((await beacon('unknown')).status).toBe(200);
    expect(await streamed()).toEqual(['accepted', 'unknown']);
  });

  it('drops search analytics events, answering as if stored', async () => {
    const keys = 'X-Algolia-Application-Id=nimbus-docs&X-Algolia-API-Key=public-docs-key';
    const events = (queryID: string) => [
      {
        eventType: 'click',
        eventName: 'Docs result clicked',
        index: 'nimbus_docs',
        userToken: 'anonymous-0b4c6f0e-5a8e-4b0f-9d47-5c2b1a9e8f11',
        queryID,
        objectIDs: ['docs/tokens'],
        positions: [1],
      },
    ];
    const send = (queryID: string, cookie?: string) =>
      t.call('POST', `/insights/1/events?${keys}`, {
        body: { events: events(queryID) },
        headers: cookie ? { cookie } : {},
      });
    const dropped = await send('q-declined', declined);
    expect(dropped.status).toBe(200);
    expect(dropped.json).toEqual({ status: 200, message: 'OK' });
    expect((await send('q-accepted', accepted)).status).toBe(200);
    const stored = async (queryID: string) =>
      (await t.call('GET', `/v1/insights/events?queryID=${queryID}`, { cookie: staffCookie })).json.events.length;
    expect(await stored('q-declined')).toBe(0);
    expect(await stored('q-accepted')).toBe(1);
  });
});
