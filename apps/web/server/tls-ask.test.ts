// Caddy's on-demand TLS ask (GET /api/tls/ask?domain=): 200 only for names Nimbus serves, answered
// from the edge's host cache, which alias events invalidate as they do for the edge's own requests.
import { schema } from '@nimbus/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsFront } from './tls-fixture';

type Front = Awaited<ReturnType<typeof startTlsFront>>;

describe('GET /api/tls/ask', () => {
  let t: Front;
  beforeAll(async () => {
    t = await startTlsFront();
    const id = await t.deploy({ host: 'site-k3j2h1', files: { 'index.html': 'hi' } });
    await t.alias('site', id);
    await t.alias('www.example.com', id);
    await t.deploy({ host: 'build-q1w2e3', state: 'BUILDING' });
  });
  afterAll(() => t.close());

  it.each([
    ['a deployment host', 'site-k3j2h1.localhost'],
    ['a deployment still building', 'build-q1w2e3.localhost'],
    ['a production alias', 'site.localhost'],
    ['a custom domain (dotted alias row)', 'www.example.com'],
    ['the same name in capitals with a final dot', 'WWW.Example.com.'],
    ['the public host', 'nimbus.example.org'],
  ])('answers 200 with an empty body for %s', async (_, domain) => {
    expect(await t.ask(domain)).toEqual({ status: 200, body: '' });
  });

  it.each([
    ['an unknown domain', 'unknown.example.com'],
    ['an unknown label under the deploy domain', 'zq8x7w6v5u.localhost'],
    ['a name two labels under the deploy domain', 'a.site.localhost'],
    ['the deploy domain itself', 'localhost'],
    ['an IPv4 literal', '127.0.0.1'],
    ['an IPv6 literal', '[::1]'],
    ['an IPv6 literal without brackets', '::1'],
    ['a name with a port', 'site.localhost:443'],
    ['a label longer than 63 characters', `${'a'.repeat(64)}.example.com`],
  ])('answers 404 in JSON for %s', async (_, domain) => {
    const reply = await t.ask(domain);
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body).error).toMatchObject({ code: 'not_found', message: expect.any(String) });
  });

  it('says what to send when the domain is missing', async () => {
    const reply = await t.ask('');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body).error.message).toContain('?domain=');
  });

  it('refuses requests Caddy proxied from visitors (X-Forwarded-For), so nobody outside lists the names', async () => {
    const reply = await t.ask('site.localhost', { 'x-forwarded-for': '203.0.113.9' });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body).error.code).toBe('forbidden');
  });

  it('answers a warm name synchronously from the edge cache', async () => {
    await t.ask('site.localhost');
    expect(t.edge.serves('site.localhost')).toBe(true);
    expect(t.edge.serves('never-asked-before.localhost')).toBeInstanceOf(Promise);
  });

  it('follows alias events: a new domain gets a certificate at once, a removed one no longer', async () => {
    const id = await t.deploy({ host: 'shop-a1b2c3', files: { 'index.html': 'shop' } });
    expect((await t.ask('shop.example.net')).status).toBe(404);
    await t.alias('shop.example.net', id);
    t.events.emit('alias', 'shop.example.net');
    expect((await t.ask('shop.example.net')).status).toBe(200);

    await t.database.db.delete(schema.aliases).where(eq(schema.aliases.host, 'shop.example.net'));
    expect((await t.ask('shop.example.net')).status).toBe(200); // cached until the event
    t.events.emit('alias', 'shop.example.net');
    expect((await t.ask('shop.example.net')).status).toBe(404);
  });

  it('follows a production alias that moves to another project deployment and back', async () => {
    const first = await t.deploy({ host: 'docs-a1a1a1', files: { 'index.html': 'one' } });
    const second = await t.deploy({ host: 'docs-b2b2b2', files: { 'index.html': 'two' } });
    await t.alias('docs', first);
    expect((await t.ask('docs.localhost')).status).toBe(200);
    await t.alias('docs', second);
    t.events.emit('alias', 'docs');
    expect((await t.ask('docs.localhost')).status).toBe(200);
    await t.database.db.delete(schema.aliases).where(eq(schema.aliases.host, 'docs'));
    t.events.emit('alias', 'docs');
    expect((await t.ask('docs.localhost')).status).toBe(404);
  });
});
