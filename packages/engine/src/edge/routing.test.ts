// The project's nimbus.json / vercel.json as the edge applies it, with Vercel's semantics: clean
// URLs, trailing slashes, redirects, rewrites after the filesystem, custom headers and 404 pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from './fixture';

let t: Awaited<ReturnType<typeof startEdge>>;
const files = {
  'index.html': '<h1>Home</h1>',
  'about.html': '<h1>About</h1>',
  'blog/post.html': '<h1>Post</h1>',
  'docs/index.html': '<h1>Docs</h1>',
  'assets/app-3f2a1b9c.js': 'console.log(1)',
};

beforeAll(async () => {
  t = await startEdge();
  await t.deploy({ host: 'clean', files, config: { cleanUrls: true } });
  await t.deploy({ host: 'clean-slash', files, config: { cleanUrls: true, trailingSlash: true } });
  await t.deploy({ host: 'no-slash', files, config: { trailingSlash: false } });
  await t.deploy({ host: 'custom-404', files: { ...files, '404.html': '<h1>Lost?</h1>' } });
  await t.deploy({ host: 'plain', files });
  await t.deploy({
    host: 'rules',
    files,
    config: {
      redirects: [
        { source: '/old-blog/:slug', destination: '/blog/:slug', permanent: true },
        { source: '/temporary', destination: '/about.html', permanent: false },
        { source: '/moved', destination: '/about.html', statusCode: 301 },
        { source: '/legacy/(.*)', destination: '/docs/$1' },
        { source: '/github', destination: 'https://github.com/nimbus' },
        { source: '/(.*)', has: [{ type: 'header', key: 'x-country', value: 'GB' }], destination: '/uk' },
      ],
      rewrites: [{ source: '/(.*)', destination: '/index.html' }],
      headers: [
        { source: '/(.*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
        { source: '/assets/(.*)', headers: [{ key: 'Cache-Control', value: 'public, max-age=60' }] },
        { source: '/blog/:slug', headers: [{ key: 'X-Post', value: ':slug' }] },
      ],
    },
  });
  await t.deploy({
    host: 'conditions',
    files,
    config: {
      redirects: [
        { source: '/login', has: [{ type: 'cookie', key: 'session' }], destination: '/dashboard', permanent: false },
        { source: '/search', has: [{ type: 'query', key: 'q', value: '(?<term>[a-z]+)' }], destination: '/find/:term' },
        { source: '/broken', has: [{ type: 'weird', key: 'x' }], destination: '/about.html' },
      ],
      rewrites: [
        { source: '/home', missing: [{ type: 'header', key: 'x-beta' }], destination: '/index.html' },
        { source: '/home', has: [{ type: 'header', key: 'x-beta', value: 'yes|1' }], destination: '/about.html' },
      ],
      headers: [
        {
          source: '/(.*)',
          has: [{ type: 'host', value: '(?<site>[a-z]+)\\.localhost' }],
          headers: [{ key: 'X-Site', value: ':site' }],
        },
      ],
    },
  });
});
afterAll(() => t.close());

const redirect = async (host: string, path: string) => {
  const r = await t.get(`${host}.localhost`, path);
  return [r.status, r.headers.location];
};

describe('cleanUrls and trailingSlash', () => {
  it('serves /about from about.html and redirects the .html and index forms away', async () => {
    expect((await t.get('clean.localhost', '/about')).body.toString()).toBe('<h1>About</h1>');
    expect(await redirect('clean', '/about.html')).toEqual([308, '/about']);
    expect(await redirect('clean', '/blog/post.html?ref=x')).toEqual([308, '/blog/post?ref=x']);
    expect(await redirect('clean', '/index.html')).toEqual([308, '/']);
    expect(await redirect('clean', '/docs/index')).toEqual([308, '/docs']);
    expect((await t.get('clean.localhost', '/docs')).body.toString()).toBe('<h1>Docs</h1>');
  });

  it('adds the slash to pages but not to files when trailingSlash is true', async () => {
    expect(await redirect('clean-slash', '/about')).toEqual([308, '/about/']);
    expect(await redirect('clean-slash', '/about.html')).toEqual([308, '/about/']);
    expect((await t.get('clean-slash.localhost', '/about/')).body.toString()).toBe('<h1>About</h1>');
    expect(await redirect('clean-slash', '/assets/app-3f2a1b9c.js/')).toEqual([308, '/assets/app-3f2a1b9c.js']);
    expect((await t.get('clean-slash.localhost', '/assets/app-3f2a1b9c.js')).status).toBe(200);
  });

  it('removes the slash when trailingSlash is false', async () => {
    expect(await redirect('no-slash', '/docs/')).toEqual([308, '/docs']);
    expect((await t.get('no-slash.localhost', '/docs')).body.toString()).toBe('<h1>Docs</h1>');
    expect((await t.get('no-slash.localhost', '/')).status).toBe(200);
  });
});

describe('redirects, rewrites and headers', () => {
  it('redirects with 308, 307 or the statusCode, filling parameters and groups', async () => {
    expect(await redirect('rules', '/old-blog/hello?x=1')).toEqual([308, '/blog/hello?x=1']);
    expect(await redirect('rules', '/temporary')).toEqual([307, '/about.html']);
    expect(await redirect('rules', '/moved')).toEqual([301, '/about.html']);
    expect(await redirect('rules', '/legacy/a/b')).toEqual([308, '/docs/a/b']);
    expect(await redirect('rules', '/github')).toEqual([308, 'https://github.com/nimbus']);
    expect((await t.get('rules.localhost', '/about.html')).status).toBe(200);
  });

  it('rewrites to the SPA shell only where no file exists', async () => {
    const spa = await t.get('rules.localhost', '/dashboard/settings');
    expect(spa.status).toBe(200);
    expect(spa.body.toString()).toBe('<h1>Home</h1>');
    expect((await t.get('rules.localhost', '/about.html')).body.toString()).toBe('<h1>About</h1>');
    expect((await t.get('rules.localhost', '/assets/app-3f2a1b9c.js')).body.toString()).toBe('console.log(1)');
  });

  it('adds the matching custom headers, which may replace the defaults', async () => {
    const asset = await t.get('rules.localhost', '/assets/app-3f2a1b9c.js');
    expect(asset.headers['x-frame-options']).toBe('DENY');
    expect(asset.headers['cache-control']).toBe('public, max-age=60');
    const page = await t.get('rules.localhost', '/');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await t.get('rules.localhost', '/blog/hello')).headers['x-post']).toBe('hello');
  });
});

describe('has and missing conditions', () => {
  it('applies a rule only when its header, cookie, query or host condition holds', async () => {
    expect((await t.get('rules.localhost', '/', { headers: { 'x-country': 'GB' } })).headers.location).toBe('/uk');
    expect((await t.get('rules.localhost', '/', { headers: { 'x-country': 'FR' } })).status).toBe(200);
    expect((await t.get('rules.localhost', '/')).status).toBe(200);
    const login = await t.get('conditions.localhost', '/login', { headers: { cookie: 'theme=dark; session=abc' } });
    expect([login.status, login.headers.location]).toEqual([307, '/dashboard']);
    expect((await t.get('conditions.localhost', '/login', { headers: { cookie: 'theme=dark' } })).status).toBe(404);
    expect(await redirect('conditions', '/search?q=nimbus')).toEqual([308, '/find/nimbus?q=nimbus']);
    expect((await t.get('conditions.localhost', '/search?q=NIMBUS')).status).toBe(404);
    expect((await t.get('conditions.localhost', '/about.html')).headers['x-site']).toBe('conditions');
  });

  it('keeps one answer per set of conditions that hold, for the same URL', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.get('conditions.localhost', '/home')).body.toString()).toBe('<h1>Home</h1>');
      expect((await t.get('conditions.localhost', '/home', { headers: { 'x-beta': 'yes' } })).body.toString()).toBe(
        '<h1>About</h1>',
      );
      expect((await t.get('conditions.localhost', '/home', { headers: { 'x-beta': 'no' } })).status).toBe(404);
    }
  });

  it('skips a rule whose condition it cannot read instead of applying it to everyone', async () => {
    expect((await t.get('conditions.localhost', '/broken')).status).toBe(404);
  });
});

describe('404', () => {
  it("serves the deployment's own 404.html with status 404", async () => {
    const r = await t.get('custom-404.localhost', '/nope');
    expect(r.status).toBe(404);
    expect(r.body.toString()).toBe('<h1>Lost?</h1>');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('falls back to the Nimbus 404 page', async () => {
    const r = await t.get('plain.localhost', '/nope');
    expect(r.status).toBe(404);
    expect(r.body.toString()).toContain('This page could not be found');
    expect((await t.get('plain.localhost', '/about')).status).toBe(404);
  });
});
