import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createFetcher } from './fetcher';
import { fetchFlags } from './flags';

function fetcherAnswering(status: number, body: unknown) {
  const urls: string[] = [];
  const fetcher = createFetcher({
    fetch: async (url) => {
      urls.push(String(url));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { fetcher, urls };
}

describe('the flags call', () => {
  it('asks the configured path with flags=true', async () => {
    const { fetcher, urls } = fetcherAnswering(200, { teamId: 't', flags: { a: true } });
    expect(await fetchFlags(fetcher, { teamId: 'team_1' })).toEqual({ teamId: 't', flags: { a: true } });
    expect(urls[0]).toBe('/api/v1/flags?flags=true&teamId=team_1');
    await fetchFlags(fetcher, { path: '/api/custom/flags' });
    expect(urls[1]).toBe('/api/custom/flags?flags=true');
  });

  it('throws on an HTTP error by default, and answers no flags when told not to', async () => {
    const { fetcher } = fetcherAnswering(500, { error: { code: 'boom', message: 'Boom' } });
    await expect(fetchFlags(fetcher)).rejects.toBeInstanceOf(ApiError);
    expect(await fetchFlags(fetcher, { throwOnError: false })).toEqual({ teamId: null, flags: {} });
  });
});
