// What a browser gets from the edge for plain files: bytes, types, caching, conditional and range
// requests, compression, and the pages for addresses with nothing (yet) to serve.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha1 } from '../store/local';
import { startEdge } from './fixture';

const html = `<!doctype html><title>Home</title>${'<p>Hello from Nimbus.</p>'.repeat(100)}`;
const js = `console.log("app");\n${'export const x = 1;\n'.repeat(500)}`;
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 4000 }, (_, i) => i % 251)]);
const big = Buffer.from('0123456789abcdef'.repeat(8192)); // 128 KiB, above the buffered limit below

let t: Awaited<ReturnType<typeof startEdge>>;
const host = 'site-abc123.localhost:3000';

beforeAll(async () => {
  t = await startEdge({ limits: { maxFileBytes: 64 << 10 } });
  await t.deploy({
    host: 'site-abc123',
    files: {
      'index.html': html,
      'assets/app-3f2a1b9c.js': js,
      'assets/index.CkZ9qL2x.css': 'body{color:red}',
      'logo.png': png,
      'docs/index.html': '<h1>Docs</h1>',
      'big.txt': big,
    },
  });
  await t.deploy({ host: 'still-building', state: 'BUILDING' });
  await t.deploy({ host: 'broken-build', state: 'ERROR' });
  await t.deploy({ host: 'stopped-build', state: 'CANCELED' });
});
afterAll(() => t.close());

describe('files', () => {
  it('serves index.html at / with its type, ETag, revalidation and nosniff', async () => {
    const r = await t.get(host, '/');
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe(html);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers.etag).toBe(`"${sha1(html)}"`);
    expect(r.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(html)));
  });

  it('caches content-hashed assets for a year and the rest not at all', async () => {
    const app = await t.get(host, '/assets/app-3f2a1b9c.js');
    expect(app.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(app.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.get(host, '/assets/index.CkZ9qL2x.css')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const logo = await t.get(host, '/logo.png');
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(logo.body.equals(png)).toBe(true);
  });

  it('serves a directory index with and without the slash', async () => {
    for (const path of ['/docs', '/docs/']) expect((await t.get(host, path)).body.toString()).toBe('<h1>Docs</h1>');
  });

  it('answers If-None-Match with 304 and HEAD with headers only', async () => {
    const r = await t.get(host, '/', { headers: { 'if-none-match': `W/"${sha1(html)}"` } });
    expect(r.status).toBe(304);
    expect(r.body.length).toBe(0);
    expect(r.headers.etag).toBe(`"${sha1(html)}"`);
    const head = await t.get(host, '/logo.png', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(png.length));
    expect(head.body.length).toBe(0);
  });

  it('streams files too large to keep in memory, ranges included', async () => {
    expect((await t.get(host, '/big.txt')).body.equals(big)).toBe(true);
    const r = await t.get(host, '/big.txt', { headers: { range: 'bytes=100000-100015' } });
    expect(r.status).toBe(206);
    expect(r.body.toString()).toBe(big.subarray(100000, 100016).toString());
  });
});

describe('ranges', () => {
  it('serves a byte range, an open range and a suffix with 206', async () => {
    const first = await t.get(host, '/logo.png', { headers: { range: 'bytes=0-9' } });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${png.length}`);
    expect(first.body.equals(png.subarray(0, 10))).toBe(true);
    expect(
      (await t.get(host, '/logo.png', { headers: { range: 'bytes=4000-' } })).body.equals(png.subarray(4000)),
    ).toBe(true);
    expect((await t.get(host, '/logo.png', { headers: { range: 'bytes=-5' } })).body.equals(png.subarray(-5))).toBe(
      true,
    );
  });

  it('answers a range past the end with 416 and ignores a stale If-Range', async () => {
    const r = await t.get(host, '/logo.png', { headers: { range: `bytes=${png.length}-` } });
    expect(r.status).toBe(416);
    expect(r.headers['content-range']).toBe(`bytes */${png.length}`);
    const stale = await t.get(host, '/logo.png', { headers: { range: 'bytes=0-9', 'if-range': '"old"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(png.length);
  });
});

describe('compression', () => {
  it('sends brotli when accepted, else gzip, else the file as is', async () => {
    const br = await t.get(host, '/assets/app-3f2a1b9c.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.body.length).toBeLessThan(js.length / 5);
    expect(brotliDecompressSync(br.body).toString()).toBe(js);
    const gz = await t.get(host, '/assets/app-3f2a1b9c.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const plain = await t.get(host, '/assets/app-3f2a1b9c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
  });

  it('serves the cached compressed bytes again, and never compresses images', async () => {
    const a = await t.get(host, '/', { headers: { 'accept-encoding': 'br' } });
    const b = await t.get(host, '/', { headers: { 'accept-encoding': 'br' } });
    expect(b.body.equals(a.body)).toBe(true);
    expect(brotliDecompressSync(b.body).toString()).toBe(html);
    const logo = await t.get(host, '/logo.png', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.body.equals(png)).toBe(true);
  });
});

describe('addresses with nothing to serve', () => {
  it('says so for an unknown host, a build in progress, a failed and a canceled one', async () => {
    const unknown = await t.get('nothing-here.localhost', '/');
    expect(unknown.status).toBe(404);
    expect(unknown.body.toString()).toContain('No deployment at this address');
    const building = await t.get('still-building.localhost', '/');
    expect(building.status).toBe(503);
    expect(building.body.toString()).toContain('This deployment is still building');
    expect((await t.get('broken-build.localhost', '/')).body.toString()).toContain('This deployment failed');
    expect((await t.get('stopped-build.localhost', '/')).body.toString()).toContain('This deployment was canceled');
  });

  it('answers only GET and HEAD', async () => {
    const r = await t.get(host, '/', { method: 'POST' });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
  });

  it('never leaves the deployment: dot segments fold, NUL and bad escapes are refused', async () => {
    const climb = await t.get(host, '/docs/../../../etc/passwd');
    expect(climb.status).toBe(404);
    expect((await t.get(host, '/%2e%2e/%2e%2e/logo.png')).body.equals(png)).toBe(true);
    expect((await t.get(host, '/index.html%00.png')).status).toBe(400);
    expect((await t.get(host, '/%E0%A4%A')).status).toBe(400);
    expect((await t.get(host, '/%252e%252e/logo.png')).status).toBe(404);
  });
});

describe('build internals', () => {
  // A deployment stored before builds dropped these from their output: the edge refuses them itself.
  const internals = {
    '.next/server/app/dyn/page.js': 'module.exports = "server code"',
    'node_modules/secret-lib/index.js': 'module.exports = 1',
    '.env': 'DATABASE_URL=postgres://secret',
    '.env.production.local': 'TOKEN=secret',
    'apps/web/.env': 'NESTED=secret',
    '.git/config': '[remote "origin"]',
    '.vercel/project.json': '{"projectId":"prj_1"}',
    'docs/node_modules/x.js': 'nested',
  };
  const served = {
    'index.html': '<h1>Home</h1>',
    '.well-known/security.txt': 'Contact: mailto:security@example.com',
    'out/index.html': '<h1>Exported</h1>',
    'environment.html': '<h1>Not a .env file</h1>',
  };

  beforeAll(async () => {
    await t.deploy({
      host: 'with-internals',
      files: { ...internals, ...served },
      config: { rewrites: [{ source: '/leak/(.*)', destination: '/.env' }] },
    });
  });

  it.each(Object.keys(internals))('answers 404 for /%s', async (file) => {
    const r = await t.get('with-internals.localhost', `/${file}`);
    expect(r.status).toBe(404);
    expect(r.body.toString()).not.toContain('secret');
  });

  it.each(Object.entries(served))('still serves /%s', async (file, content) => {
    const r = await t.get('with-internals.localhost', `/${file}`);
    expect(r.status).toBe(200);
    expect(r.body.toString()).toBe(content);
  });

  it('does not reach them through a rewrite either', async () => {
    const r = await t.get('with-internals.localhost', '/leak/anything');
    expect(r.status).toBe(404);
    expect(r.body.toString()).not.toContain('postgres');
  });
});
