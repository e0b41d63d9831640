// The edge cache end to end: a Build Output deployment whose real function (in its sandboxed runner)
// counts its calls per URL and answers with the headers the test asks for, served through the edge:
// MISS then HIT, STALE with one background refresh, what is never cached, Vary, which cache header
// decides and what the browser sees, deployments that never share entries, and the two purge routes
// called through @vercel/sdk, refused for another team's project.
import { Vercel } from '@vercel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionsTestServer, type Reply } from './functions-testing';

let t: Awaited<ReturnType<typeof createFunctionsTestServer>>;
let token: string;
let projectId: string;
let host: string;
let sdk: Vercel;

// `h` is the JSON of the headers to answer with, `status` the status; `fail=1` answers 500 from the
// second call on.
const TREE = {
  '.vercel/output/config.json': JSON.stringify({ version: 3 }),
  '.vercel/output/functions/api/page.func/.vc-config.json': JSON.stringify({
    runtime: 'nodejs22.x',
    handler: 'index.js',
    launcherType: 'Nodejs',
  }),
  '.vercel/output/functions/api/page.func/index.js': `const counts = new Map();
module.exports = (req, res) => {
  const n = (counts.get(req.url) || 0) + 1;
  counts.set(req.url, n);
  const q = new URL(req.url, 'http://x').searchParams;
  for (const [name, value] of Object.entries(JSON.parse(q.get('h') || '{}'))) res.setHeader(name, value);
  res.statusCode = q.get('fail') && n > 1 ? 500 : Number(q.get('status') || 200);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ n, lang: req.headers['accept-language'] || null }));
};`,
};

async function deploy(target?: 'production'): Promise<string> {
  const res = await t.deploy(token, TREE, { name: 'cached', ...(target ? { target } : {}) }, '?prebuilt=1');
  expect(res.status).toBe(200);
  const ready = await t.waitFor(token, res.json.id, ['READY', 'ERROR'], 60_000);
  expect(ready.readyState).toBe('READY');
  return ready.url.replace(/\.localhost.*$/, '');
}

beforeAll(async () => {
  t = await createFunctionsTestServer();
  token = (await t.signup('cache-user@example.com', 'Cache User')).token;
  projectId = (await t.call('POST', '/v11/projects', { token, body: { name: 'cached' } })).json.id;
  host = await deploy();
  sdk = new Vercel({ bearerToken: token, serverURL: t.url });
}, 120_000);
afterAll(() => t?.close());

let unique = 0;
/** A URL of the counting function answering with `headers`; each call of `page` is a new cache key. */
const page = (headers: Record<string, string>, extra = '') =>
  `/api/page?u=${++unique}&h=${encodeURIComponent(JSON.stringify(headers))}${extra}`;
const get = (path: string, headers: Record<string, string> = {}, on = host) => t.fetchHost(on, path, { headers });
const calls = (r: Reply) => (JSON.parse(r.text) as { n: number }).n;
const cache = (r: Reply) => r.headers['x-vercel-cache'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than the second each edge process trusts a row it read. */
const rowTtl = () => sleep(1_200);

describe('the edge cache', () => {
  it('runs the function once: MISS, then HIT with an age, and HEAD shares the GET entry', async () => {
    const url = page({ 'cache-control': 's-maxage=60' });
    const first = await get(url);
    expect([first.status, cache(first), calls(first)]).toEqual([200, 'MISS', 1]);
    const second = await get(url);
    expect([cache(second), calls(second)]).toEqual(['HIT', 1]);
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(second.headers['content-type']).toBe('application/json');
    const head = await t.fetchHost(host, url, { method: 'HEAD' });
    expect([head.status, cache(head), head.body.length]).toEqual([200, 'HIT', 0]);
    expect(head.headers['content-length']).toBe(String(second.body.length));
  });

  it('serves a stale entry at once and refreshes it with one call in the background', async () => {
    const url = page({ 'cache-control': 's-maxage=2, stale-while-revalidate=60' });
    expect(cache(await get(url))).toBe('MISS');
    await sleep(2_100);
    const stale = await Promise.all([get(url), get(url), get(url)]);
    expect(stale.map(cache)).toEqual(['STALE', 'STALE', 'STALE']);
    expect(stale.map(calls)).toEqual([1, 1, 1]);
    await sleep(500);
    const fresh = await get(url);
    expect([cache(fresh), calls(fresh)]).toEqual(['HIT', 2]);
  });

  it('runs the function again past s-maxage without stale-while-revalidate, and serves stale-if-error on a 500', async () => {
    const plain = page({ 'cache-control': 's-maxage=1' });
    await get(plain);
    await sleep(2_100);
    const again = await get(plain);
    expect([cache(again), calls(again)]).toEqual(['MISS', 2]);

    const failing = page({ 'cache-control': 's-maxage=1, stale-if-error=60' }, '&fail=1');
    await get(failing);
    await sleep(2_100);
    const saved = await get(failing);
    expect([saved.status, cache(saved), calls(saved)]).toEqual([200, 'STALE', 1]);
  });

  it('never caches Set-Cookie, private, no-store, Vary: * or other statuses, nor Authorization, POST or draft requests', async () => {
    const twice = async (url: string, init: { method?: string; headers?: Record<string, string> } = {}) => {
      const a = await t.fetchHost(host, url, init);
      const b = await t.fetchHost(host, url, init);
      return [cache(a), cache(b), calls(b)];
    };
    expect(await twice(page({ 'cache-control': 's-maxage=60', 'set-cookie': 'a=b' }))).toEqual(['MISS', 'MISS', 2]);
    expect(await twice(page({ 'cache-control': 'private, s-maxage=60' }))).toEqual(['MISS', 'MISS', 2]);
    expect(await twice(page({ 'cache-control': 's-maxage=60, no-store' }))).toEqual(['MISS', 'MISS', 2]);
    expect(await twice(page({ 'cache-control': 's-maxage=60', vary: '*' }))).toEqual(['MISS', 'MISS', 2]);
    // Vercel caches 200, 404, 301 and 308 only.
    expect(await twice(page({ 'cache-control': 's-maxage=60' }, '&status=500'))).toEqual(['MISS', 'MISS', 2]);
    expect(await twice(page({ 'cache-control': 's-maxage=60' }, '&status=302'))).toEqual(['MISS', 'MISS', 2]);
    expect(await twice(page({ 'cache-control': 's-maxage=60' }, '&status=404'))).toEqual(['MISS', 'HIT', 1]);
    const cc = { 'cache-control': 's-maxage=60' };
    const auth = { headers: { authorization: 'Bearer x' } };
    expect(await twice(page(cc), auth)).toEqual(['BYPASS', 'BYPASS', 2]);
    expect(await twice(page(cc), { method: 'POST' })).toEqual(['BYPASS', 'BYPASS', 2]);
    const draft = { headers: { cookie: 'theme=dark; __prerender_bypass=abc' } };
    expect(await twice(page(cc), draft)).toEqual(['BYPASS', 'BYPASS', 2]);
    // An Authorization request neither reads nor fills the entry of the others.
    const shared = page(cc);
    await get(shared);
    const withAuth = await get(shared, { authorization: 'Bearer x' });
    expect([cache(withAuth), calls(withAuth)]).toEqual(['BYPASS', 2]);
    expect(calls(await get(shared))).toBe(1);
  });

  it('keys entries by the request values of the headers Vary names', async () => {
    const url = page({ 'cache-control': 's-maxage=60', vary: 'Accept-Language' });
    const en = await get(url, { 'accept-language': 'en' });
    const fr = await get(url, { 'accept-language': 'fr' });
    expect([cache(en), cache(fr)]).toEqual(['MISS', 'MISS']);
    const en2 = await get(url, { 'accept-language': 'en' });
    const fr2 = await get(url, { 'accept-language': 'fr' });
    expect([cache(en2), JSON.parse(en2.text).lang]).toEqual(['HIT', 'en']);
    expect([cache(fr2), JSON.parse(fr2.text).lang]).toEqual(['HIT', 'fr']);
  });

  it('reads Vercel-CDN-Cache-Control, then CDN-Cache-Control, then Cache-Control, and strips what is the CDN’s', async () => {
    // The Vercel header wins over both others, and never reaches the client.
    const vercel = page({
      'vercel-cdn-cache-control': 'max-age=60',
      'cdn-cache-control': 'no-store',
      'cache-control': 'max-age=5',
    });
    await get(vercel);
    const v = await get(vercel);
    expect(cache(v)).toBe('HIT');
    expect(v.headers['vercel-cdn-cache-control']).toBeUndefined();
    expect(v.headers['cdn-cache-control']).toBe('no-store');
    expect(v.headers['cache-control']).toBe('max-age=5');

    // CDN-Cache-Control wins over Cache-Control; its max-age is the CDN's time.
    const cdn = page({ 'cdn-cache-control': 'max-age=60', 'cache-control': 'no-store' });
    await get(cdn);
    expect(cache(await get(cdn))).toBe('HIT');
    const refused = page({ 'vercel-cdn-cache-control': 'no-store', 'cache-control': 's-maxage=60' });
    expect((await Promise.all([get(refused), get(refused)])).map(cache)).toEqual(['MISS', 'MISS']);

    // In Cache-Control only s-maxage is the CDN's: max-age alone is the browser's.
    const browserOnly = page({ 'cache-control': 'public, max-age=60' });
    await get(browserOnly);
    const b = await get(browserOnly);
    expect([cache(b), calls(b), b.headers['cache-control']]).toEqual(['MISS', 2, 'public, max-age=60']);

    // s-maxage and stale-while-revalidate are consumed; the browser keeps the rest or gets Vercel's default.
    const consumed = await get(page({ 'cache-control': 's-maxage=60, stale-while-revalidate=30' }));
    expect(consumed.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const kept = page({ 'cache-control': 'max-age=10, s-maxage=60', 'vercel-cache-tag': 'a' });
    const k1 = await get(kept);
    const k2 = await get(kept);
    expect([k1.headers['cache-control'], k2.headers['cache-control']]).toEqual(['max-age=10', 'max-age=10']);
    expect(k2.headers['vercel-cache-tag']).toBeUndefined();
  });

  it('never serves one deployment’s entries from another, a new production deployment included', async () => {
    const url = page({ 'cache-control': 's-maxage=60' });
    await get(url);
    expect(cache(await get(url))).toBe('HIT');
    const next = await deploy('production');
    const there = await get(url, {}, next);
    expect([cache(there), calls(there)]).toEqual(['MISS', 1]);
    expect(cache(await get(url))).toBe('HIT');
  }, 90_000);
});

describe('purging by tag through @vercel/sdk', () => {
  it('invalidate serves the tagged entries STALE once and refreshes them; others stay HIT', async () => {
    const tagged = page({ 'cache-control': 's-maxage=600', 'vercel-cache-tag': 'blog, posts' });
    const other = page({ 'cache-control': 's-maxage=600', 'vercel-cache-tag': 'shop' });
    await get(tagged);
    await get(other);
    // Stored (a request right behind the first waits for its entry): the purge finds them.
    expect([cache(await get(tagged)), cache(await get(other))]).toEqual(['HIT', 'HIT']);
    await sdk.edgeCache.invalidateByTags({ projectIdOrName: 'cached', requestBody: { tags: ['blog'] } });
    await rowTtl();
    const stale = await get(tagged);
    expect([cache(stale), calls(stale)]).toEqual(['STALE', 1]);
    expect(cache(await get(other))).toBe('HIT');
    await rowTtl();
    const fresh = await get(tagged);
    expect([cache(fresh), calls(fresh)]).toEqual(['HIT', 2]);
  });

  it('dangerously delete makes the next request a MISS', async () => {
    const tagged = page({ 'cache-control': 's-maxage=600', 'vercel-cache-tag': 'posts,feed' });
    await get(tagged);
    expect(cache(await get(tagged))).toBe('HIT');
    await sdk.edgeCache.dangerouslyDeleteByTags({ projectIdOrName: projectId, requestBody: { tags: 'feed' } });
    await rowTtl();
    const gone = await get(tagged);
    expect([cache(gone), calls(gone)]).toEqual(['MISS', 2]);
  });

  it("refuses another team's project with 404, by id in the caller's team or naming the other team", async () => {
    const stranger = await t.signup('stranger@example.com', 'Stranger');
    const own = await t.call('POST', `/v1/edge-cache/invalidate-by-tags?projectIdOrName=${projectId}`, {
      token: stranger.token,
      body: { tags: ['blog'] },
    });
    expect(own.status).toBe(404);
    expect(own.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const teamId = (await t.call('GET', `/v9/projects/${projectId}`, { token })).json.accountId;
    const other = await t.call(
      'POST',
      `/v1/edge-cache/dangerously-delete-by-tags?projectIdOrName=${projectId}&teamId=${teamId}`,
      { token: stranger.token, body: { tags: ['blog'] } },
    );
    expect(other.status).toBe(404);
    expect(other.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const empty = await t.call('POST', `/v1/edge-cache/invalidate-by-tags?projectIdOrName=${projectId}`, {
      token,
      body: { tags: ' , ' },
    });
    expect(empty.status).toBe(400);
    await expect(
      new Vercel({ bearerToken: stranger.token, serverURL: t.url }).edgeCache.invalidateByTags({
        projectIdOrName: projectId,
        requestBody: { tags: ['blog'] },
      }),
    ).rejects.toThrow(/404|not found/i);
  });
});
