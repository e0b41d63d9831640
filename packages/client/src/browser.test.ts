// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ApiError } from './api-error';
import { browserPath, isPageUnloading } from './browser';
import { createFetcher } from './fetcher';

// A fetch that fails the way browsers fail in-flight requests when the page goes away.
const cutOff: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

describe('in a browser', () => {
  it('reads the current path, query and hash from location', () => {
    window.history.pushState({}, '', '/acme/settings?tab=1#danger');
    expect(browserPath()).toBe('/acme/settings?tab=1#danger');
  });

  it('reports a request cut off by page unload as an abort, and a network failure otherwise', async () => {
    const apiFetch = createFetcher({ fetch: cutOff });

    const before = await apiFetch('/teams').catch((err: ApiError) => err);
    expect(before).toMatchObject({ code: 'network_error', isAbort: false });

    window.dispatchEvent(new Event('pagehide'));
    expect(isPageUnloading()).toBe(true);
    const during = await apiFetch('/teams').catch((err: ApiError) => err);
    expect(during).toMatchObject({ code: 'abort', isAbort: true });

    window.dispatchEvent(new Event('pageshow'));
    expect(isPageUnloading()).toBe(false);
  });

  it('uses relative /api URLs and same-origin credentials', async () => {
    const seen: [string, RequestInit | undefined][] = [];
    const recorder: typeof fetch = async (input, init) => {
      seen.push([String(input), init]);
      return new Response(null, { status: 204 });
    };
    await createFetcher({ fetch: recorder })('/teams');
    expect(seen[0]?.[0]).toBe('/api/teams');
    expect(seen[0]?.[1]?.credentials).toBe('same-origin');
  });
});
