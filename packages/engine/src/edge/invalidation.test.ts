// A production host follows promote and rollback: the edge caches host lookups, and an alias event
// (in-process emitter, or PostgreSQL NOTIFY from another process) makes the next request see the move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge } from './fixture';

type Fixture = Awaited<ReturnType<typeof startEdge>>;

/** Two deployments of one project; `label` (its production host) points at the first. */
async function twoDeployments(t: Fixture, label: string) {
  const first = await t.deploy({ host: `${label}-aaa111`, files: { 'index.html': `${label} one` } });
  const second = await t.deploy({ host: `${label}-bbb222`, files: { 'index.html': `${label} two` } });
  await t.alias(label, first);
  return { first, second };
}

const body = async (t: Fixture, host: string) => (await t.get(host, '/')).body.toString();

describe('alias moves in this process', () => {
  let t: Fixture;
  beforeAll(async () => {
    t = await startEdge();
  });
  afterAll(() => t.close());

  it('keeps serving the cached deployment until the alias event, then the promoted one', async () => {
    const { first, second } = await twoDeployments(t, 'shop');
    expect(await body(t, 'shop.localhost')).toBe('shop one');
    await t.alias('shop', second);
    expect(await body(t, 'shop.localhost')).toBe('shop one');
    t.events.emit('alias', 'shop');
    expect(await body(t, 'shop.localhost')).toBe('shop two');
    expect(await body(t, 'shop.localhost:3000')).toBe('shop two');
    await t.alias('shop', first);
    t.events.emit('alias', 'shop');
    expect(await body(t, 'shop.localhost')).toBe('shop one');
    expect(await body(t, 'shop-bbb222.localhost')).toBe('shop two');
  });

  it('leaves other hosts cached when one label moves', async () => {
    const { second } = await twoDeployments(t, 'blog');
    expect(await body(t, 'blog.localhost')).toBe('blog one');
    await t.alias('blog', second);
    t.events.emit('alias', 'docs');
    expect(await body(t, 'blog.localhost')).toBe('blog one');
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'alias moves in another process (PostgreSQL only: PGlite runs in one process)',
  () => {
    let t: Fixture;
    beforeAll(async () => {
      t = await startEdge({ databaseUrl: true });
      await t.edge.ready;
    });
    afterAll(() => t.close());

    it('follows NOTIFY nimbus_alias', async () => {
      const { second } = await twoDeployments(t, 'shop');
      expect(await body(t, 'shop.localhost')).toBe('shop one');
      await t.alias('shop', second);
      await t.database.execute(`select pg_notify('nimbus_alias', 'shop')`);
      await expect.poll(() => body(t, 'shop.localhost'), { timeout: 5_000, interval: 50 }).toBe('shop two');
    });
  },
);
