import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { createFetcher } from './fetcher';
import { fetchSession } from './session';

// A cookie jar with the browser's write semantics for the one cookie we care about.
function jar(initial: string) {
  let cookies = initial;
  return {
    get cookie() {
      return cookies;
    },
    set cookie(value: string) {
      const [pair] = value.split(';');
      const [name] = pair!.split('=');
      const expired = /Max-Age=0/i.test(value);
      const rest = cookies.split('; ').filter((c) => c && !c.startsWith(`${name}=`));
      cookies = (expired ? rest : [...rest, pair]).join('; ');
    },
  };
}

const answering = (status: number, body: unknown) =>
  createFetcher({
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    currentPath: () => '/',
  });

describe('fetchSession', () => {
  it('returns user and flags and keeps the isLoggedIn flag', async () => {
    const doc = jar('isLoggedIn=1; scope=acme');
    const session = await fetchSession(answering(200, { user: { id: 'usr_1' }, flags: { staff: false } }), {
      document: doc,
    });
    expect(session).toEqual({ user: { id: 'usr_1' }, flags: { staff: false } });
    expect(doc.cookie).toBe('isLoggedIn=1; scope=acme');
  });

  it.each([401, 403])('removes the isLoggedIn flag and returns null on %i', async (status) => {
    const doc = jar('isLoggedIn=1; scope=acme');
    const session = await fetchSession(
      answering(status, { error: { code: 'not_authenticated', message: 'You are not logged in.' } }),
      { document: doc },
    );
    expect(session).toBeNull();
    expect(doc.cookie).toBe('scope=acme');
  });

  it('keeps the flag and throws on other failures', async () => {
    const doc = jar('isLoggedIn=1');
    const failing = fetchSession(answering(500, { error: { code: 'internal_server_error', message: 'Boom' } }), {
      document: doc,
    });
    await expect(failing).rejects.toBeInstanceOf(ApiError);
    expect(doc.cookie).toBe('isLoggedIn=1');
  });

  it('calls the session path with the /api prefix', async () => {
    let url = '';
    const apiFetch = createFetcher({
      fetch: async (input) => (
        (url = String(input)),
        new Response('{"user":{},"flags":{}}', { headers: { 'content-type': 'application/json' } })
      ),
      currentPath: () => '/',
    });
    await fetchSession(apiFetch, { document: jar('') });
    expect(url).toBe('/api/www/user');
  });
});
