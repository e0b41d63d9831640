// Visitor hashes, the daily salt every process shares, and who is never counted.
import type { IncomingMessage } from 'node:http';
import { schema } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksNotToTrack, createSaltKeeper, isBotAgent, visitorHash } from './privacy';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('visitor hash', () => {
  it('is the same for the same visitor on the same day and host, and tells nothing of the IP', () => {
    const a = visitorHash('salt-1', '203.0.113.7', CHROME, 'shop.localhost');
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash('salt-1', '203.0.113.7', CHROME, 'shop.localhost')).toBe(a);
    expect(a).not.toContain('203');
  });

  it('changes with the salt, the address, the browser and the host', () => {
    const a = visitorHash('salt-1', '203.0.113.7', CHROME, 'shop.localhost');
    expect(visitorHash('salt-2', '203.0.113.7', CHROME, 'shop.localhost')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.8', CHROME, 'shop.localhost')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.7', `${CHROME} Edg/131`, 'shop.localhost')).not.toBe(a);
    expect(visitorHash('salt-1', '203.0.113.7', CHROME, 'blog.localhost')).not.toBe(a);
  });
});

describe('daily salt', () => {
  it('is shared by every process on a day, new the next day, and the old one is deleted', async () => {
    const day1 = new Date('2026-03-01T10:00:00Z');
    const one = createSaltKeeper(database.db);
    const two = createSaltKeeper(database.db);
    const [a, b] = await Promise.all([one.get(day1), two.get(day1)]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    // Known now: answered without the database.
    expect(one.get(new Date('2026-03-01T23:59:59Z'))).toBe(a);

    const next = await one.get(new Date('2026-03-02T00:00:01Z'));
    expect(next).not.toBe(a);
    const rows = await database.db.select().from(schema.webAnalyticsSalts);
    expect(rows.map((r) => r.day)).toEqual(['2026-03-02']);
    expect(await two.get(new Date('2026-03-02T08:00:00Z'))).toBe(next);
  });
});

describe('who is not counted', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it('drops crawlers, headless browsers and requests without a user agent', () => {
    expect(isBotAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(
      isBotAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0.0.0 Safari/537.36'),
    ).toBe(true);
    expect(isBotAgent('curl/8.5.0')).toBe(true);
    expect(isBotAgent('')).toBe(true);
    expect(isBotAgent(CHROME)).toBe(false);
  });

  it('reads Do Not Track and Global Privacy Control', () => {
    expect(asksNotToTrack(req({ dnt: '1' }))).toBe(true);
    expect(asksNotToTrack(req({ 'sec-gpc': '1' }))).toBe(true);
    expect(asksNotToTrack(req({ dnt: '0' }))).toBe(false);
    expect(asksNotToTrack(req({}))).toBe(false);
  });
});
