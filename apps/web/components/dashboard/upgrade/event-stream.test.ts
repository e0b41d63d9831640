import { CONSENT_BANNER_PATH, encodeConsent, STAFF_EMAIL_DOMAIN } from '@nimbus/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./event-stream');
type Tracked = typeof import('../../../lib/tracked-events');

/** A page: `document.cookie` as one string (enough for reading), `window` as an event target. */
function stubPage(cookie: string) {
  const win = Object.assign(new EventTarget(), { location: { protocol: 'http:' } });
  const doc = { cookie };
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  return doc;
}

const accepted = `consent=${encodeConsent({ analytics: true, updatedAt: 1 })}`;
const declined = `consent=${encodeConsent({ analytics: false, updatedAt: 1 })}`;

/** A fresh copy of the modules per test: the banner answer is asked once per page load. */
async function load(): Promise<Module & Tracked> {
  vi.resetModules();
  return { ...(await import('./event-stream')), ...(await import('../../../lib/tracked-events')) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => stubPage(accepted));
afterEach(() => vi.unstubAllGlobals());

describe('internal event stream', () => {
  it('beacons {topic, record} with an id and event_time', async () => {
    const { sendInternalEvent, STREAM_PATH } = await load();
    const sendBeacon = vi.fn(() => true);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const id = sendInternalEvent('upgrade_modal', { source: 'x' }, { sendBeacon });
    const [path, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(path).toBe(STREAM_PATH);
    const sent = JSON.parse(body);
    expect(sent).toMatchObject({ topic: 'upgrade_modal', record: { source: 'x', id } });
    expect(Math.abs(sent.record.event_time - Date.now())).toBeLessThan(1000);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to a plain POST when the beacon is refused or missing', async () => {
    const { sendInternalEvent, STREAM_PATH } = await load();
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchSpy);
    sendInternalEvent('upgrade_modal', {}, { sendBeacon: () => false });
    sendInternalEvent('upgrade_modal', {}, undefined);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(fetchSpy.mock.calls[0]).toMatchObject([STREAM_PATH, { method: 'POST', keepalive: true }]);
  });

  it('never tracks users with the staff e-mail domain', async () => {
    const { isTracked } = await load();
    expect(isTracked('dev@example.com')).toBe(true);
    expect(isTracked(`someone@${STAFF_EMAIL_DOMAIN.toUpperCase()}`)).toBe(false);
  });
});

describe('consent gates every internal event', () => {
  it('sends nothing, and announces nothing, after the visitor declined', async () => {
    stubPage(declined);
    const { sendInternalEvent, onTracked } = await load();
    const sendBeacon = vi.fn(() => true);
    const fetchSpy = vi.fn(() => Promise.resolve(Response.json({ showBanner: false })));
    vi.stubGlobal('fetch', fetchSpy);
    const announced = vi.fn();
    onTracked(announced);
    sendInternalEvent('upgrade_modal', {}, { sendBeacon });
    await settle();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(announced).not.toHaveBeenCalled();
  });

  it('without a choice, sends nothing while the visitor must be asked', async () => {
    stubPage('');
    const { sendInternalEvent } = await load();
    const sendBeacon = vi.fn(() => true);
    const fetchSpy = vi.fn((_url: string) => Promise.resolve(Response.json({ showBanner: true })));
    vi.stubGlobal('fetch', fetchSpy);
    sendInternalEvent('upgrade_modal', {}, { sendBeacon });
    await settle();
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([CONSENT_BANNER_PATH]);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('without a choice, sends once the server says this visitor need not be asked', async () => {
    stubPage('');
    const { sendInternalEvent } = await load();
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ showBanner: false }))),
    );
    sendInternalEvent('activity', { page: '/' }, { sendBeacon });
    expect(sendBeacon).not.toHaveBeenCalled();
    await settle();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('sends after the visitor accepts, and stops again when they decline', async () => {
    const doc = stubPage('');
    const { sendInternalEvent, onTracked } = await load();
    const { recordConsent } = await import('../../../lib/consent');
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ showBanner: true }))),
    );
    const announced: string[] = [];
    onTracked((event) => announced.push(`${event.source}:${event.name}`));
    sendInternalEvent('upgrade_modal', {}, { sendBeacon });
    await settle();
    expect(sendBeacon).not.toHaveBeenCalled();

    recordConsent(true);
    // The stub keeps only the last cookie written, which is the consent cookie.
    expect(doc.cookie).toMatch(/^consent=.*SameSite=Lax$/);
    doc.cookie = accepted;
    sendInternalEvent('upgrade_modal', {}, { sendBeacon });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(announced).toEqual(['upgrade:upgrade_modal']);

    doc.cookie = declined;
    sendInternalEvent('upgrade_modal', {}, { sendBeacon });
    await settle();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
