// Bad input is a 400 with a message, never a 500: NUL bytes anywhere in a request, percent-encoding
// that is not UTF-8, JSON nested past MAX_JSON_DEPTH, timestamps past what a date holds, and strings
// longer than an index row, on PGlite and on PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestApi } from './engine-testing';
import { MAX_JSON_DEPTH } from './json-depth';
import { ORIGIN } from './testing';

let t: Awaited<ReturnType<typeof createEngineTestApi>>;
let token: string;
let teamId: string;
let deploymentId: string;
beforeAll(async () => {
  t = await createEngineTestApi();
  const alice = await t.signup('input-alice@example.com');
  token = alice.token;
  teamId = (await t.call('POST', '/v1/teams', { token, body: { name: 'Input', slug: 'input-team' } })).json.id;
  deploymentId = (await t.deploy(token, { 'index.html': 'hi' }, { name: 'input-site' })).json.id;
});
afterAll(() => t.close());

const LONG = 'a'.repeat(4_096);
const LONG_EMAIL = `${LONG}@example.com`;
const OUT_OF_RANGE = '8640000000000001';

type Case = [what: string, method: string, path: () => string, body?: unknown, anonymous?: boolean];

const NUL_CASES: Case[] = [
  ['a path param (%00)', 'GET', () => '/v9/projects/input%00site'],
  ['a team path param', 'GET', () => '/v2/teams/input%00team'],
  ['a deployment id', 'GET', () => '/v13/deployments/dpl_%00'],
  ['?teamId=', 'GET', () => '/v9/projects?teamId=%00'],
  ['?slug=', 'GET', () => '/v6/deployments?slug=input%00team'],
  ['a search', 'GET', () => '/v10/projects?search=a%00'],
  ['an invitation secret, unauthenticated', 'GET', () => '/v1/invitations/%00', undefined, true],
  ['a team name', 'POST', () => '/v1/teams', { name: 'a\u0000b' }],
  ['a JSON key', 'POST', () => '/v1/teams', { name: 'Fine', 'sl\u0000ug': 'x' }],
  ['a user name', 'PATCH', () => '/v2/user', { name: '\u0000' }],
  ['a login e-mail', 'POST', () => '/auth/login', { email: 'a\u0000@example.com', password: 'x' }, true],
  ['an env value', 'POST', () => '/v10/projects/input-site/env', { key: 'K', value: 'a\u0000', target: ['preview'] }],
  ['a token name', 'POST', () => '/v3/user/tokens', { name: 'ci\u0000' }],
  ['an invitation e-mail', 'POST', () => `/v1/teams/${teamId}/members`, { email: 'b\u0000@example.com' }],
  ['deployment meta', 'POST', () => '/v13/deployments', { name: 'input-site', files: [], meta: { a: '\u0000' } }],
];

const ENCODING_CASES: Case[] = [
  ['a domain that is not UTF-8', 'GET', () => '/v6/domains/%ff%fe'],
  ['an alias that is not UTF-8', 'GET', () => '/v4/aliases/%ff%fe'],
  ['a lone % in a project name', 'GET', () => '/v9/projects/100%'],
  ['a cut-off escape in a query', 'GET', () => '/v9/projects?search=%E2%82'],
  ['?teamId= not UTF-8', 'GET', () => '/v2/user?teamId=%c0%af'],
  ['a path param, unauthenticated', 'GET', () => '/v1/invitations/%ff', undefined, true],
  ['a path param of a write', 'PATCH', () => '/v9/projects/%fe', { name: 'x' }],
];

const RANGE_CASES: Case[] = [
  ['?until= on deployments', 'GET', () => `/v6/deployments?until=${OUT_OF_RANGE}`],
  ['?since= on deployments', 'GET', () => `/v6/deployments?since=${OUT_OF_RANGE}`],
  ['?until= on projects', 'GET', () => `/v10/projects?until=${OUT_OF_RANGE}`],
  ['?since= on projects', 'GET', () => `/v10/projects?since=-${OUT_OF_RANGE}`],
  ['?since= on build logs', 'GET', () => `/v3/now/deployments/${deploymentId}/events?since=${OUT_OF_RANGE}`],
  ['a token expiry', 'POST', () => '/v3/user/tokens', { name: 'ci', expiresAt: Number(OUT_OF_RANGE) }],
];

const LENGTH_CASES: Case[] = [
  ['a 4 KB login e-mail', 'POST', () => '/auth/login', { email: LONG_EMAIL, password: 'x' }, true],
  ['a 4 KB sign-up e-mail', 'POST', () => '/v2/registration', { email: LONG_EMAIL, password: 'long enough' }, true],
  ['a 4 KB invitation e-mail', 'POST', () => `/v1/teams/${teamId}/members`, { email: LONG_EMAIL }],
  ['a 4 KB team slug', 'POST', () => '/v1/teams', { name: 'Long', slug: LONG }],
  ['a 4 KB project name', 'GET', () => `/v9/projects/${LONG}`],
  [
    'a 4 KB file path',
    'POST',
    () => '/v13/deployments',
    { name: 'input-site', files: [{ file: LONG, sha: 'a', size: 1 }] },
  ],
];

async function send([, method, path, body, anonymous]: Case) {
  return t.call(method, path(), { token: anonymous ? undefined : token, body, headers: { origin: ORIGIN } });
}

describe.each([
  ['a NUL byte in', NUL_CASES, /NUL character/],
  ['a malformed percent-encoding in', ENCODING_CASES, /malformed percent-encoding/],
  ['a timestamp out of range in', RANGE_CASES, /timestamp from 0 to/],
  ['', LENGTH_CASES, /At most|at most/],
] as const)('%s', (_, cases, message) => {
  it.each(cases)('%s is a 400 with a message', async (...c) => {
    const res = await send(c);
    expect(res.status).toBe(400);
    expect(res.res.headers.get('content-type')).toContain('application/json');
    expect(res.json.error).toEqual({ code: 'bad_request', message: expect.stringMatching(message) });
  });
});

describe('what is not a NUL', () => {
  it('accepts a backslash followed by u0000 as text', async () => {
    const res = await t.call('POST', '/v10/projects/input-site/env', {
      token,
      body: { key: 'ESCAPED', value: 'C:\\u0000', type: 'plain', target: ['preview'] },
    });
    expect(res.status).toBe(201);
  });
});

describe('POST /stream/internal', () => {
  it('refuses a beaconed record holding a NUL with a 400', async () => {
    const res = await t.app.request(`${ORIGIN}/stream/internal`, {
      method: 'POST',
      headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ topic: 'input', record: { id: 'x', event_time: 1, note: 'a\u0000b' } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toMatch(/NUL character/);
  });
});

describe('JSON nested too deep', () => {
  const raw = (path: string, body: string, headers: Record<string, string> = {}) =>
    t.app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { host: 'localhost:3000', origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body,
    });
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it.each([
    ['a flag batch as text/plain, 20,000 arrays deep', '/stream/internal/statsig', arrays(20_000), 'text/plain'],
    ['a beaconed event, 10,000 objects deep', '/stream/internal', objects(10_000), 'text/plain;charset=UTF-8'],
    ['a login, 10,000 objects deep', '/auth/login', `{"email":${objects(10_000)}}`, 'application/json'],
  ])('%s is a 400 with a message, not a stack overflow', async (_, path, body, type) => {
    const res = await raw(path, body, { 'content-type': type });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error).toEqual({
      code: 'bad_request',
      message: expect.stringMatching(`more than ${MAX_JSON_DEPTH} levels deep`),
    });
  });

  it('is refused on signed-in routes too, one level past the limit', async () => {
    const body = `{"name":${arrays(MAX_JSON_DEPTH)}}`;
    const res = await raw('/v11/projects', body, { authorization: `Bearer ${token}` });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.message).toMatch(/levels deep/);
  });

  it('takes JSON at the limit, and brackets inside strings do not count', async () => {
    const event = (depth: number) =>
      `{"topic":"input","record":{"id":"deep","event_time":1,"note":"${'['.repeat(500)}","deep":${arrays(depth - 2)}}}`;
    const atLimit = await raw('/stream/internal', event(MAX_JSON_DEPTH), { 'content-type': 'text/plain' });
    expect(atLimit.status).toBe(200);
    const past = await raw('/stream/internal', event(MAX_JSON_DEPTH + 1), { 'content-type': 'text/plain' });
    expect(past.status).toBe(400);
  });
});
