// The browser side of consent: trackers waiting in whenAnalyticsAllowed start when the visitor
// accepts (no reload), never when they decline; declining removes what trackers stored.
import { afterEach, expect, it, vi } from 'vitest';

/** A page whose `document.cookie` keeps every cookie written, as a browser does (attributes dropped). */
function stubPage(showBanner: boolean) {
  const jar = new Map<string, string>();
  vi.stubGlobal('window', Object.assign(new EventTarget(), { location: { protocol: 'http:' } }));
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attrs] = line.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (attrs.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  });
  const storage = new Map<string, string>([['AlgoliaObjectQueryCache', '{}']]);
  vi.stubGlobal('localStorage', { removeItem: (key: string) => storage.delete(key) });
  const fetchSpy = vi.fn(() => Promise.resolve(Response.json({ showBanner })));
  vi.stubGlobal('fetch', fetchSpy);
  return { jar, storage, fetchSpy };
}

async function load() {
  vi.resetModules();
  return import('./consent');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
afterEach(() => vi.unstubAllGlobals());

it('starts a waiting tracker when the visitor accepts, without a reload', async () => {
  stubPage(true);
  const consent = await load();
  const start = vi.fn();
  consent.whenAnalyticsAllowed(start);
  await settle();
  expect(start).not.toHaveBeenCalled();
  expect(consent.analyticsAllowedNow()).toBe(false);
  consent.recordConsent(true);
  expect(start).toHaveBeenCalledTimes(1);
  expect(consent.readConsent()?.analytics).toBe(true);
  expect(consent.analyticsAllowedNow()).toBe(true);
});

it('never starts a tracker when the visitor declines, and removes what trackers stored', async () => {
  const { jar, storage } = stubPage(true);
  jar.set('_ALGOLIA', 'anonymous-1');
  const consent = await load();
  const start = vi.fn();
  consent.whenAnalyticsAllowed(start);
  consent.recordConsent(false);
  await settle();
  expect(start).not.toHaveBeenCalled();
  expect(jar.has('_ALGOLIA')).toBe(false);
  expect(storage.has('AlgoliaObjectQueryCache')).toBe(false);
  expect(await consent.isAnalyticsAllowed()).toBe(false);
});

it('starts at once, asking the server once, where visitors need not be asked', async () => {
  const { fetchSpy } = stubPage(false);
  const consent = await load();
  const start = vi.fn();
  consent.whenAnalyticsAllowed(start);
  consent.whenAnalyticsAllowed(start);
  await settle();
  expect(start).toHaveBeenCalledTimes(2);
  expect(fetchSpy).toHaveBeenCalledTimes(1);
});

it('asks when the server cannot answer', async () => {
  stubPage(false);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  );
  const consent = await load();
  expect(await consent.fetchShowBanner()).toBe(true);
  expect(await consent.isAnalyticsAllowed()).toBe(false);
});
