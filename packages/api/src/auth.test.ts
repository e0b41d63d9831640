// A change made with the session cookie must prove it comes from Nimbus's own origin (CSRF): a
// same-origin Origin, or Sec-Fetch-Site: same-origin without one. Bearer tokens are not asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, ORIGIN } from './testing';

let t: Awaited<ReturnType<typeof createTestApi>>;
let cookie: string;
let token: string;
beforeAll(async () => {
  t = await createTestApi();
  ({ cookie, token } = await t.signup('origin@example.com'));
});
afterAll(() => t.close());

/** A request exactly as given: no Origin is added for the cookie. */
const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  t.app.request(`${ORIGIN}${path}`, {
    method,
    headers: {
      host: 'localhost:3000',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const nameOf = (prefix: string, what: string) =>
  `${prefix}-${what.toLowerCase().replace(/\W+/g, '-')}`.replace(/-+$/, '');

const projectNames = async () =>
  (await t.call('GET', '/v10/projects', { token })).json.projects.map((p: { name: string }) => p.name);

describe('a cookie write that does not prove its origin', () => {
  it.each([
    ['no Origin', {}],
    ['a foreign Referer only', { referer: 'https://evil.example/page' }],
    ['another site as Origin', { origin: 'https://evil.example' }],
    ['the same host on another port', { origin: 'http://localhost:4000' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('%s: 403 forbidden_origin, and nothing is created', async (what, headers) => {
    const name = nameOf('csrf', what);
    const res = await send('POST', '/v11/projects', { cookie, ...headers }, { name });
    expect(res.status).toBe(403);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('forbidden_origin');
    expect(error.message).toContain(ORIGIN);
    expect(error.message).toMatch(/Authorization: Bearer/);
    expect(await projectNames()).not.toContain(name);
  });

  it('cannot end the session (logout)', async () => {
    const res = await send('POST', '/auth/logout', { cookie });
    expect(res.status).toBe(403);
    expect((await t.call('GET', '/v2/user', { cookie })).status).toBe(200);
  });
});

describe('a cookie write from our own origin', () => {
  it.each([
    ['Origin is the public URL', { origin: ORIGIN }],
    ['Origin names the Host it was sent to (a LAN address)', { origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }],
    ['Origin is the public URL behind a proxy that changed Host', { origin: ORIGIN, host: 'nimbus-upstream:3000' }],
    ['no Origin but Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
  ])('%s: goes through', async (what, headers) => {
    const name = nameOf('own', what);
    const res = await send('POST', '/v11/projects', { cookie, ...headers }, { name });
    expect(res.status).toBe(200);
    expect(await projectNames()).toContain(name);
  });

  it('reads need no Origin', async () => {
    expect((await send('GET', '/v10/projects', { cookie })).status).toBe(200);
  });
});

describe('bearer tokens (CLI, @vercel/sdk, the vercel CLI)', () => {
  it('write without an Origin, or with any', async () => {
    expect((await send('POST', '/v11/projects', { authorization: `Bearer ${token}` }, { name: 'cli-1' })).status).toBe(
      200,
    );
    const elsewhere = { authorization: `Bearer ${token}`, origin: 'https://tools.example' };
    expect((await send('POST', '/v11/projects', elsewhere, { name: 'cli-2' })).status).toBe(200);
  });
});
